// Text handling shared by the lexical scorer: tokenising with offsets (so reasons can quote the
// paper's own words), Porter stemming, stopwords and phrase detection.
import { stemmer } from 'stemmer';
import { eng } from 'stopword/src/stopwords_eng.js';

/** Words that carry no topic in scientific prose, on top of the `stopword` English list. */
const EXTRA_STOPWORDS = [
  'its', 'it’s', 'does', 'doing', 'done', 'not', 'no', 'nor', 'whether', 'however', 'thus',
  'therefore', 'may', 'will', 'shall', 'which', 'whose', 'whom', 'upon', 'within', 'without',
  'also', 'et', 'al', 'eg', 'ie', 'via', 'vs', 'per', 'than', 'there', 'here', 'these', 'those',
  'such', 'both', 'either', 'neither', 'us',
];
const STOPWORDS = new Set([...eng, ...EXTRA_STOPWORDS]);

export interface Token {
  /** Stemmed, lower-case form used for matching. */
  stem: string;
  /** Character range of the word in the text it came from. */
  start: number;
  end: number;
}

// Letters/digits, keeping an inner apostrophe (don't, Alzheimer's) out of the split.
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const LATIN_LETTER = /^[a-z]$/;

/** Cache of stems: scientific text repeats its vocabulary, and stemming dominates tokenising. */
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 50_000;

export function stem(word: string): string {
  let cached = stemCache.get(word);
  if (cached === undefined) {
    cached = /^\p{N}+$/u.test(word) ? word : stemmer(word.replace(/['’]s$/, ''));
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(word, cached);
  }
  return cached;
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

/**
 * Content tokens of a text: stopwords and lone latin letters dropped, the rest stemmed.
 * Offsets point into `text` so callers can quote the original words.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (STOPWORDS.has(word) || LATIN_LETTER.test(word)) continue;
    const start = match.index;
    tokens.push({ stem: stem(word), start, end: start + match[0].length });
  }
  return tokens;
}

/** Stems of a text, in order (for keywords and claims, where offsets are not needed). */
export function stems(text: string): string[] {
  return tokenize(text).map((t) => t.stem);
}

/** A multi-word unit to look for, as consecutive content-token stems. */
export interface Phrase {
  stems: string[];
  /** How the phrase reads in the text it was detected in. */
  surface: string;
}

/**
 * Phrases of a claim: every pair of neighbouring content words inside one sentence, with at
 * most two stopwords between them ("expansion of the universe" → expansion+universe).
 */
export function detectPhrases(text: string, tokenizer: (sentence: string) => Token[] = tokenize): Phrase[] {
  const phrases: Phrase[] = [];
  const seen = new Set<string>();
  for (const sentence of splitSentences(text)) {
    const tokens = tokenizer(sentence);
    for (let i = 0; i + 1 < tokens.length; i++) {
      const a = tokens[i]!;
      const b = tokens[i + 1]!;
      if (a.stem === b.stem || wordsBetween(sentence, a.end, b.start) > 2) continue;
      const key = `${a.stem} ${b.stem}`;
      if (seen.has(key)) continue;
      seen.add(key);
      phrases.push({ stems: [a.stem, b.stem], surface: sentence.slice(a.start, b.end) });
    }
  }
  return phrases;
}

function wordsBetween(text: string, from: number, to: number): number {
  const gap = text.slice(from, to);
  if (/[.;:!?()[\]]/.test(gap)) return Number.POSITIVE_INFINITY; // a clause break is no phrase
  return gap.match(WORD)?.length ?? 0;
}

/**
 * Splits prose into sentences at . ! ? followed by a capital, digit or bracket. Used when the
 * full-text extractor gave no sentences; avoids splitting "et al." and "Fig." abbreviations.
 */
export function splitSentences(text: string): string[] {
  const parts = text.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}([])/u);
  const sentences: string[] = [];
  for (const part of parts) {
    const previous = sentences[sentences.length - 1];
    if (previous !== undefined && /\b(?:al|Fig|Figs|Eq|Eqs|Ref|Refs|Sec|vs|e\.g|i\.e|cf|approx|No)\.$/.test(previous)) {
      sentences[sentences.length - 1] = `${previous} ${part}`;
    } else if (part.trim()) {
      sentences.push(part.trim());
    }
  }
  return sentences;
}
