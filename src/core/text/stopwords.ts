// Words that carry no topic: the `stopword` package's English list (the English file only, not
// all 62 languages) plus the function words of scientific prose. Two lists, because the trained
// tables fix one of them (see TRAINED_STOPWORDS).
import { eng } from 'stopword/src/stopwords_eng.js';

/** Beyond the English list, dropped by both lists. */
const SCIENTIFIC = [
  'us', 'its', 'may', 'thus', 'however', 'therefore', 'whose', 'via', 'upon', 'within', 'without',
  'per', 'nor', 'not', 'no', 'either', 'neither', 'whether', 'et', 'al', 'vs',
];

/**
 * What the router and the keyphrase extractor drop. models/router.json and models/abstractDf.json were
 * built with exactly this list (models/train-router.ts), so changing it means retraining them.
 */
export const TRAINED_STOPWORDS: ReadonlySet<string> = new Set([
  ...eng, ...SCIENTIFIC,
  'hence', 'onto', 'among', 'across', 'yes', 'one', 'two', 'three', 'e.g', 'i.e', 'etc', 'cf',
]);

/** What lexical scoring and candidate ranking drop (their figures were tuned with it). */
export const SCORING_STOPWORDS: ReadonlySet<string> = new Set([
  ...eng, ...SCIENTIFIC,
  'it’s', 'does', 'doing', 'done', 'will', 'shall', 'whom', 'eg', 'ie',
]);

/** True for a word of TRAINED_STOPWORDS, in any case. */
export function isStopword(word: string): boolean {
  return TRAINED_STOPWORDS.has(word.toLowerCase());
}
