// Readable text after citation markers are taken out: no double spaces, no space before
// punctuation, no empty brackets or stranded "e.g.," left behind by a removed reference.
import type { Paragraph } from './model';
import { splitPaperSentences } from '../text/paperSentences';

export function tidyText(raw: string): string {
  return raw
    .replace(/\s+/g, ' ')
    .replace(/([(\[])\s+/g, '$1')
    .replace(/\s+([)\],.;:!?])/g, '$1')
    .replace(/\((?:(?:e\.g\.|i\.e\.|see|cf\.|see also)[,;]?\s*)?[,;]*\)/gi, '')
    .replace(/\[[,;\s]*\]/g, '')
    .replace(/\s+([)\],.;:!?])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/[,;:]\s*([.!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Drops a footnote number glued to the end of a paragraph ("... benchmark. 1"). */
export function dropTrailingFootnoteMark(text: string): string {
  return text.replace(/([.!?])\s+\d{1,2}$/, '$1').replace(/(\p{L}[.!?])\d{1,2}$/u, '$1');
}

export function makeParagraph(text: string, sentences?: string[]): Paragraph {
  const clean = dropTrailingFootnoteMark(tidyText(text));
  const given = sentences?.map(tidyText).filter((s) => s.length > 0);
  return { text: clean, sentences: given && given.length > 0 ? given : splitPaperSentences(clean) };
}

// "Figure 1:", "Table 2.", "Fig. 3 |", and BMC's "Fig. 2 M-waves ..." (no punctuation, capital).
const CAPTION_START = /^(?:[Ff]ig(?:ure)?\.?|FIG(?:URE)?\.?|[Tt]able|TABLE|[Tt]ab\.)\s*[A-Z]?\d+[a-z]?(?:\s*[:.|]|\s+\p{Lu})/u;

/** A paragraph that is really a figure or table caption ("Figure 1: Overview of ..."). */
export function looksLikeCaption(text: string): boolean {
  return CAPTION_START.test(text);
}
