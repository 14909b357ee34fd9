// One claim through the pipeline for the published-search benchmark, and the naive baseline's
// query: the claim's own words as one user-edited query.
import type { FindInput, Pipeline } from '../../src/core/pipeline/index';
import type { Candidate } from '../../src/core/types';

/** A pipeline on the benchmark's settings; `paced` keeps the product's own DBLP and Semantic Scholar spacing. */
export type PipelineFactory = (paced: boolean) => Pipeline;

export interface ClaimRun {
  candidates: Candidate[];
  queries: string[];
  warnings: string[];
  firstCandidatesMs?: number;
}

export async function runClaim(pipeline: Pipeline, input: FindInput): Promise<ClaimRun> {
  const result = await pipeline.find(input);
  const { candidates, queries, warnings, timings } = result;
  return { candidates, queries, warnings, firstCandidatesMs: timings.firstCandidatesMs };
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
