// Ranks merged candidates as the BibSonomy plugin does: BM25 relevance of each candidate's
// title and abstract to the query and claim terms (and the claim's word pairs it writes side by
// side), plus a bonus when several queries and several repositories agree on it. Primary queries
// weigh more than supplementary ones. Two signals the candidates alone cannot give are mixed in
// (SciFact dev and CL-SciSumm train, docs/published-bench.md): how rare a term is in scientific
// text at large, beside its rarity among the candidates (which all share the claim's words), and
// the services' own order, which knows full texts, citations and titles we do not see.
import type { Candidate, Query } from '../types';
import { SCORING_TOKENS, stems } from '../text/tokens';
import { bm25Idf, lengthNorm, saturatedTf, type Bm25Params } from './bm25';
import { scientificIdf } from '../scoring/termStats';
import { authorsNamed, namedAuthorShare, namedAuthors } from './namedAuthors';
import { bareRecordReason } from './bareRecords';

/**
 * k1 2.5 (was 1.2, then 2): a repeated claim word keeps counting longer, so an abstract that keeps
 * returning to the claim's subject outranks one that names it once among many of its words.
 */
const BM25: Readonly<Bm25Params> = { k1: 2.5, b: 0.75 };
/**
 * How much a term's rarity in scientific text at large weighs in its IDF, against its rarity among
 * the candidates (which were all found by the claim's words, so those look common exactly when
 * they matter). Was 0.5, then 0.75. With k1 2.5 and 0.85 the pipeline's order is above the naive
 * baseline's on all three figures of both dev sets; 0.75 left SciFact dev's MRR 0.001 under it.
 */
const SCIENTIFIC_IDF_SHARE = 0.85;
/** The title counts this many times in the document: it says what the paper is about. */
const TITLE_BOOST = 2;
/** Weight of claim terms next to a primary query's (1) and a supplementary query's. */
const CLAIM_WEIGHT = 1;
export const PRIMARY_QUERY_WEIGHT = 1;
export const SUPPLEMENTARY_QUERY_WEIGHT = 0.5;
/** Share of the final score: relevance, the services' order, query agreement, repository agreement. */
const MIX = { relevance: 0.55, sourceOrder: 0.15, queries: 0.2, sources: 0.1 };
/**
 * Added for a work by the authors the claim names ("unlike Green and Manning, …"), times the share
 * of those names among its authors: such a work may share no word with the sentence. At 1 a work
 * by all of them comes before every work by none. CL-SciSumm train, first 300 citances, s@10 /
 * MRR: 0.657 / 0.504 without; 0.3 0.683 / 0.539; 0.45 0.697 / 0.550; 0.6 0.707 / 0.568; 1 0.707 / 0.585.
 */
const NAMED_AUTHOR_WEIGHT = 1;
/**
 * Weight of the claim's word pairs found side by side, beside BM25's 1 (withClaimPairs). SciFact dev
 * and CL-SciSumm train, success@5 / @10 / MRR: 0 gave 0.773 / 0.857 / 0.643 and 0.705 / 0.761 /
 * 0.629; 0.1 0.793 / 0.857 / 0.643 on SciFact; 0.15 0.793 / 0.857 / 0.645 and 0.715 / 0.758 / 0.635;
 * 0.3 0.797 / 0.850 / 0.642 and 0.717 / 0.757 / 0.635.
 */
const CLAIM_PAIR_WEIGHT = 0.15;
/** Reciprocal-rank fusion's damping: a service's 1st and 5th hit differ, its 30th and 35th hardly. */
const RANK_DAMPING = 10;

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

/**
 * Sets `retrievalScore` (0–1) on each candidate; best first, ties kept in input order, then by id.
 * A record too thin to stand for a paper (bareRecords.ts) comes after every other, whatever its score.
 */
