// Whether the configured LLM and GROBID answer, for the status bar. Plain `fetch` with a short
// timeout, kept apart from the core on purpose: the status bar must not load dist/heavy.js, and
// must not touch the core's GROBID state (its liveness cache and queues serve running searches).
import type { Settings } from '../core/settings';

export interface ServiceState {
  ok: boolean;
  message: string;
}

const PROBE_TIMEOUT_MS = 3000;

function withTimeout(signal: AbortSignal): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]);
}

/** GET {llm.baseUrl}/models: reachable, and listing the configured model (when it lists any). */
export async function probeLlmService(settings: Settings, apiKey: string | undefined, signal: AbortSignal): Promise<ServiceState> {
  const model = settings['llm.model'].trim();
  const baseUrl = settings['llm.baseUrl'].trim().replace(/\/+$/, '');
  if (!model) return { ok: false, message: 'No LLM configured: heuristics in use.' };
  if (!baseUrl) return { ok: false, message: 'llm.baseUrl is empty: heuristics in use.' };
  const key = apiKey || settings['llm.apiKey'];
  try {
    const response = await fetch(`${baseUrl}/models`, {
      headers: { accept: 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      signal: withTimeout(signal),
    });
    if (!response.ok) return { ok: false, message: `LLM at ${baseUrl} answered HTTP ${response.status}.` };
    const ids = modelIds(await response.json().catch(() => null));
    if (ids.length > 0 && !ids.some((id) => id === model || id.split(':')[0] === model)) {
      return { ok: false, message: `LLM at ${baseUrl} has no model "${model}" (it lists ${ids.slice(0, 5).join(', ')}).` };
    }
    return { ok: true, message: `LLM ${model} at ${baseUrl}` };
  } catch {
    return { ok: false, message: `LLM at ${baseUrl} is not reachable: heuristics in use.` };
  }
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

function modelIds(body: unknown): string[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data.map((m) => (m as { id?: unknown }).id).filter((id): id is string => typeof id === 'string');
}
