// Phrases of a claim: the multi-word units lexical scoring rewards when a paper has them together.
import type { Token } from '../text/tokens';

/** A multi-word unit to look for, as consecutive content-token stems. */
export interface Phrase {
  stems: string[];
  /** How the phrase reads in the text it was detected in. */
  surface: string;
}

/**
 * Every pair of neighbouring content words inside one sentence, with at most two stopwords
 * between them ("expansion of the universe" → expansion+universe). A gap holding . ! ? (or any
 * clause break) makes no phrase, so pairs never span sentences.
 */
export function detectPhrases(text: string, tokenizer: (text: string) => Token[]): Phrase[] {
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
