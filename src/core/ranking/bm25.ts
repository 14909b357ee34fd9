// Okapi BM25, the one formula behind both rankings: candidates against the claim and its queries
// (ranking/candidates.ts), and a paper's paragraphs against the claim (scoring/lexical.ts).

export interface Bm25Params {
  /** Term-frequency saturation: how fast repeats stop counting. */
  k1: number;
  /** Length normalisation: 0 ignores length, 1 divides by it fully. */
  b: number;
}

/** The +1 form of BM25's IDF: never negative, even for a term in every document. */
export function bm25Idf(documents: number, containing: number): number {
  return Math.log(1 + (documents - containing + 0.5) / (containing + 0.5));
}

/** The denominator's length part for a document of `length` terms. */
export function lengthNorm(length: number, avgLength: number, { k1, b }: Bm25Params): number {
  return k1 * (1 - b + (b * length) / avgLength);
}

/** A term's saturated frequency, tf·(k1 + 1) / (tf + norm); multiply by weight and IDF. */
export function saturatedTf(tf: number, norm: number, k1: number): number {
  return (tf * (k1 + 1)) / (tf + norm);
}
