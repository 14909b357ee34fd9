// Stage 3, queries: keywords to search for, one query per claim sentence plus a combined one.
// Written by the configured LLM in one batched call when there is one, else by keyphrase
// extraction. A query holds keywords only: never a sentence of the claim or of its context.
import { fallbackWarning } from '../llm/fallback';
import type { LlmClient } from '../llm/types';
import { isAbortError } from '../net/types';
import type { Claim, Query } from '../types';
import { heuristicQueries, keyphrases, MAX_SENTENCE_QUERIES } from './keyphrases';
import { cleanKeywords, queriesWithLlm } from './llm';
import { cachedQueries } from './cache';
import { quickChunkSentence } from './quickChunks';

export { heuristicQueries, keyphrases } from './keyphrases';
export { queriesWithLlm, readQueries, cleanKeywords } from './llm';

export interface GeneratedQueries {
  queries: Query[];
  by: 'llm' | 'heuristic';
}

export async function generateQueries(
  claim: Claim,
  llm: LlmClient | null,
  warn: (message: string) => void,
  signal?: AbortSignal,
  /** Where heuristic queries are kept for a repeat of the same claim; undefined = nowhere. */
  cacheDir?: string,
): Promise<GeneratedQueries> {
  const sentences = claim.sentences.length > 0 ? claim.sentences : [claim.text];
  if (llm) {
    try {
      const fromLlm = await queriesWithLlm(claim, sentences, llm, signal);
      return { queries: finish(completeFromHeuristics(fromLlm, sentences)), by: 'llm' };
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      warn(fallbackWarning('Queries', error));
    }
  }
  // Without the part-of-speech tagger (quickChunks.ts): its lexicon would hold the first request
  // back by 250–600 ms in a new process, and bench/queries.ts finds the same papers without it.
  return { queries: await cachedQueries(cacheDir, sentences, () => finish(heuristicQueries(sentences, quickChunkSentence))), by: 'heuristic' };
}

/** Keeps the model's queries for the first sentences and fills any sentence it skipped. */
function completeFromHeuristics(fromLlm: Query[], sentences: string[]): Query[] {
  const perSentence: Query[] = [];
  for (let i = 0; i < Math.min(sentences.length, MAX_SENTENCE_QUERIES); i++) {
    const query = fromLlm.find((q) => q.sentence === i);
    const keywords = query?.keywords ?? keyphrases(sentences[i]!);
    if (keywords.length > 0) perSentence.push({ keywords, sentence: i });
  }
  return [...perSentence, ...fromLlm.filter((q) => q.sentence === undefined)];
}

/** Same cleaning for every source of keywords, and no two queries with the same keywords. */
function finish(queries: Query[]): Query[] {
  const out: Query[] = [];
  for (const query of queries) {
    const keywords = cleanKeywords(query.keywords);
    const key = keywords.map((k) => k.toLowerCase()).sort().join('\n');
    if (keywords.length === 0 || out.some((q) => q.keywords.map((k) => k.toLowerCase()).sort().join('\n') === key)) continue;
    out.push(query.sentence === undefined ? { keywords } : { keywords, sentence: query.sentence });
  }
  return out;
}