export function rankCandidates(candidates: Candidate[], queries: Query[], claimText: string): Candidate[] {
  const weights = queryWeights(queries);
  const termWeights = weightedTerms(queries, weights, claimText);
  const relevance = withClaimPairs(relevanceScores(candidates, termWeights), candidates, claimText);
  const order = candidates.map(fusedRank);
  const bestOrder = Math.max(0, ...order);
  const totalQueryWeight = weights.reduce((a, b) => a + b, 0);
  const named = namedAuthors(claimText);
  // With names the bonus is in the sum: divided back into 0–1 (the card shows it as a percentage),
  // which keeps the order the sum gives.
  const scale = named.length > 0 ? 1 + NAMED_AUTHOR_WEIGHT : 1;
  return candidates
    .map((candidate, index) => {
      const matchedWeight = candidate.matchedQueries.reduce((sum, q) => sum + (weights[q] ?? 0), 0);
      const queryAgreement = totalQueryWeight > 0 ? Math.min(1, matchedWeight / totalQueryWeight) : 0;
      const sourceAgreement = new Set(candidate.sources).size > 1 ? 1 : 0;
      const sourceOrder = bestOrder > 0 ? order[index] / bestOrder : 0;
      const score =
        MIX.relevance * relevance[index] + MIX.sourceOrder * sourceOrder + MIX.queries * queryAgreement + MIX.sources * sourceAgreement +
        NAMED_AUTHOR_WEIGHT * namedAuthorShare(named, candidate.authors);
      const ranked = withNamedAuthors({ ...candidate, retrievalScore: round(score / scale) }, authorsNamed(named, candidate.authors));
      return { candidate: ranked, index, bare: bareRecordReason(candidate) !== undefined };
    })
    .sort(
      (a, b) =>
        Number(a.bare) - Number(b.bare) ||
        b.candidate.retrievalScore - a.candidate.retrievalScore ||
        a.index - b.index ||
        a.candidate.id.localeCompare(b.candidate.id),
    )
    .map(({ candidate }) => candidate);
}

