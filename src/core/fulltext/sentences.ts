// Sentence splitting for paragraphs GROBID did not segment (and for the pdfjs path).
// Scientific prose is full of abbreviations ("et al.", "Fig. 3", "e.g.") and decimals, so a
// boundary is only taken after . ! ? followed by a space and an upper-case letter, digit or
// opening bracket/quote, and never after a known abbreviation or a single initial.

const ABBREVIATIONS = new Set(
  [
    'al', 'e.g', 'i.e', 'cf', 'vs', 'etc', 'fig', 'figs', 'eq', 'eqs', 'eqn', 'sec', 'secs', 'tab',
    'ref', 'refs', 'no', 'nos', 'vol', 'pp', 'p', 'ch', 'approx', 'resp', 'ca', 'incl', 'dr', 'mr',
    'mrs', 'ms', 'prof', 'st', 'jr', 'inc', 'ltd', 'co', 'corp', 'dept', 'univ', 'suppl', 'min',
    'max', 'avg', 'std', 'var', 'viz', 'ed', 'eds', 'art', 'sect', 'appx', 'app', 'def', 'thm',
    'lem', 'prop', 'cor', 'est', 'exp', 'vs', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug',
    'sep', 'sept', 'oct', 'nov', 'dec',
  ].map((a) => a.toLowerCase()),
);

const BOUNDARY = /([.!?])(["”’)\]]*)\s+(?=["“(\[]?[\p{Lu}\p{N}])/gu;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[1].length + match[2].length;
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
  return ABBREVIATIONS.has(word) || ABBREVIATIONS.has(word.replace(/\.$/, ''));
}
