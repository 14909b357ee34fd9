// Stage 2, routing: which preprint server to search first. The configured LLM decides when there
// is one and its answer is valid; otherwise the heuristic model learned from preprint metadata.
import { fallbackWarning } from '../llm/fallback';
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
