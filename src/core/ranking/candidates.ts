// Ranks merged candidates as the BibSonomy plugin does: BM25 relevance of each candidate's
// title and abstract to the query and claim terms, plus a bonus when several queries and several
// repositories agree on it. Primary queries weigh more than supplementary ones.
import type { Candidate, Query } from '../types';
import { SCORING_TOKENS, stems } from '../text/tokens';
import { bm25Idf, lengthNorm, saturatedTf, type Bm25Params } from './bm25';

const BM25: Readonly<Bm25Params> = { k1: 1.2, b: 0.75 };
/** The title counts this many times in the document: it says what the paper is about. */
const TITLE_BOOST = 2;
/** Weight of claim terms next to a primary query's (1) and a supplementary query's. */
const CLAIM_WEIGHT = 0.5;
export const PRIMARY_QUERY_WEIGHT = 1;
export const SUPPLEMENTARY_QUERY_WEIGHT = 0.5;
/** Share of the final score: relevance, query agreement, repository agreement. */
const MIX = { relevance: 0.7, queries: 0.2, sources: 0.1 };

/**
 * The first query of each claim sentence (or the first query overall, for queries tied to no
 * sentence) is primary; the broader or alternative ones after it are supplementary.
 */
export function queryWeights(queries: Query[]): number[] {
  const seen = new Set<number | undefined>();
  return queries.map((q) => {
    if (seen.has(q.sentence)) return SUPPLEMENTARY_QUERY_WEIGHT;
    seen.add(q.sentence);
    return PRIMARY_QUERY_WEIGHT;
  });
}

/** Sets `retrievalScore` (0–1) on each candidate; best first, ties kept in input order, then by id. */
export function rankCandidates(candidates: Candidate[], queries: Query[], claimText: string): Candidate[] {
  const weights = queryWeights(queries);
  const termWeights = weightedTerms(queries, weights, claimText);
  const docs = candidates.map(documentTerms);
  const bm25 = bm25Scores(docs, termWeights);
  const best = Math.max(0, ...bm25);
  const totalQueryWeight = weights.reduce((a, b) => a + b, 0);
  return candidates
    .map((candidate, index) => {
      const relevance = best > 0 ? bm25[index] / best : 0;
      const matchedWeight = candidate.matchedQueries.reduce((sum, q) => sum + (weights[q] ?? 0), 0);
      const queryAgreement = totalQueryWeight > 0 ? Math.min(1, matchedWeight / totalQueryWeight) : 0;
      const sourceAgreement = new Set(candidate.sources).size > 1 ? 1 : 0;
      const score = MIX.relevance * relevance + MIX.queries * queryAgreement + MIX.sources * sourceAgreement;
      return { candidate: { ...candidate, retrievalScore: round(score) }, index };
    })
    .sort(
      (a, b) =>
        b.candidate.retrievalScore - a.candidate.retrievalScore ||
        a.index - b.index ||
        a.candidate.id.localeCompare(b.candidate.id),
    )
    .map(({ candidate }) => candidate);
}

function weightedTerms(queries: Query[], weights: number[], claimText: string): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (words: string[], weight: number) => {
    for (const term of new Set(words)) terms.set(term, (terms.get(term) ?? 0) + weight);
  };
  queries.forEach((q, i) => add(stems(q.keywords.join(' '), SCORING_TOKENS), weights[i]));
  add(stems(claimText, SCORING_TOKENS), CLAIM_WEIGHT);
  return terms;
}

/**
 * Each text's terms, kept: the store ranks all its candidates again at every search answer and
 * enrichment, and a candidate's title and abstract rarely change in between.
 */
const termsByText = new Map<string, string[]>();
const MAX_TEXTS = 2000;

function documentTerms(candidate: Candidate): string[] {
  const key = `${candidate.title}\u0000${candidate.abstract ?? ''}`;
  let terms = termsByText.get(key);
  if (!terms) {
    const title = stems(candidate.title, SCORING_TOKENS);
    const boosted = Array.from({ length: TITLE_BOOST }, () => title).flat();
    terms = [...boosted, ...stems(candidate.abstract ?? '', SCORING_TOKENS)];
    if (termsByText.size >= MAX_TEXTS) termsByText.clear();
    termsByText.set(key, terms);
  }
  return terms;
}

/** Okapi BM25 with the query-term weights, idf taken over the candidates themselves. */
function bm25Scores(docs: string[][], termWeights: Map<string, number>): number[] {
  const n = docs.length;
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, n) || 1;
  const frequencies = docs.map((doc) => {
    const tf = new Map<string, number>();
    for (const term of doc) tf.set(term, (tf.get(term) ?? 0) + 1);
    return tf;
  });
  const documentFrequency = new Map<string, number>();
  for (const tf of frequencies) for (const term of tf.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  return frequencies.map((tf, i) => {
    let score = 0;
    for (const [term, weight] of termWeights) {
      const f = tf.get(term);
      if (!f) continue;
      const idf = bm25Idf(n, documentFrequency.get(term) ?? 0);
      score += weight * idf * saturatedTf(f, lengthNorm(docs[i].length, avgLength, BM25), BM25.k1);
    }
    return score;
  });
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
