// The lines of a PDF's reference section cut into references. A list numbered "[12]" or "12."
// starts an item at each number in sequence; an author–year list starts one where a line is not
// indented under the one before (hanging indents), else where the gap between lines is wider
// than within a reference. Lines are in reading order (left column before right), per page.
import type { Line } from '../fulltext/layout';
import type { ReferenceItem } from './types';

/** A number that starts a reference; a line of its own when the layout set it apart from the text. */
const BRACKETED = /^\[(\d{1,4})\](?:\s+|$)/;
const DOTTED = /^(\d{1,4})\.(?:\s+|$)/;

export function splitReferenceLines(lines: Line[]): ReferenceItem[] {
  const bracketed = numberedStarts(lines, BRACKETED);
  const dotted = bracketed ? undefined : numberedStarts(lines, DOTTED);
  const starts = bracketed ?? dotted ?? layoutStarts(lines);
  const items: ReferenceItem[] = [];
  starts.forEach((from, i) => {
    const to = starts[i + 1] ?? lines.length;
    const text = joinLines(lines.slice(from, to).map((l) => l.text));
    const pattern = bracketed ? BRACKETED : dotted ? DOTTED : undefined;
    const number = pattern?.exec(text);
    const body = number ? text.slice(number[0].length) : text;
    if (body.trim()) items.push({ ...(number ? { number: number[1] } : {}), page: lines[from]!.page, text: body.trim() });
  });
  return items;
}

/** Indices of the lines starting a numbered item, when the numbers run 1, 2, 3… (most of them). */
function numberedStarts(lines: Line[], pattern: RegExp): number[] | undefined {
  const starts: number[] = [];
  let expected = 1;
  lines.forEach((line, i) => {
    const n = Number(pattern.exec(line.text)?.[1]);
    if (n === expected || (starts.length === 0 && n > 0)) {
      starts.push(i);
      expected = n + 1;
    }
  });
  return starts.length >= 3 && starts.length >= lines.length / 8 ? starts : undefined;
}

/** Where an author–year item starts: at the column's left edge under an indented line, or after a wide gap. */
function layoutStarts(lines: Line[]): number[] {
  const left = new Map<string, number>();
  for (const line of lines) left.set(blockOf(line), Math.min(left.get(blockOf(line)) ?? Infinity, line.x0));
  const indented = (line: Line) => line.x0 > left.get(blockOf(line))! + Math.max(2, line.size * 0.6);
  const hanging = lines.filter(indented).length >= lines.length * 0.2;
  const gaps = lines.slice(1).map((l, i) => (sameBlock(l, lines[i]!) ? lines[i]!.y - l.y : NaN)).filter((g) => g > 0);
  const usual = median(gaps);
  const starts: number[] = [];
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    if (!previous) return starts.push(i);
    if (hanging) {
      if (!indented(line)) starts.push(i);
      return;
    }
    const gap = sameBlock(line, previous) ? previous.y - line.y : Infinity;
    if (gap > usual * 1.35 && /[.)]$/.test(previous.text.trim())) starts.push(i);
  });
  return starts;
}

const blockOf = (line: Line) => `${line.page}:${line.column}`;
const sameBlock = (a: Line, b: Line) => blockOf(a) === blockOf(b);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Lines as one string: a word broken at the line's end is joined (its hyphen kept: titles are compared letters only). */
function joinLines(texts: string[]): string {
  return texts.reduce((text, line) => (/\p{L}-$/u.test(text) ? text + line.trim() : `${text} ${line.trim()}`), '').replace(/\s+/g, ' ').trim();
}
