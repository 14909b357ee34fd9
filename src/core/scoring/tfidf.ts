// TF-IDF cosine of a citing sentence and a paper's text, with the document frequencies the scorer
// ships (termStats.json) and the scorer's own words (SCORING_TOKENS: stopwords out, stemmed).
// idf = ln(N / df); a stem the table does not list counts as its minimum df / 2. It is the plain
// baseline the audit is measured against (bench/separation.ts, on the abstract), and one of the
// audit's two readings of a citation (audit/calibration.ts, on the title and abstract): unlike the
// support model it weighs a word by how often the texts repeat it.
import { documentFrequency, TERM_STATS_DOCS } from './termStats';
import { SCORING_TOKENS, stems } from '../text/tokens';

type Vector = Map<string, number>;

function tfidf(text: string): Vector {
  const counts = new Map<string, number>();
  for (const stem of stems(text, SCORING_TOKENS)) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  const vector: Vector = new Map();
  for (const [stem, tf] of counts) vector.set(stem, tf * Math.log(TERM_STATS_DOCS / documentFrequency(stem)));
  return vector;
}

function norm(vector: Vector): number {
  let sum = 0;
  for (const w of vector.values()) sum += w * w;
  return Math.sqrt(sum);
}

/** Cosine of the two texts' TF-IDF vectors, 0–1 (0 when either has no word). */
export function tfidfCosine(sentence: string, abstract: string): number {
  const a = tfidf(sentence);
  const b = tfidf(abstract);
  let dot = 0;
  for (const [stem, w] of a) dot += w * (b.get(stem) ?? 0);
  const denominator = norm(a) * norm(b);
  return denominator ? dot / denominator : 0;
}
