// Whether the configured LLM answers and lists the model: a plain `fetch` of {baseUrl}/models.
// Kept free of the openai package so the editor's status bar can use it without loading the core.
import type { Settings } from '../settings/index';
import { contextWindowTokens } from './window';

const PROBE_TIMEOUT_MS = 3000;

export interface LlmProbe {
  ok: boolean;
  message: string;
}

/** GET {baseUrl}/models with a short timeout. Never throws. */
export async function probeLlm(settings: Settings, apiKey?: string, signal?: AbortSignal): Promise<LlmProbe> {
  const model = settings['llm.model'].trim();
  const baseUrl = settings['llm.baseUrl'].trim().replace(/\/+$/, '');
  if (!model) return { ok: false, message: 'No LLM configured: heuristics in use.' };
  if (!baseUrl) return { ok: false, message: 'llm.baseUrl is empty: heuristics in use.' };
  const key = apiKey || settings['llm.apiKey'];
  const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  try {
    const response = await fetch(`${baseUrl}/models`, {
      headers: { accept: 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) return { ok: false, message: `LLM at ${baseUrl} answered HTTP ${response.status}.` };
    const ids = modelIds(await response.json().catch(() => null));
    if (ids.length > 0 && !ids.some((id) => id === model || id.split(':')[0] === model)) {
      return { ok: false, message: `LLM at ${baseUrl} has no model "${model}" (it lists ${ids.slice(0, 5).join(', ')}).` };
    }
    const window = contextWindowTokens(settings);
    const fitted = Number.isFinite(window) ? ` (prompts fitted to a window of ${window.toLocaleString('en-US')} tokens)` : '';
    return { ok: true, message: `LLM ${model} at ${baseUrl}${fitted}` };
  } catch {
    return { ok: false, message: `LLM at ${baseUrl} is not reachable: heuristics in use.` };
  }
}

function modelIds(body: unknown): string[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data.map((m) => (m as { id?: unknown }).id).filter((id): id is string => typeof id === 'string');
}
