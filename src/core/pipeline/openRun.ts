// A run's first steps, up to the kept result's lookup (resultKey.ts).
import type { Claim, FindResult } from '../types';
import type { Settings } from '../settings/index';
import type { Run } from './run';
import { parseClaim } from '../claim';
import { NO_LLM_WARNING, readResult, resultKey, type RunInput } from './resultKey';

/** Where and by which clock a kept result is looked up. */
export interface KeptLookup {
  dir: string;
  now: () => number;
}

/**
 * A run's first steps: the claim read and told, the no-LLM warning (the CLI's light entry gives
 * it too, kept.ts), and (with `lookup`) the kept result looked up by its key.
 */
export async function openRun(
  input: RunInput,
  settings: Settings,
  hasLlm: boolean,
  run: Run,
  lookup?: KeptLookup,
): Promise<{ claim: Claim; key?: string; kept?: FindResult }> {
  const claim = run.timeSync('claim', () => parseClaim(input.selection, input.document, input.selectionOffset, input.root));
  run.emit({ type: 'claim', claim });
  if (!hasLlm) run.warn(NO_LLM_WARNING);
  if (!lookup) return { claim };
  const key = resultKey({ claim, queries: input.queries, settings });
  const kept = await run.time('result', () => readResult(lookup.dir, key, lookup.now()));
  return { claim, key, kept };
}
