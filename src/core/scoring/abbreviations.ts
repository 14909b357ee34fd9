// Abbreviations defined in a text, "type 2 diabetes (T2D)", found with the Schwartz & Hearst
// (2003) rule, so that a claim saying "type 2 diabetes" matches a sentence saying "T2D" and the
// other way round. Papers define an abbreviation once and then use only the short form.
import { SCORING_TOKENS, stems, type Token } from '../text/tokens';

/** Short form (as written) → stems of its long form. */
export type AbbreviationMap = Map<string, string[]>;

/** Enough text before "(" for the longest long form S&H allows (10 + 5 words). */
const LOOKBACK_CHARS = 250;

const DEFINITION = /\(([^()\s][^()]{0,9})\)/g;
const SINGLE_WORD = /^[\p{L}\p{N}]+$/u;

export function findAbbreviations(texts: string[], into: AbbreviationMap = new Map()): AbbreviationMap {
  for (const text of texts) {
    if (!text.includes('(')) continue;
    for (const match of text.matchAll(DEFINITION)) {
      const short = match[1]!.trim();
      if (!isShortForm(short) || into.has(short)) continue;
      const long = longFormBefore(text.slice(Math.max(0, match.index - LOOKBACK_CHARS), match.index), short);
      const longStems = long ? stems(long, SCORING_TOKENS) : [];
      if (longStems.length > 1) into.set(short, longStems);
    }
  }
  return into;
}

/** One word of 2–10 characters with a letter and a capital (not a plain lower-case word). */
function isShortForm(text: string): boolean {
  return text.length >= 2 && SINGLE_WORD.test(text) && /\p{Lu}/u.test(text) && /^\p{L}/u.test(text);
}

/** The shortest stretch of words before "(" whose letters spell the short form (S&H's rule). */
function longFormBefore(before: string, short: string): string | undefined {
  const words = before.trimEnd().split(/\s+/);
  const maxWords = Math.min(short.length + 5, short.length * 2);
  const candidate = words.slice(-maxWords).join(' ');
  let s = short.length - 1;
  let l = candidate.length - 1;
  while (s >= 0) {
    const ch = short[s]!.toLowerCase();
    if (!/[\p{L}\p{N}]/u.test(ch)) {
      s--;
      continue;
    }
    // The first letter of the short form must start a word of the long form.
    while (l >= 0 && (candidate[l]!.toLowerCase() !== ch || (s === 0 && l > 0 && /[\p{L}\p{N}]/u.test(candidate[l - 1]!)))) l--;
    if (l < 0) return undefined;
    l--;
    s--;
  }
  const start = candidate.lastIndexOf(' ', l) + 1;
  const long = candidate.slice(start);
  return long.length > short.length ? long : undefined;
}

/**
 * Adds the long form's stems after each use of a defined short form (same offsets, so a reason
 * still quotes the short form). The definition itself, "(T2D)", is not expanded again.
 */
export function expandAbbreviations(tokens: Token[], text: string, abbreviations: AbbreviationMap): Token[] {
  if (abbreviations.size === 0) return tokens;
  const byStem = stemIndex(abbreviations);
  let out: Token[] | undefined;
  tokens.forEach((token, i) => {
    // Cheap stem lookup first; the exact, case-sensitive spelling only on a hit.
    const long = byStem.has(token.stem) ? abbreviations.get(text.slice(token.start, token.end)) : undefined;
    if (!long || text[token.start - 1] === '(') {
      out?.push(token);
      return;
    }
    out ??= tokens.slice(0, i);
    out.push(token);
    for (const s of long) if (s !== token.stem) out.push({ stem: s, start: token.start, end: token.end });
  });
  return out ?? tokens;
}

const stemIndexes = new WeakMap<AbbreviationMap, Set<string>>();

function stemIndex(abbreviations: AbbreviationMap): Set<string> {
  let index = stemIndexes.get(abbreviations);
  if (!index) {
    index = new Set([...abbreviations.keys()].map((short) => stems(short, SCORING_TOKENS)[0] ?? ''));
    stemIndexes.set(abbreviations, index);
  }
  return index;
}
