// How common each word is in scientific text at large: the document frequencies built by
// scripts/build-term-stats.ts from open abstracts and full texts (see termStats.json's
// `sources`). A generic word ("used", "more", "effective") is in a large share of all scientific
// documents, so it must not carry a match, however rare it is in the five sentences of one
// abstract. Stems are the scorer's (SCORING_TOKENS); a stem absent from the table is rarer than
// any listed one (the table keeps stems in at least `minDf` documents).
import { bm25Idf } from '../ranking/bm25';
import statsJson from './termStats.json';

interface TermStatsFile {
  docs: number;
  minDf: number;
  byDf: Record<string, string>;
  field: { steps: number; byLean: Record<string, string> };
}

let table: Map<string, number> | undefined;

function frequencies(): Map<string, number> {
  if (table) return table;
  table = new Map();
  for (const [df, stems] of Object.entries((statsJson as TermStatsFile).byDf)) {
    const n = Number(df);
    for (const stem of stems.split(' ')) table.set(stem, n);
  }
  return table;
}

/** Documents the table was counted over. */
export const TERM_STATS_DOCS = (statsJson as TermStatsFile).docs;

/** Documents holding `stem`; an unlisted stem counts as half the table's minimum. */
export function documentFrequency(stem: string): number {
  return frequencies().get(stem) ?? (statsJson as TermStatsFile).minDf / 2;
}

/** BM25 IDF of a stem over the scientific documents of the table (about 0.3 for the commonest, 9 for the rarest). */
export function scientificIdf(stem: string): number {
  return bm25Idf(TERM_STATS_DOCS, documentFrequency(stem));
}

/** The highest IDF the table can give (an unlisted stem), to put IDFs on a 0–1 scale. */
export const MAX_SCIENTIFIC_IDF = bm25Idf(TERM_STATS_DOCS, (statsJson as TermStatsFile).minDf / 2);

let leans: Map<string, number> | undefined;

/**
 * How far a stem leans to the life sciences (> 0) or to the physical sciences and computing
 * (< 0): the log-odds of its document frequency on each side of the table's sources. 0 when it
 * leans neither way or is not listed.
 */
export function stemLean(stem: string): number {
  if (!leans) {
    leans = new Map();
    const { steps, byLean } = (statsJson as TermStatsFile).field;
    for (const [k, stems] of Object.entries(byLean)) for (const s of stems.split(' ')) leans.set(s, Number(k) / steps);
  }
  return leans.get(stem) ?? 0;
}

/** A text's lean: the mean of its distinct stems' leans, each weighed by its scientific IDF (rare words say more). */
export function textLean(stems: Iterable<string>): number {
  let lean = 0;
  let weight = 0;
  for (const stem of new Set(stems)) {
    const w = scientificIdf(stem);
    lean += w * stemLean(stem);
    weight += w;
  }
  return weight ? lean / weight : 0;
}
