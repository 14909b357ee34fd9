// Page geometry for the pdfjs path: text runs → line fragments → reading order. Papers are
// often set in two columns, so a page is cut at its gutter (found from where text is absent)
// and read band by band: full-width blocks (titles, wide figures) separate bands, and inside a
// band the left column is read before the right one.
import { fragmentsOf, fragmentText, type Fragment } from './fragments';
import type { PageRuns } from './runs';

export type { PageRuns, TextRun } from './runs';

export type Column = 'full' | 'left' | 'right';

export interface Line {
  page: number;
  text: string;
  x0: number;
  x1: number;
  /** Baseline of the line's main text (superscripts do not move it). */
  y: number;
  size: number;
  /** Font carrying most of the line's characters, and the share it carries (0–1). */
  font: string;
  fontShare: number;
  column: Column;
  /** Top and bottom of the page's text, for header/footer detection. */
  pageHeight: number;
}

/** The lines of one page in reading order. */
export function pageLines(page: PageRuns): Line[] {
  const fragments = fragmentsOf(page.runs);
  const gutter = findGutter(fragments, page.width);
  const lines = fragments.map((fragment) => toLine(fragment, page, columnOf(fragment, gutter)));
  return readingOrder(lines);
}

/** x of the gutter between two columns, or undefined for a one-column page. */
function findGutter(fragments: Fragment[], width: number): number | undefined {
  const bin = 2;
  const coverage = new Array<number>(Math.ceil(width / bin) + 1).fill(0);
  let total = 0;
  // Labels say nothing about columns, and full-width blocks (title, abstract, affiliations)
  // would hide them: only lines with text beside them at about the same height count.
  const long = fragments.filter((f) => textLength(f) >= 12 && f.x1 - f.x0 <= 0.6 * width);
  const sideBySide = long.filter((f) =>
    long.some((g) => Math.abs(g.y - f.y) < 1.5 * f.size && (g.x0 > f.x1 + 5 || g.x1 < f.x0 - 5)),
  );
  for (const f of sideBySide) {
    total += textLength(f);
    for (let x = Math.max(0, Math.floor(f.x0 / bin)); x <= Math.min(coverage.length - 1, Math.floor(f.x1 / bin)); x++) {
      coverage[x] += textLength(f);
    }
  }
  if (total === 0) return undefined;
  const from = Math.floor((0.3 * width) / bin);
  const to = Math.ceil((0.7 * width) / bin);
  let best = Infinity;
  let bestStart = -1;
  let bestEnd = -1;
  for (let x = from; x <= to; x++) {
    if (coverage[x] < best) {
      best = coverage[x];
      bestStart = bestEnd = x;
    } else if (coverage[x] === best && bestEnd === x - 1) {
      bestEnd = x;
    }
  }
  if (best > 0.1 * total) return undefined;
  const gutter = ((bestStart + bestEnd + 1) / 2) * bin;
  const left = fragments.filter((f) => f.x1 <= gutter + bin && textLength(f) >= 12).length;
  const right = fragments.filter((f) => f.x0 >= gutter - bin && textLength(f) >= 12).length;
  return Math.min(left, right) >= 5 && Math.min(left, right) >= 0.3 * Math.max(left, right) ? gutter : undefined;
}

function textLength(fragment: Fragment): number {
  return fragment.pieces.reduce((n, piece) => n + piece.text.length, 0);
}

function columnOf(fragment: Fragment, gutter: number | undefined): Column {
  if (gutter === undefined) return 'full';
  if (fragment.x1 <= gutter + 3) return 'left';
  if (fragment.x0 >= gutter - 3) return 'right';
  return 'full';
}

function toLine(fragment: Fragment, page: PageRuns, column: Column): Line {
  const chars = new Map<string, number>();
  let count = 0;
  for (const run of fragment.runs) {
    const n = run.text.replace(/\s/g, '').length;
    chars.set(run.font, (chars.get(run.font) ?? 0) + n);
    count += n;
  }
  let font = fragment.runs[0].font;
  for (const [name, n] of chars) if (n > (chars.get(font) ?? 0)) font = name;
  return {
    page: page.number,
    text: fragmentText(fragment).replace(/\s+/g, ' ').trim(),
    x0: fragment.x0,
    x1: fragment.x1,
    y: fragment.y,
    size: fragment.size,
    font,
    fontShare: count > 0 ? (chars.get(font) ?? 0) / count : 1,
    column,
    pageHeight: page.height,
  };
}

/** Top to bottom; full-width lines split the page into bands read left column first. */
function readingOrder(lines: Line[]): Line[] {
  const sorted = byBaseline(lines);
  const ordered: Line[] = [];
  let band: Line[] = [];
  const flush = () => {
    ordered.push(...band.filter((l) => l.column === 'left'), ...band.filter((l) => l.column === 'right'));
    band = [];
  };
  for (const line of sorted) {
    if (line.column === 'full') {
      flush();
      ordered.push(line);
    } else {
      band.push(line);
    }
  }
  flush();
  return mergeSameBaseline(ordered);
}

/**
 * Top to bottom, and left to right along one baseline. Pieces of one visual line can sit a
 * fraction of a point apart (inline maths nudges the baseline), so y values within 0.2 em of
 * the first line of a run of lines count as one baseline, ordered by x.
 */
function byBaseline(lines: Line[]): Line[] {
  const sorted = [...lines].sort((a, b) => b.y - a.y || a.x0 - b.x0);
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && sorted[start]!.y - sorted[end]!.y < 0.2 * sorted[start]!.size) end++;
    if (end - start > 1) {
      const group = sorted.slice(start, end).sort((a, b) => a.x0 - b.x0);
      sorted.splice(start, group.length, ...group);
    }
    start = end;
  }
  return sorted;
}

/**
 * Pieces of one visual line that the content stream emitted apart are put back together; they
 * may overlap where a separately drawn accent sits over a letter ("Rˇ" + "ehůřek") or a label
 * over an arrow ("P −−→ P" with "cite" above it). Pieces are in x order along a baseline.
 */
function mergeSameBaseline(lines: Line[]): Line[] {
  const merged: Line[] = [];
  for (const line of lines) {
    const last = merged.at(-1);
    const gap = last ? line.x0 - last.x1 : Infinity;
    if (last && last.column === line.column && Math.abs(last.y - line.y) < 0.25 * last.size && gap < 1.2 * last.size) {
      last.text += (gap > 0.15 * last.size ? ' ' : '') + line.text;
      last.x1 = line.x1;
    } else {
      merged.push({ ...line });
    }
  }
  return merged;
}
