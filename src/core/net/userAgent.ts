// The User-Agent each service sees. Crossref puts clients that give a contact address
// (`mailto:` in the User-Agent) in its "polite pool", with more room and fewer refusals; the
// address is the user's choice (`sources.crossref.mailto`) and goes to Crossref only.
import type { Settings } from '../settings';
import type { ServiceName } from './types';

/** A plain e-mail address, nothing that could break out of a header. */
const MAILTO = /^[^\s@<>()"';,]+@[^\s@<>()"';,]+\.[^\s@<>()"';,]+$/;

/** `citefinder/1.2 (+https://…)` → `citefinder/1.2 (+https://…; mailto:me@example.org)` for Crossref. */
export function userAgentFor(service: ServiceName, base: string, settings: Settings): string {
  if (service !== 'crossref') return base;
  const mailto = settings['sources.crossref.mailto']?.trim() ?? '';
  if (!MAILTO.test(mailto)) return base;
  return base.endsWith(')') ? `${base.slice(0, -1)}; mailto:${mailto})` : `${base} (mailto:${mailto})`;
}
