// The shared abbreviation tables of sentence splitting, and its 'paper' style: a paper's paragraphs
// and abstracts (GROBID did not segment them, or pdfjs read them). A boundary is only taken after
// . ! ? followed by a space and an upper-case letter, digit or opening bracket/quote, and never
// after an abbreviation or a one-letter initial. A module of its own so that the parse worker's
// bundle holds this and not the claim style (sentences.ts), which asks compromise's lexicon.

export type SentenceStyle = 'claim' | 'paper';

/** Abbreviations that do not end a sentence (lower-cased, without the final period). */
const ABBREVIATIONS = new Set([
  'al', 'e.g', 'i.e', 'cf', 'vs', 'viz', 'approx', 'ca', 'resp', 'fig', 'figs', 'eq', 'eqs', 'eqn',
  'ref', 'refs', 'sec', 'secs', 'tab', 'no', 'nos', 'vol', 'pp', 'p', 'ch', 'app', 'dr', 'mr',
  'mrs', 'ms', 'prof', 'st', 'jr', 'inc', 'ltd', 'co', 'corp', 'dept', 'univ', 'est', 'min', 'max',
  'avg', 'std', 'var', 'thm', 'lem', 'def', 'prop', 'cor',
]);

/**
 * Abbreviations one style knows and the other does not. Sharing them changes real splits both
 * ways: in claims "etc. The" and "state of the art. We" would stay one sentence; in papers
 * "in the U.S. We" and "Synechococcus sp. The" would.
 */
const STYLE_ABBREVIATIONS: Readonly<Record<SentenceStyle, ReadonlySet<string>>> = {
  claim: new Set(['tbl', 'chap', 'sr', 'spp', 'sp', 'subsp', 'ssp', 'cv', 'wt', 'conc', 'u.s', 'u.k', 'e.u', 'alg', 'ex']),
  paper: new Set([
    'etc', 'incl', 'suppl', 'ed', 'eds', 'art', 'sect', 'appx', 'exp', 'jan', 'feb', 'mar', 'apr',
    'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
  ]),
};

export function isAbbreviation(word: string, style: SentenceStyle): boolean {
  return ABBREVIATIONS.has(word) || STYLE_ABBREVIATIONS[style].has(word);
}

const BOUNDARY = /([.!?])(["”’)\]]*)\s+(?=["“(\[]?[\p{Lu}\p{N}])/gu;

/** The 'paper' style alone: the parse worker splits with it, and needs none of the claim style's name lexicon. */
export function splitPaperSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[1]!.length + match[2]!.length;
    if (match[1] === '.' && !match[2] && isAbbreviationBefore(text, match.index)) continue;
    const sentence = text.slice(start, end).trim();
    if (!/\p{L}/u.test(sentence)) continue; // "6. Citeomatic ...": an enumerator, not a sentence
    sentences.push(sentence);
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** True when the word ending at `dot` (exclusive) is an abbreviation or a one-letter initial. */
export function isAbbreviationBefore(text: string, dot: number): boolean {
  const wordStart = Math.max(text.lastIndexOf(' ', dot - 1) + 1, text.lastIndexOf('(', dot - 1) + 1);
  const word = text.slice(wordStart, dot).toLowerCase();
  if (/^\p{L}$/u.test(word)) return true; // initials: "J. Smith", "S. aureus"
  return isAbbreviation(word, 'paper') || isAbbreviation(word.replace(/\.$/, ''), 'paper');
}
