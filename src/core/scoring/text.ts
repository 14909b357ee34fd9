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

/** Lower-case word → its stem, or '' for a word we drop (stopword, lone latin letter). */
const wordCache = new Map<string, string>();
const WORD_CACHE_LIMIT = 50_000;
const NON_ASCII_WORD_CHAR = /[\p{L}\p{N}]/u;

/** Porter stem of a lower-case word; numbers stay as they are. */
export function stem(word: string): string {
  return /^\p{N}+$/u.test(word) ? word : stemmer(word.replace(/['’]s$/, ''));
}

/** The stem of a lower-case word, or '' when it carries no topic. Cached: text repeats itself. */
function contentStem(word: string): string {
  let cached = wordCache.get(word);
  if (cached === undefined) {
    const loneLetter = word.length === 1 && word >= 'a' && word <= 'z';
    cached = STOPWORDS.has(word) || loneLetter ? '' : stem(word);
    if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
    wordCache.set(word, cached);
  }
  return cached;
}

function isWordChar(code: number, text: string, i: number): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
  return NON_ASCII_WORD_CHAR.test(text[i]!);
}

const APOSTROPHES = new Set([39, 8217]); // ' and ’
const NUMBER_WITH_UNIT = /^(\d+)[a-z]{1,3}$/;

/**
 * Content tokens of a text: words are runs of letters and digits (an inner apostrophe kept:
 * Alzheimer's); stopwords and lone latin letters are dropped, the rest stemmed. Offsets point
 * into `text` so callers can quote the original words. A hand-rolled scanner: this is the
 * scorer's hot loop (see bench/lexical.ts).
 */
export function tokenize(text: string): Token[] {
  // Lower-case once per text; offsets stay valid unless case folding changed the length (a few
  // non-latin letters), in which case we fold word by word.
  const lower = text.toLowerCase();
  const source = lower.length === text.length ? lower : text;
  const tokens: Token[] = [];
  const n = source.length;
  let i = 0;
  while (i < n) {
    if (!isWordChar(source.charCodeAt(i), source, i)) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isWordChar(source.charCodeAt(i), source, i)) i++;
    if (i + 1 < n && APOSTROPHES.has(source.charCodeAt(i)) && isWordChar(source.charCodeAt(i + 1), source, i + 1)) {
      i++;
      while (i < n && isWordChar(source.charCodeAt(i), source, i)) i++;
    }
    const word = source === lower ? source.slice(start, i) : source.slice(start, i).toLowerCase();
    const stemmed = contentStem(word);
    if (stemmed) tokens.push({ stem: stemmed, start, end: i });
    // "12M", "54K", "5mg": also the number alone, so "12 million" and "12M" share a token.
    const number = NUMBER_WITH_UNIT.exec(word);
    if (number) tokens.push({ stem: number[1]!, start, end: i });
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
 * most two stopwords between them ("expansion of the universe" → expansion+universe). A gap
 * holding . ! ? (or any clause break) makes no phrase, so pairs never span sentences.
 */
export function detectPhrases(text: string, tokenizer: (text: string) => Token[] = tokenize): Phrase[] {
  const phrases: Phrase[] = [];
  const seen = new Set<string>();
  const tokens = tokenizer(text);
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i]!;
    const b = tokens[i + 1]!;
    if (a.stem === b.stem || wordsBetween(text, a.end, b.start) > 2) continue;
    const key = `${a.stem} ${b.stem}`;
    if (seen.has(key)) continue;
    seen.add(key);
    phrases.push({ stems: [a.stem, b.stem], surface: text.slice(a.start, b.end) });
  }
  return phrases;
}

function wordsBetween(text: string, from: number, to: number): number {
  const gap = text.slice(from, to);
  if (/[.;:!?()[\]]/.test(gap)) return Number.POSITIVE_INFINITY; // a clause break is no phrase
  return gap.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

