// Stage 2, routing: which preprint server to search first. The configured LLM decides when there
// is one and its answer is valid; otherwise the heuristic model learned from preprint metadata.
import { isAbortError } from '../net/types';
import type { LlmClient } from '../llm/types';
import type { Claim, RoutingDecision } from '../types';
import { routeHeuristically } from './heuristic';
import { routeWithLlm } from './llm';

export { routeHeuristically } from './heuristic';
export { routeWithLlm, validateRouting, RoutingAnswerError } from './llm';
export { REPOSITORY_OF, DEFAULT_SECONDARY, DISCIPLINES } from './repositories';

export async function route(
  claim: Claim,
  llm: LlmClient | null,
  warn: (message: string) => void,
  signal?: AbortSignal,
): Promise<RoutingDecision> {
  if (llm) {
    try {
      return await routeWithLlm(claim, llm, signal);
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      warn(fallbackWarning('Routing', error));
    }
  }
  return routeHeuristically(claim);
}

/**
 * An unreachable LLM yields the same text from every stage (so the pipeline can show it once);
 * a bad answer names the stage.
 */
export function fallbackWarning(stage: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && error.name === 'LlmUnavailableError') return `${message} Using the heuristics instead.`;
  return `${stage}: the LLM's answer was unusable (${message}); used the heuristic instead.`;
}
