// Which registration agency holds a DOI, learned per prefix from doi.org's "Which RA?" answer
// (`https://doi.org/ra/10.1101` → `[{"DOI":"10.1101","RA":"Crossref"}]`). A prefix belongs to one
// agency for good, so its DOIs' BibTeX can be asked of that agency directly: one round trip, where
// doi.org answers 302 to the same agency first (two). A list of known prefixes goes stale (bioRxiv
// and medRxiv moved to 10.64898 and went through doi.org's redirect); the answer is asked once per
// prefix, kept by the HTTP client's cache like any answer and remembered by this process. When
// doi.org cannot say (an error, an agency other than Crossref or DataCite), the DOI goes through
// doi.org's content negotiation, which knows every agency.
import type { CoreDeps } from '../deps';
import { isAbortError } from '../net/types';

export type RegistrationAgency = 'crossref' | 'datacite';

/** An agency's name in doi.org's answer, lower-cased, to the agencies whose BibTeX is asked directly. */
const DIRECT: Readonly<Record<string, RegistrationAgency>> = { crossref: 'crossref', datacite: 'datacite' };

/** Answers being had or had, by doi.org address and prefix: each prefix is asked once per process. */
const learned = new Map<string, Promise<RegistrationAgency | undefined>>();

/** Forgets what this process learned (tests: a new stand-in may reuse an old one's port). */
export function resetRegistrationAgencies(): void {
  learned.clear();
}

/** The DOI's prefix ("10.1101"), or undefined when it is not a DOI. */
export function doiPrefix(doi: string): string | undefined {
  const prefix = doi.slice(0, doi.indexOf('/'));
  return /^10\.\d{4,9}$/.test(prefix) ? prefix : undefined;
}

/** The agency that registered `doi`, from doi.org's answer for its prefix; undefined when it cannot say. */
export async function registrationAgency(doi: string, deps: CoreDeps): Promise<RegistrationAgency | undefined> {
  const prefix = doiPrefix(doi);
  const doiUrl = (deps.settings['sources.doi.url'] ?? '').replace(/\/+$/, '');
  if (!prefix || !doiUrl) return undefined;
  const key = `${doiUrl} ${prefix}`;
  let answer = learned.get(key);
  if (!answer) {
    answer = askDoiOrg(`${doiUrl}/ra/${prefix}`, deps);
    learned.set(key, answer);
    // A failure is not an answer: the next DOI of this prefix asks again.
    void answer.then((agency) => agency === undefined && learned.delete(key), () => learned.delete(key));
  }
  return answer;
}

/** The agencies of several DOIs, asked side by side. */
export async function registrationAgencies(dois: string[], deps: CoreDeps): Promise<Map<string, RegistrationAgency | undefined>> {
  const agencies = await Promise.all(dois.map((doi) => registrationAgency(doi, deps)));
  return new Map(dois.map((doi, i) => [doi, agencies[i]]));
}

async function askDoiOrg(url: string, deps: CoreDeps): Promise<RegistrationAgency | undefined> {
  try {
    const response = await deps.http.request({ service: 'doi', url, accept: 'application/json', signal: deps.signal });
    return agencyOfAnswer(JSON.parse(response.text()));
  } catch (error) {
    if (isAbortError(error) || deps.signal?.aborted) throw error;
    return undefined;
  }
}

/** `[{"DOI":"10.1101","RA":"Crossref"}]` → 'crossref'; "DOI does not exist", "Invalid DOI" or another agency → undefined. */
export function agencyOfAnswer(answer: unknown): RegistrationAgency | undefined {
  const first: unknown = Array.isArray(answer) ? answer[0] : undefined;
  const ra = first && typeof first === 'object' ? (first as { RA?: unknown }).RA : undefined;
  return typeof ra === 'string' ? DIRECT[ra.trim().toLowerCase()] : undefined;
}