/** The card says which of its authors the claim names: that may be all it shares with the claim. */
function withNamedAuthors(candidate: Candidate, named: string[]): Candidate {
  if (named.length > 0) return { ...candidate, namedInClaim: named };
  if (!candidate.namedInClaim) return candidate;
  const { namedInClaim: _dropped, ...rest } = candidate;
  return rest;
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

function keptTerms(key: string, make: () => string[]): string[] {
  let terms = termsByText.get(key);
  if (!terms) {
    terms = make();
    if (termsByText.size >= MAX_TEXTS) termsByText.clear();
    termsByText.set(key, terms);
  }
  return terms;
}

function documentTerms(candidate: Candidate): string[] {
  return keptTerms(`${candidate.title}\u0000${candidate.abstract ?? ''}`, () => {
    const title = stems(candidate.title, SCORING_TOKENS);
    return [...Array.from({ length: TITLE_BOOST }, () => title).flat(), ...stems(candidate.abstract ?? '', SCORING_TOKENS)];
  });
}

/** A title's terms alone, kept under a key no whole text has. */
function titleTerms(candidate: Candidate): string[] {
  return keptTerms(`\u0001${candidate.title}`, () => stems(candidate.title, SCORING_TOKENS));
}

/**
 * Each candidate's BM25 against the claim and queries, 0–1 (the best is 1). A record without an
 * abstract is scored by its title against the other titles instead, when that is higher: DBLP
 * never sends abstracts and Semantic Scholar lacks many, so the abstract's words would otherwise
 * count against a work only for being missing (CL-SciSumm train, docs/published-bench.md).
 */
function relevanceScores(candidates: Candidate[], termWeights: Map<string, number>): number[] {
  const docs = candidates.map(documentTerms);
  const idf = termIdfs(docs, termWeights);
  const full = normalised(bm25Scores(docs, termWeights, idf));
  if (candidates.every((c) => c.abstract)) return full;
  const titles = normalised(bm25Scores(candidates.map(titleTerms), termWeights, idf));
  return full.map((score, i) => (candidates[i].abstract ? score : Math.max(score, titles[i])));
}

/**
 * Relevance raised by the share of the claim's neighbouring word pairs (stopwords left out) that a
 * title or abstract also writes side by side, the best share counting CLAIM_PAIR_WEIGHT: "in the
 * development of cardiovascular disease" written as the claim writes it tells more than the same
 * words scattered, which BM25 cannot see. The order is then normalised back to 0–1.
 */
function withClaimPairs(relevance: number[], candidates: Candidate[], claimText: string): number[] {
  const claim = stems(claimText, SCORING_TOKENS);
  const pairs = new Set(claim.slice(1).map((word, i) => `${claim[i]} ${word}`));
  if (pairs.size === 0) return relevance;
  const shares = normalised(candidates.map((c) => sharedPairs(documentPairs(c), pairs)));
  // A record without an abstract is measured against the other titles, as relevanceScores does.
  const titleShares = candidates.every((c) => c.abstract) ? shares : normalised(candidates.map((c) => sharedPairs(titlePairs(c), pairs)));
  const shareOf = (i: number) => (candidates[i].abstract ? shares[i] : Math.max(shares[i], titleShares[i]));
  return normalised(relevance.map((score, i) => score + CLAIM_PAIR_WEIGHT * shareOf(i)));
}

function sharedPairs(text: Set<string>, claim: Set<string>): number {
  let shared = 0;
  for (const pair of claim) if (text.has(pair)) shared += 1;
  return shared;
}

/** Each text's neighbouring word pairs, kept as its terms are: the store ranks again at every answer. */
const pairsByText = new Map<string, Set<string>>();

function keptPairs(key: string, terms: () => string[]): Set<string> {
  let pairs = pairsByText.get(key);
  if (!pairs) {
    const words = terms();
    pairs = new Set(words.slice(1).map((word, i) => `${words[i]} ${word}`));
    if (pairsByText.size >= MAX_TEXTS) pairsByText.clear();
    pairsByText.set(key, pairs);
  }
  return pairs;
}

function documentPairs(candidate: Candidate): Set<string> {
  return keptPairs(`${candidate.title}\u0000${candidate.abstract ?? ''}`, () => documentTerms(candidate));
}

function titlePairs(candidate: Candidate): Set<string> {
  return keptPairs(`\u0001${candidate.title}`, () => titleTerms(candidate));
}

function normalised(scores: number[]): number[] {
  const best = Math.max(0, ...scores);
  return scores.map((s) => (best > 0 ? s / best : 0));
}

/** Reciprocal-rank fusion of the positions each source gave the work. */
function fusedRank(candidate: Candidate): number {
  return Object.values(candidate.sourceRanks ?? {}).reduce((sum, rank) => sum + 1 / (RANK_DAMPING + rank), 0);
}

/**
 * A term's IDF: a weighted geometric mean of its IDF among the candidates and in scientific text at
 * large (scoring/termStats.ts), the latter weighing SCIENTIFIC_IDF_SHARE. Either alone did worse on
 * one of the two dev sets.
 */
function termIdfs(docs: string[][], termWeights: Map<string, number>): Map<string, number> {
  const documentFrequency = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const idfOf = (term: string) =>
    bm25Idf(docs.length, documentFrequency.get(term) ?? 0) ** (1 - SCIENTIFIC_IDF_SHARE) * scientificIdf(term) ** SCIENTIFIC_IDF_SHARE;
  return new Map([...termWeights.keys()].map((term) => [term, idfOf(term)]));
}

/** Okapi BM25 with the query-term weights and the given IDFs. */
function bm25Scores(docs: string[][], termWeights: Map<string, number>, idf: Map<string, number>): number[] {
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, docs.length) || 1;
  return docs.map((doc) => {
    const tf = new Map<string, number>();
    for (const term of doc) tf.set(term, (tf.get(term) ?? 0) + 1);
    let score = 0;
    for (const [term, weight] of termWeights) {
      const f = tf.get(term);
      if (!f) continue;
      score += weight * idf.get(term)! * saturatedTf(f, lengthNorm(doc.length, avgLength, BM25), BM25.k1);
    }
    return score;
  });
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * The order a run's results are shown in: the works the support scale says support the claim
 * first, then the rest, each group in retrieval order. Below "supports" the score tells less than
 * retrieval which work is the one to cite: sorting every card by it put the cited paper lower
 * (SciFact dev MRR 0.584 against 0.648, CL-SciSumm train 0.407 against 0.464). Within "supports" it
 * tells less too: its scores bunch at 0.95–0.99, and strongest first gave SciFact dev MRR 0.645
 * against 0.654 in retrieval order (CL-SciSumm train 0.636 both; docs/published-bench.md round 19).
 */
export function shownOrder<T extends Candidate>(ranked: readonly T[]): T[] {
  // A record too thin to stand for a paper (bareRecords.ts) is never put first, whatever its words say.
  const first = (c: T) => c.support?.label === 'supports' && !bareRecordReason(c);
  return [...ranked.filter(first), ...ranked.filter((c) => !first(c))];
}
