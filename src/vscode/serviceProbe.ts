// Whether the configured LLM and GROBID answer, for the status bar: plain `fetch` with a short
// timeout (the LLM probe is the core's dependency-free one). The status bar must not load
// dist/heavy.js, nor touch the core's GROBID state (its liveness cache and queues serve searches).
import type { Settings } from '../core/settings/index';
import { probeLlm } from '../core/llm/probe';

export interface ServiceState {
  ok: boolean;
  message: string;
}

const PROBE_TIMEOUT_MS = 3000;

function withTimeout(signal: AbortSignal): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]);
}

/** The core's probe (a plain fetch, no openai package), with the status bar's cancellation. */
export function probeLlmService(settings: Settings, apiKey: string | undefined, signal: AbortSignal): Promise<ServiceState> {
  return probeLlm(settings, apiKey, signal);
}

/** GET {grobid.url}/api/isalive; GROBID off (or no URL) is reported without a request. */
export async function probeGrobidService(settings: Settings, signal: AbortSignal): Promise<ServiceState> {
  const url = settings['grobid.url'].trim().replace(/\/+$/, '');
  if (!settings['grobid.enabled'] || !url) return { ok: false, message: 'GROBID is off: PDFs are read with pdf.js.' };
  try {
    const response = await fetch(`${url}/api/isalive`, { signal: withTimeout(signal) });
    const body = (await response.text()).trim().toLowerCase();
    if (response.ok && body !== 'false') return { ok: true, message: `GROBID at ${url}` };
  } catch {
    // not reachable: reported below
  }
  return { ok: false, message: `GROBID at ${url} is not reachable: PDFs are read with pdf.js.` };
}
