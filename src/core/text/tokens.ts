// Text → content tokens: words (runs of letters and digits, one inner apostrophe kept:
// Alzheimer's), stopwords and noise dropped, the rest stemmed, with offsets so callers can quote
// the original words. One scanner under two sets of rules: SCORING_TOKENS for lexical scoring and
// candidate ranking, TRAINED_TOKENS for the router, whose model was trained with those rules.
import { stem, stripPossessive } from './stem';
import { SCORING_STOPWORDS, TRAINED_STOPWORDS } from './stopwords';

export interface Token {
  /** Stemmed, lower-case form used for matching. */
  stem: string;
  /** Character range of the word in the text it came from (see TokenRules.nfkc). */
  start: number;
  end: number;
}

/** How words become tokens. Each field is a way the two rule sets below differ. */
export interface TokenRules {
  stopwords: ReadonlySet<string>;
  /**
   * Lower-case, then Unicode NFKC (ligatures, full-width forms), scanning whole code points so
   * letters beyond the BMP count as letters. Offsets then index foldText(text), not the text.
   */
  nfkc: boolean;
  /** Only letters may follow an inner apostrophe ("l'a1" → "l'a", "1"); else digits too. */
  apostropheLettersOnly: boolean;
  /**
   * The possessive 's goes before the stopword and noise checks and is left out of the token's
   * range; else it goes only before stemming ("it’s" is then a stopword of its own).
   */
  possessiveFirst: boolean;
  /** A word too slight to keep, stopwords aside. */
  isNoise(word: string): boolean;
  /** "12M", "5mg" also give the bare number, so "12 million" and "12M" share a token. */
  numberUnits: boolean;
}

/** Lexical scoring and candidate ranking: offsets into the text itself, numbers kept. */
export const SCORING_TOKENS: Readonly<TokenRules> = {
  stopwords: SCORING_STOPWORDS,
  nfkc: false,
  apostropheLettersOnly: false,
  possessiveFirst: false,
  isNoise: (word) => word.length === 1 && word >= 'a' && word <= 'z', // a lone latin letter
  numberUnits: true,
};

/** The router's features (routing/features.ts): frozen with models/router.json and abstractDf.json. */
export const TRAINED_TOKENS: Readonly<TokenRules> = {
  stopwords: TRAINED_STOPWORDS,
  nfkc: true,
  apostropheLettersOnly: true,
  possessiveFirst: true,
  isNoise: (word) => word.length <= 1 || /^\d+$/.test(word), // single characters and bare numbers
  numberUnits: false,
};

/** The text the offsets of `tokenize(text, rules)` index when `rules.nfkc` is set. */
export function foldText(text: string, rules: Readonly<TokenRules>): string {
  return rules.nfkc ? text.toLowerCase().normalize('NFKC') : text;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;
const APOSTROPHES = new Set([39, 8217]); // ' and ’
const NUMBER_WITH_UNIT = /^(\d+)[a-z]{1,3}$/;

/** Code units taken by the character at `i` (< text.length) when `pattern` accepts it, else 0. */
function charAt(text: string, i: number, pattern: RegExp, codePoints: boolean): number {
  const code = text.charCodeAt(i);
  if (code < 128) {
    if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) return 1;
    return pattern === LETTER_OR_DIGIT && code >= 48 && code <= 57 ? 1 : 0;
  }
  if (codePoints && code >= 0xd800 && code <= 0xdbff) {
    const point = text.codePointAt(i)!;
    if (point > 0xffff) return pattern.test(String.fromCodePoint(point)) ? 2 : 0;
  }
  return pattern.test(text[i]!) ? 1 : 0;
}

/** End of the run of `pattern` characters starting at `i`. */
function runEnd(text: string, i: number, pattern: RegExp, codePoints: boolean): number {
  while (i < text.length) {
    const size = charAt(text, i, pattern, codePoints);
    if (size === 0) break;
    i += size;
  }
  return i;
}

/** Word → stem, or '' for a dropped word; one cache per rule set, since text repeats itself. */
const caches = new WeakMap<Readonly<TokenRules>, Map<string, string>>();
const CACHE_LIMIT = 50_000;

function cacheOf(rules: Readonly<TokenRules>): Map<string, string> {
  let cache = caches.get(rules);
  if (!cache) caches.set(rules, (cache = new Map()));
  return cache;
}

function contentStem(word: string, rules: Readonly<TokenRules>, cache: Map<string, string>): string {
  let cached = cache.get(word);
  if (cached === undefined) {
    cached = rules.stopwords.has(word) || rules.isNoise(word) ? '' : stem(stripPossessive(word));
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, cached);
  }
  return cached;
}

/**
 * Content tokens of a text, in order. A hand-rolled scanner: this is the lexical scorer's hot
 * loop (see bench/lexical.ts).
 */
export function tokenize(text: string, rules: Readonly<TokenRules>): Token[] {
  const { nfkc, apostropheLettersOnly } = rules;
  // Lower-case once per text. Without NFKC, offsets stay valid unless case folding changed the
  // length (a few non-latin letters); then words are folded one by one.
  const lower = nfkc ? foldText(text, rules) : text.toLowerCase();
  const source = nfkc || lower.length === text.length ? lower : text;
  const after = apostropheLettersOnly ? LETTER : LETTER_OR_DIGIT;
  const cache = cacheOf(rules);
  const tokens: Token[] = [];
  const n = source.length;
  let i = 0;
  while (i < n) {
    if (charAt(source, i, LETTER_OR_DIGIT, nfkc) === 0) {
      i++; // one unit at a time: a lone surrogate half is never a letter
      continue;
    }
    const start = i;
    i = runEnd(source, i, LETTER_OR_DIGIT, nfkc);
    if (i + 1 < n && APOSTROPHES.has(source.charCodeAt(i)) && charAt(source, i + 1, after, nfkc) > 0) {
      i = runEnd(source, i + 1, after, nfkc);
    }
    const raw = source === lower ? source.slice(start, i) : source.slice(start, i).toLowerCase();
    const word = rules.possessiveFirst ? stripPossessive(raw) : raw;
    const stemmed = contentStem(word, rules, cache);
    if (stemmed) tokens.push({ stem: stemmed, start, end: rules.possessiveFirst ? start + word.length : i });
    const number = rules.numberUnits ? NUMBER_WITH_UNIT.exec(raw) : null;
    if (number) tokens.push({ stem: number[1]!, start, end: i });
  }
  return tokens;
}

/** Stems of a text, in order (for keywords and claims, where offsets are not needed). */
export function stems(text: string, rules: Readonly<TokenRules>): string[] {
  return tokenize(text, rules).map((t) => t.stem);
}
