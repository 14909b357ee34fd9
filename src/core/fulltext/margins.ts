// Running headers and footers, page numbers: text in the top or bottom band of a page that
// repeats across pages (digits ignored, so "Page 3 of 9" matches "Page 4 of 9"), or that is
// only a page number. Dropped before paragraphs are built so they never split one.
import type { Line } from './layout';

/** Share of the page height, at top and bottom, where running heads and folios live. */
const BAND = 0.1;
const PAGE_NUMBER = /^(?:page\s*)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

export interface RunningLineOptions {
  /**
   * Count a repeat only at the same height on the page, as a running head is set: a reference
   * list printed twice (one work under two keys) repeats its lines, each where the page breaks.
   */
  sameHeight?: boolean;
}

export function dropRunningLines(lines: Line[], options: RunningLineOptions = {}): Line[] {
  const pages = new Set(lines.map((l) => l.page)).size;
  const pagesByKey = new Map<string, Set<number>>();
  const keyOf = (line: Line) => marginKey(line.text) + (options.sameHeight ? `@${Math.round(line.y / 2)}` : '');
  for (const line of lines) {
    if (!inMarginBand(line)) continue;
    const key = keyOf(line);
    let seen = pagesByKey.get(key);
    if (!seen) pagesByKey.set(key, (seen = new Set()));
    seen.add(line.page);
  }
  const minPages = Math.max(2, Math.ceil(pages * 0.3));
  return lines.filter((line, index) => {
    if (!inMarginBand(line)) return true;
    if (PAGE_NUMBER.test(line.text.trim())) return opensLine(line, lines[index + 1]);
    return (pagesByKey.get(keyOf(line))?.size ?? 0) < minPages;
  });
}

/**
 * A number with text starting just right of it, a little lower, is the mark of a footnote
 * (or a list item's number) at the page foot, not a folio: folios stand alone.
 */
function opensLine(number: Line, next: Line | undefined): boolean {
  if (!next || next.page !== number.page) return false;
  const gap = next.x0 - number.x1;
  const dy = number.y - next.y;
  return gap >= -1 && gap <= 1.5 * next.size && dy >= -0.25 * next.size && dy <= next.size;
}

function inMarginBand(line: Line): boolean {
  return line.y > line.pageHeight * (1 - BAND) || line.y < line.pageHeight * BAND;
}

function marginKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}
