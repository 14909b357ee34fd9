// Sentence splitting for scientific prose, which is full of abbreviations ("et al.", "Fig. 3",
// "e.g.") and decimals. Two styles, for two kinds of text:
//   'claim': the user's claim and manuscript prose (plain text from LaTeX, blank lines between
//     paragraphs). The built-in ICU segmenter, then a repair pass that re-joins what it wrongly
//     split after an abbreviation or before a lower-case word.
//   'paper': a paper's paragraphs and abstracts (GROBID did not segment them, or pdfjs read them).
//     A boundary is only taken after . ! ? followed by a space and an upper-case letter, digit or
//     opening bracket/quote, and never after an abbreviation or a one-letter initial.
// The styles split real text differently (a sentence starting with a digit or after an initial
// joins the previous one in one style only), so both are kept as they were tuned.

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

function isAbbreviation(word: string, style: SentenceStyle): boolean {
  return ABBREVIATIONS.has(word) || STYLE_ABBREVIATIONS[style].has(word);
}

export function splitSentences(text: string, style: SentenceStyle): string[] {
  return style === 'claim' ? splitClaim(text) : splitPaper(text);
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Paragraph breaks always end a sentence; whitespace inside one is collapsed. */
function splitClaim(text: string): string[] {
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
  return isAbbreviation(lastWord.replace(/^[("'[]+/, '').toLowerCase(), 'claim');
}

const BOUNDARY = /([.!?])(["”’)\]]*)\s+(?=["“(\[]?[\p{Lu}\p{N}])/gu;

function splitPaper(text: string): string[] {
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
function isAbbreviationBefore(text: string, dot: number): boolean {
  const wordStart = Math.max(text.lastIndexOf(' ', dot - 1) + 1, text.lastIndexOf('(', dot - 1) + 1);
  const word = text.slice(wordStart, dot).toLowerCase();
  if (/^\p{L}$/u.test(word)) return true; // initials: "J. Smith", "S. aureus"
  return isAbbreviation(word, 'paper') || isAbbreviation(word.replace(/\.$/, ''), 'paper');
}
