// One claim through the pipeline for the published-search benchmark, and the naive baseline's
// query: the claim's own words as one user-edited query.
import type { FindInput, Pipeline } from '../../src/core/pipeline/index';
import type { Candidate, FindResult } from '../../src/core/types';

/** A pipeline on the benchmark's settings; `paced` keeps the product's own DBLP and Semantic Scholar spacing. */
export type PipelineFactory = (paced: boolean) => Pipeline;

export interface ClaimRun {
  candidates: Candidate[];
  queries: string[];
  warnings: string[];
  firstCandidatesMs?: number;
  totalMs: number;
  /** Each stage's time, for --trace. */
  stages: Record<string, number>;
  refused?: boolean;
}

/**
 * A dataset's plain-text claim as the LaTeX selection the pipeline reads: the characters LaTeX
 * treats as special escaped, so "5% of deaths" keeps its words after the % (a comment otherwise).
 */
export function latexSelection(claim: string): string {
  return claim.replace(/\\/g, ' ').replace(/([%&#$_])/g, '\\$1');
}

/** A run the pipeline refused (a claim too long, say): no candidates, the reason as its warning. */
function refused(error: unknown): ClaimRun {
  return { candidates: [], queries: [], warnings: [`refused: ${error instanceof Error ? error.message : String(error)}`], totalMs: 0, stages: {}, refused: true };
}

export async function runClaim(pipeline: Pipeline, input: FindInput): Promise<ClaimRun> {
  let result: FindResult;
  try {
    result = await pipeline.find(input);
  } catch (error) {
    return refused(error);
  }
  const { candidates, queries, warnings, timings } = result;
  return { candidates, queries, warnings, firstCandidatesMs: timings.firstCandidatesMs, totalMs: timings.totalMs, stages: timings.stages };
}

/**
 * The claim as one query, as a user would paste it into the query box: every word a keyword
 * (queries/text.ts parseQuery), with only the characters that box reads as syntax taken out
 * (`"` phrases, `;` years, a leading `+` or `au:`) so the words stay words.
 */
export function naiveQuery(claim: string): string {
  return claim
    .replace(/[";]/g, ' ')
    .replace(/(^|\s)(?:\+|au:)+/gi, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
