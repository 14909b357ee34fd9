// pdfjs text runs → line fragments: runs that sit on one baseline without a column-sized gap.
// Sub- and superscripts are part of the line they sit on: when the content stream emits them
// with the line they are joined there; when it emits them afterwards (TeX often sets a line's
// maths indices after the line), they are put back at their x. Either way a shifted baseline
// starts a new token ("p₁" → "p 1", as GROBID writes it), so an index never fuses into a word.
import type { TextRun } from './runs';

/** Text added for one run, at the run's x (so a late subscript can be slotted in between). */
interface Piece {
  x: number;
  text: string;
}

export interface Fragment {
  runs: TextRun[];
  pieces: Piece[];
  x0: number;
  x1: number;
  y: number;
  size: number;
}

export function fragmentText(fragment: Fragment): string {
  return fragment.pieces.map((piece) => piece.text).join('');
}

/** Joins runs in content-stream order, then puts late sub- and superscripts into their lines. */
export function fragmentsOf(runs: TextRun[]): Fragment[] {
  return attachScripts(streamFragments(runs));
}

function streamFragments(runs: TextRun[]): Fragment[] {
  const fragments: Fragment[] = [];
  let current: Fragment | undefined;
  let pendingSpace = false;
  for (const run of runs) {
    if (run.text.trim() === '') {
      pendingSpace = run.text.length > 0;
      continue;
    }
    if (current && continuesLine(current, run)) {
      if (isMarkSuperscript(current, run)) continue; // footnote and citation marks: "model.3", "shown5,6"
      const last = current.runs.at(-1)!;
      const gap = run.x - current.x1;
      const space = pendingSpace || gap > 0.15 * Math.min(current.size, run.size) || shiftsBaseline(last, run);
      current.pieces.push({ x: run.x, text: (space ? ' ' : '') + run.text });
      current.runs.push(run);
      current.x1 = Math.max(current.x1, run.x + run.width);
      if (run.size > current.size * 1.15 && Math.abs(run.y - current.y) < 1) current.size = run.size;
    } else {
      current = { runs: [run], pieces: [{ x: run.x, text: run.text }], x0: run.x, x1: run.x + run.width, y: run.y, size: run.size };
      fragments.push(current);
    }
    pendingSpace = false;
  }
  return fragments;
}

function continuesLine(fragment: Fragment, run: TextRun): boolean {
  const size = Math.max(fragment.size, run.size);
  const dy = run.y - fragment.y;
  const smaller = run.size < fragment.size * 0.9;
  // Superscripts (citation and footnote marks) ride up to ~0.6 em; subscripts dip a little.
  const sameBaseline = Math.abs(dy) <= 0.25 * size || (smaller && dy > -0.35 * size && dy < 0.7 * size);
  const gap = run.x - fragment.x1;
  return sameBaseline && gap > -0.5 * size && gap < 1.2 * size;
}

/** Going into or out of a sub- or superscript: a smaller run on a baseline shifted by over 0.1 em. */
function shiftsBaseline(a: TextRun, b: TextRun): boolean {
  const size = Math.max(a.size, b.size);
  return Math.abs(a.size - b.size) > 0.1 * size && Math.abs(a.y - b.y) > 0.1 * size;
}

function isMarkSuperscript(fragment: Fragment, run: TextRun): boolean {
  const raised = run.size < fragment.size * 0.85 && run.y - fragment.y > 0.2 * fragment.size;
  return raised && isMark(run.text) && !afterVariable(fragment.pieces.at(-1)?.text ?? '');
}

/**
 * A raised number after a one-letter word is an index or exponent of a variable ("P¹", "x²"),
 * kept; after a longer word or punctuation it is a footnote or citation mark ("model.³"), dropped.
 */
function afterVariable(textBefore: string): boolean {
  return /(?:^|[^\p{L}])\p{L}\s*$/u.test(textBefore);
}

function isMark(text: string): boolean {
  return /^[\d,\-–*∗†‡§¶\s]+$/.test(text);
}

/**
 * A small fragment whose baseline is just below (subscript) or above (superscript) a larger
 * fragment's, and whose x lies inside that fragment's extent, is an index of that line: it goes
 * in at its x, set off by spaces. Marks (digits, daggers) riding above a line are dropped, as in
 * the stream, unless they index a variable. A small fragment left of the line's start (a footnote's number) stays apart.
 */
function attachScripts(fragments: Fragment[]): Fragment[] {
  if (fragments.length < 2) return fragments;
  const kept: Fragment[] = [];
  // By baseline, so the lines a script can belong to are found by a binary search.
  const byY = [...fragments].sort((a, b) => a.y - b.y);
  for (const fragment of fragments) {
    const host = scriptHost(fragment, byY);
    if (!host) {
      kept.push(fragment);
      continue;
    }
    const at = host.pieces.findIndex((piece) => piece.x > fragment.x0);
    const before = host.pieces[at < 0 ? host.pieces.length - 1 : at - 1]?.text ?? '';
    if (fragment.y > host.y && isMark(fragmentText(fragment)) && !afterVariable(before)) continue;
    const piece = { x: fragment.x0, text: ` ${fragmentText(fragment)} ` };
    if (at < 0) host.pieces.push(piece);
    else host.pieces.splice(at, 0, piece);
    host.runs.push(...fragment.runs);
  }
  return kept;
}

function scriptHost(fragment: Fragment, byY: Fragment[]): Fragment | undefined {
  // Subscripts drop to ~0.45 em of the host's size below its baseline, superscripts rise to ~0.7 em.
  const reach = fragment.size * 1.6;
  let lo = 0;
  let hi = byY.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (byY[mid]!.y < fragment.y - reach) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < byY.length && byY[i]!.y <= fragment.y + reach; i++) {
    const host = byY[i]!;
    if (host === fragment || fragment.size > host.size * 0.9) continue;
    const dy = fragment.y - host.y;
    if (dy < -0.45 * host.size || dy > 0.7 * host.size || Math.abs(dy) < 0.1 * host.size) continue;
    if (fragment.x0 >= host.x0 && fragment.x1 <= host.x1 + 0.6 * host.size) return host;
  }
  return undefined;
}
