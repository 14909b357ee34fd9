// A paragraph's lines → its text on the pdfjs path: end-of-line hyphens undone where the word
// is not hyphenated elsewhere in the paper, and citation markers taken out as GROBID drops them.
import type { Line } from './layout';
import { composeAccents } from './accents';

/** What the paper's own lines say about its words, to tell a line-end hyphen from a real one. */
export interface Vocabulary {
  /** Words printed with a hyphen inside a line ("document-level"), lower-cased. */
  hyphenated: Set<string>;
  /** Every word printed inside a line ("SciBERT", "MEDLINE"), lower-cased. */
  words: Set<string>;
}

/**
 * Joins a paragraph's lines, undoing end-of-line hyphenation where the word is not hyphenated
 * elsewhere. Linear in the paragraph: each line is looked at once (only the previous line's last
 * word matters), never the text joined so far, so a 2,000-page "paragraph" costs no more per line.
 */
export function joinLines(lines: Line[], vocabulary: Vocabulary): string {
  const parts: string[] = [];
  for (const line of lines) {
    const text = lineText(line.text);
    const previous = parts.length > 0 ? parts[parts.length - 1]! : undefined;
    const hyphen = previous === undefined ? null : /(\S*\p{L})-$/u.exec(lastWord(previous));
    const next = /^(\p{Ll}[\p{L}\-]*)/u.exec(text);
    const capital = /^\p{Lu}\p{L}*/u.exec(text);
    if (previous !== undefined && hyphen && next) {
      const keep = hyphen[1].includes('-') || vocabulary.hyphenated.has(`${hyphen[1]}-${next[1]}`.toLowerCase());
      // The word goes on in this line: glue it to the previous part, without the hyphen unless it is real.
      parts[parts.length - 1] = (keep ? previous : previous.slice(0, -1)) + text;
    } else if (previous !== undefined && hyphen && capital && /\p{Lu}/u.test(hyphen[1])) {
      // A capital on both sides ("SciB-" + "ERT", "Never-" + "Ending"): one word either way,
      // and without the hyphen when the paper prints it whole elsewhere ("SciBERT").
      const whole = vocabulary.words.has(`${hyphen[1]}${capital[0]}`.toLowerCase());
      parts[parts.length - 1] = (whole ? previous.slice(0, -1) : previous) + text;
    } else if (previous !== undefined && /\p{L}[–—]$/u.test(previous) && /^\p{L}/u.test(text)) {
      // A dash never hyphenates, but a line may break after one: the words around it stay joined.
      parts[parts.length - 1] = previous.replace(/–$/, '-') + text;
    } else {
      parts.push(text);
    }
  }
  return parts.join(' ');
}

/**
 * A line's text as a claim would spell it: accents composed ("ˇReh˚uˇrek" → "Řehůřek"), Unicode
 * and non-breaking hyphens as "-" ("13‑item"), and an en dash joining two words ("mention–mention
 * edges") as a hyphen, as GROBID writes it.
 */
function lineText(text: string): string {
  // Most lines have none of these: test first, as every line of the paper passes here twice.
  const composed = SPACING_ACCENT.test(text) ? composeAccents(text) : text;
  return /[\u2010\u2011–]/.test(composed) ? composed.replace(/[\u2010\u2011]/g, '-').replace(/(\p{L})–(?=\p{L})/gu, '$1-') : composed;
}

const SPACING_ACCENT = /[´`¨˜ˆ¸ˇ˚˘˙¯˝]/;

/** The last whitespace-separated word, looked for in the last 200 characters only. */
function lastWord(text: string): string {
  const tail = text.length > 200 ? text.slice(-200) : text;
  return tail.slice(tail.search(/\S*$/));
}

/** The words of every line, hyphenated and whole: evidence for how a word broken at a line end is spelt. */
export function vocabularyOf(lines: readonly Pick<Line, 'text'>[]): Vocabulary {
  const hyphenated = new Set<string>();
  const words = new Set<string>();
  for (const line of lines) {
    const text = lineText(line.text).toLowerCase();
    for (const match of text.matchAll(/\p{L}+(?:-\p{L}+)+/gu)) hyphenated.add(match[0]);
    for (const word of text.split(/[^\p{L}]+/u)) if (word) words.add(word);
  }
  return { hyphenated, words };
}

/** A year, or several of one author ("2017a,b", "2019, 2020"). */
const YEARS = String.raw`\d{4}[a-z]?(?:,\s*(?:\d{4}[a-z]?|[a-z]\b))*`;
const CITED = new RegExp(String.raw`^\s*(?:e\.g\.,?\s*|see\s+)?\p{Lu}[\p{L}'’\-]+.*,?\s${YEARS}\s*$`, 'u');

/** A part longer than this is prose, not one citation ("Gan, Palmer, and Lua 1996" is 25). */
const MAX_CITATION_CHARS = 300;

/** "e.g., Bai 1995; Zhang et al. 1994": every part an author–year citation. */
function isCitationGroup(inner: string): boolean {
  return inner.split(';').every((part) => part.length <= MAX_CITATION_CHARS && CITED.test(part));
}

/** Numeric markers ([3], [4–6]) and parenthetical author–year citations, as GROBID drops them. */
export function stripCitations(text: string): string {
  return text
    .replace(/\s?\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '')
    // Each innermost parenthesis tested part by part: one pattern for the whole group backtracked
    // without end on a long list whose ")" never comes (a citance cut short, a paragraph cut by a page).
    .replace(/\s?\(([^()]*)\)/g, (all, inner: string) => (isCitationGroup(inner) ? '' : all))
    // A selection or citance that ends inside its list: "(e.g., Bai 1995; Zhang et al. 1994; Chen".
    .replace(/\s?\(([^()]*)$/, (all, inner: string) => (isCutCitationGroup(inner) ? '' : all));
}

/** A list cut short: two or more whole author–year citations, the cut last part aside. */
function isCutCitationGroup(inner: string): boolean {
  const parts = inner.split(';');
  const last = parts.at(-1)!;
  const whole = last.length <= MAX_CITATION_CHARS && CITED.test(last) ? parts : parts.slice(0, -1);
  return whole.length >= 2 && isCitationGroup(whole.join(';'));
}
