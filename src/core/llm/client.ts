// Which LLM client a run gets: none without a model (heuristics take over), else one over the
// OpenAI-compatible endpoint. The openai package is loaded only then: its modules touch fetch's
// classes as they load, which costs every CLI process ~20 ms of start-up that most never use.
import type { Settings } from '../settings/index';
import type { LlmClient } from './types';
import { contextWindowTokens, withWindow } from './window';

export { probeLlm, type LlmProbe } from './probe';

/** Whether the settings name a model and an endpoint: without both, no LLM is asked. */
export function hasLlm(settings: Settings): boolean {
  return Boolean(settings['llm.model'].trim() && settings['llm.baseUrl'].trim().replace(/\/+$/, ''));
}

/** Returns null when no model is configured (heuristics take over). */
export function createLlmClient(settings: Settings, apiKey?: string): LlmClient | null {
  if (!hasLlm(settings)) return null;
  const model = settings['llm.model'].trim();
  const baseURL = settings['llm.baseUrl'].trim().replace(/\/+$/, '');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (above)
  const { openAiCompatibleClient } = require('./openai') as typeof import('./openai');
  return withWindow(openAiCompatibleClient(settings, model, baseURL, apiKey), contextWindowTokens(settings));
}
