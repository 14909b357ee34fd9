// A paragraph's lines → its text on the pdfjs path: end-of-line hyphens undone where the word
// is not hyphenated elsewhere in the paper, and citation markers taken out as GROBID drops them.
import type { Line } from './layout';

/**
 * Joins a paragraph's lines, undoing end-of-line hyphenation where the word is not hyphenated
 * elsewhere. Linear in the paragraph: each line is looked at once (only the previous line's last
 * word matters), never the text joined so far, so a 2,000-page "paragraph" costs no more per line.
 */
export function joinLines(lines: Line[], hyphenated: Set<string>): string {
  const parts: string[] = [];
  for (const line of lines) {
    // An en dash joining two words ("mention–mention edges") is written as a hyphen, as GROBID does.
    const text = line.text.replace(/(\p{L})–(?=\p{L})/gu, '$1-');
    const previous = parts.length > 0 ? parts[parts.length - 1]! : undefined;
    const hyphen = previous === undefined ? null : /(\S*\p{L})-$/u.exec(lastWord(previous));
    const next = /^(\p{Ll}[\p{L}\-]*)/u.exec(text);
    if (previous !== undefined && hyphen && next) {
      const keep = hyphen[1].includes('-') || hyphenated.has(`${hyphen[1]}-${next[1]}`.toLowerCase());
      // The word goes on in this line: glue it to the previous part, without the hyphen unless it is real.
      parts[parts.length - 1] = (keep ? previous : previous.slice(0, -1)) + text;
    } else if (previous !== undefined && /\p{L}[–—]$/u.test(previous) && /^\p{L}/u.test(text)) {
      // A dash never hyphenates, but a line may break after one: the words around it stay joined.
      parts[parts.length - 1] = previous.replace(/–$/, '-') + text;
    } else {
      parts.push(text);
    }
  }
  return parts.join(' ');
}

/** The last whitespace-separated word, looked for in the last 200 characters only. */
function lastWord(text: string): string {
  const tail = text.length > 200 ? text.slice(-200) : text;
  return tail.slice(tail.search(/\S*$/));
}

/** Words printed with a hyphen inside a line: evidence that a line-end hyphen is real. */
export function hyphenatedWords(lines: Line[]): Set<string> {
  const words = new Set<string>();
  for (const line of lines) {
    for (const match of line.text.matchAll(/\p{L}+(?:-\p{L}+)+/gu)) words.add(match[0].toLowerCase());
  }
  return words;
}

/** Numeric markers ([3], [4–6]) and parenthetical author–year citations, as GROBID drops them. */
export function stripCitations(text: string): string {
  return text
    .replace(/\s?\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '')
    .replace(/\s?\(((?:e\.g\.,?\s*|see\s+)?[^()]*?\p{Lu}[^()]*?,?\s\d{4}[a-z]?(?:;\s*[^();]*?\d{4}[a-z]?)*)\)/gu, (all, inner: string) =>
      inner.split(';').every((part) => /^\s*(?:e\.g\.,?\s*|see\s+)?\p{Lu}[\p{L}'’\-]+.*,?\s\d{4}[a-z]?(?:,\s*\d{4}[a-z]?)*\s*$/u.test(part))
        ? ''
        : all,
    );
}
