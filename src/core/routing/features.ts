// Text → stemmed unigram and bigram features, shared by the router at run time, the training
// script (scripts/train-router.ts) and the keyphrase extractor's document-frequency table.
import { stemmer } from 'stemmer';
import { eng } from 'stopword/src/stopwords_eng.js'; // the English list only, not all 62 languages

const STOPWORDS = new Set([
  ...eng,
  'we', 'our', 'us', 'this', 'these', 'those', 'its', 'it', 'is', 'was', 'were', 'be', 'been', 'can',
  'may', 'might', 'also', 'thus', 'hence', 'however', 'therefore', 'which', 'whose', 'where', 'while',
  'than', 'then', 'such', 'via', 'into', 'onto', 'upon', 'within', 'without', 'among', 'across', 'per',
  'or', 'nor', 'not', 'no', 'yes', 'here', 'there', 'one', 'two', 'three', 'both', 'either', 'neither',
  'whether', 'e.g', 'i.e', 'et', 'al', 'etc', 'cf', 'vs',
]);

export interface TextFeatures {
  /** Distinct stemmed unigrams and bigrams (`"dark matter"` → `dark`, `matter`, `dark matter`). */
  features: string[];
  /** Number of content tokens, before deduplication. */
  tokenCount: number;
  /** First surface form seen for each feature, for human-readable reasons. */
  surface: Map<string, string>;
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

/** Lower-cased content words in order (stopwords, numbers and single letters dropped). */
function contentWords(text: string): string[] {
  const words = text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
  return words.map((w) => w.replace(/['’]s$/, '')).filter((w) => w.length > 1 && !/^\d+$/.test(w) && !STOPWORDS.has(w));
}

export function stem(word: string): string {
  return stemmer(word.toLowerCase());
}

/** Stemmed features of a text; bigrams join adjacent content words. */
export function extractFeatures(text: string): TextFeatures {
  const words = contentWords(text);
  const stems = words.map(stem);
  const surface = new Map<string, string>();
  const add = (feature: string, form: string) => {
    if (!surface.has(feature)) surface.set(feature, form);
  };
  stems.forEach((s, i) => {
    add(s, words[i]!);
    if (i > 0) add(`${stems[i - 1]} ${s}`, `${words[i - 1]} ${words[i]}`);
  });
  return { features: [...surface.keys()], tokenCount: words.length, surface };
}
