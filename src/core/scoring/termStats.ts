// How common each word is in scientific text at large: the document frequencies built by
// models/build-term-stats.ts from open abstracts and full texts (see termStats.json's
// `sources`). A generic word ("used", "more", "effective") is in a large share of all scientific
// documents, so it must not carry a match, however rare it is in the five sentences of one
// abstract. Stems are the scorer's (SCORING_TOKENS); a stem absent from the table is rarer than
// any listed one (the table keeps stems in at least `minDf` documents).
import { bm25Idf } from '../ranking/bm25';
import statsJson from './termStats.json';
import { SCORING_TOKENS, stems } from '../text/tokens';

interface TermStatsFile {
  docs: number;
  minDf: number;
  /** Every stem kept, sorted as JavaScript compares strings, joined by spaces. */
  stems: string;
  /** Each stem's document frequency, base 36, in the same order. */
  df: string;
  /** Each stem's lean, one character (`zero` for none), in the same order; log-odds = (code − zero) / steps. */
  field: { steps: number; zero: string; lean: string };
}

const FILE = statsJson as TermStatsFile;

// Two splits of a string instead of a map of 16,000 entries: a new process (the CLI, a repeat)
// pays about a millisecond, not the ten a map's loop takes before it is compiled.
let table: { stems: string[]; df: string[] } | undefined;

/** Position of `stem` in the table, or -1. */
function indexOf(stem: string): number {
  table ??= { stems: FILE.stems.split(' '), df: FILE.df.split(' ') };
  const { stems } = table;
  let lo = 0;
  let hi = stems.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = stems[mid]!;
    if (at === stem) return mid;
    if (at < stem) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Documents the table was counted over. */
export const TERM_STATS_DOCS = FILE.docs;

/** Documents holding `stem`; an unlisted stem counts as half the table's minimum. */
export function documentFrequency(stem: string): number {
  return frequencyAt(indexOf(stem));
}

/** True when the table lists `stem`: a word of scientific text, not a typo or a joined compound. */
export function isListedStem(stem: string): boolean {
  return indexOf(stem) >= 0;
}

/** Fewer documents than this share of the table's: a name ("Zadeh", "Lotfi"), seldom a word that opens a sentence. */
const RARE_SHARE = 1 / 500;

/**
 * True when `word` is in few scientific documents, as names are: each stem in at most `maxDocuments`
 * (by default 1 in 500 of the table's, which no whole count equals). Given names and surnames
 * ("Lotfi", "Dupont", "Smith") are, not the words a sentence opens with ("Additionally", "Patients",
 * "Cells") nor those that label a part ("Group", "Section", "Part"). Every stem counts (each part of
 * a hyphenated word), or the first alone with `judged` 'first stem'. A stopword has no stem: false.
 */
export function isRareInScience(
  word: string,
  maxDocuments = FILE.docs * RARE_SHARE,
  judged: 'every stem' | 'first stem' = 'every stem',
): boolean {
  const found = stems(word, SCORING_TOKENS);
  const counted = judged === 'first stem' ? found.slice(0, 1) : found;
  return counted.length > 0 && counted.every((stem) => documentFrequency(stem) <= maxDocuments);
}

function frequencyAt(i: number): number {
  return i < 0 ? FILE.minDf / 2 : parseInt(table!.df[i]!, 36);
}

/** Stem → scientific IDF, kept: ranking asks for the same stems at every search answer. */
const idfByStem = new Map<string, number>();
const MAX_KEPT_IDFS = 50_000;

/** BM25 IDF of a stem over the scientific documents of the table (about 0.3 for the commonest, 9 for the rarest). */
export function scientificIdf(stem: string): number {
  let idf = idfByStem.get(stem);
  if (idf === undefined) {
    idf = bm25Idf(TERM_STATS_DOCS, documentFrequency(stem));
    if (idfByStem.size >= MAX_KEPT_IDFS) idfByStem.clear();
    idfByStem.set(stem, idf);
  }
  return idf;
}

/** The highest IDF the table can give (an unlisted stem), to put IDFs on a 0–1 scale. */
export const MAX_SCIENTIFIC_IDF = bm25Idf(TERM_STATS_DOCS, FILE.minDf / 2);

const LEAN_ZERO = FILE.field.zero.charCodeAt(0);

/**
 * How far a stem leans to the life sciences (> 0) or to the physical sciences and computing
 * (< 0): the log-odds of its document frequency on each side of the table's sources. 0 when it
 * leans neither way or is not listed.
 */
export function stemLean(stem: string): number {
  return leanAt(indexOf(stem));
}

function leanAt(i: number): number {
  return i < 0 ? 0 : (FILE.field.lean.charCodeAt(i) - LEAN_ZERO) / FILE.field.steps;
}

/** A text's lean: the mean of its distinct stems' leans, each weighed by its scientific IDF (rare words say more). */
export function textLean(stems: Iterable<string>): number {
  let lean = 0;
  let weight = 0;
  for (const stem of new Set(stems)) {
    const i = indexOf(stem); // one lookup for both the weight and the lean
    const w = bm25Idf(TERM_STATS_DOCS, frequencyAt(i));
    lean += w * leanAt(i);
    weight += w;
  }
  return weight ? lean / weight : 0;
}
