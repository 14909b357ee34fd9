// The one warning a stage gives when it could not use the LLM and used its heuristic instead.
import { LlmUnavailableError } from './types';
import { PromptTooLongError } from './window';

/**
 * An unreachable or failing endpoint yields the same text from every stage, so the pipeline can
 * show it once; an unusable answer names the stage.
 */
export function fallbackWarning(stage: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof LlmUnavailableError) return `${message} Using the heuristics instead.`;
  if (error instanceof PromptTooLongError) return `${stage}: ${message} Used the heuristic instead.`;
  return `${stage}: the LLM's answer was unusable (${message}); used the heuristic instead.`;
}
