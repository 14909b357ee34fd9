// Running headers and footers, page numbers: text in the top or bottom band of a page that
// repeats across pages (digits ignored, so "Page 3 of 9" matches "Page 4 of 9"), or that is
// only a page number. Dropped before paragraphs are built so they never split one.
import type { Line } from './layout';

/** Share of the page height, at top and bottom, where running heads and folios live. */
const BAND = 0.1;
const PAGE_NUMBER = /^(?:page\s*)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

export function dropRunningLines(lines: Line[]): Line[] {
  const pages = new Set(lines.map((l) => l.page)).size;
  const pagesByKey = new Map<string, Set<number>>();
  for (const line of lines) {
    if (!inMarginBand(line)) continue;
    const key = marginKey(line.text);
    let seen = pagesByKey.get(key);
    if (!seen) pagesByKey.set(key, (seen = new Set()));
    seen.add(line.page);
  }
  const minPages = Math.max(2, Math.ceil(pages * 0.3));
  return lines.filter((line) => {
    if (!inMarginBand(line)) return true;
    if (PAGE_NUMBER.test(line.text.trim())) return false;
    return (pagesByKey.get(marginKey(line.text))?.size ?? 0) < minPages;
  });
}

function inMarginBand(line: Line): boolean {
  return line.y > line.pageHeight * (1 - BAND) || line.y < line.pageHeight * BAND;
}

function marginKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}
