// Sentence splitting with the built-in ICU segmenter, plus a repair pass for the abbreviations
// of scientific prose ("et al.", "Fig.", "vs.", "Dr.") after which ICU wrongly breaks.

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Abbreviations that do not end a sentence (lower-cased, without the final period). */
const ABBREVIATIONS = new Set([
  'al', 'e.g', 'i.e', 'cf', 'vs', 'viz', 'approx', 'ca', 'resp', 'fig', 'figs', 'eq', 'eqs', 'eqn',
  'ref', 'refs', 'sec', 'secs', 'tab', 'tbl', 'no', 'nos', 'vol', 'pp', 'p', 'ch', 'chap', 'app',
  'dr', 'mr', 'mrs', 'ms', 'prof', 'st', 'jr', 'sr', 'inc', 'ltd', 'co', 'corp', 'dept', 'univ',
  'est', 'min', 'max', 'avg', 'std', 'var', 'spp', 'sp', 'subsp', 'var', 'ssp', 'cv', 'wt', 'conc',
  'u.s', 'u.k', 'e.u', 'thm', 'lem', 'def', 'prop', 'cor', 'alg', 'ex',
]);

/** Splits plain text into sentences; paragraph breaks always end a sentence. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .flatMap((paragraph) => mergeFragments([...segmenter.segment(paragraph)].map((s) => s.segment)))
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

function mergeFragments(segments: string[]): string[] {
  const sentences: string[] = [];
  for (const segment of segments) {
    const previous = sentences.at(-1);
    if (previous !== undefined && continuesPrevious(previous, segment)) {
      sentences[sentences.length - 1] = previous + segment;
    } else {
      sentences.push(segment);
    }
  }
  return sentences;
}

function continuesPrevious(previous: string, next: string): boolean {
  const start = next.trimStart();
  if (/^[\p{Ll}\p{N}(,;:]/u.test(start)) return true; // "vs. 2019", "et al. (2020)"
  const lastWord = /(\S+)\.\s*$/.exec(previous)?.[1];
  if (!lastWord) return false;
  const word = lastWord.replace(/^[("'[]+/, '').toLowerCase();
  return ABBREVIATIONS.has(word);
}
