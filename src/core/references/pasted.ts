// Pasted text (an e-mail, a Word file, a selection): one reference per blank-line-separated
// paragraph when the text has blank lines between references; else, in a list numbered in sequence
// ("[1]", "[2]", … or "1.", "2.", …) whose items wrap, as text copied from a PDF does, one per
// number; else one per line.
import type { ReferenceItem } from './types';
import { joinLines } from './pdfItems';
import { vocabularyOf } from '../fulltext/lineText';

/** A printed number at the start: "[12]", "12.", "12)". */
const LEADING_NUMBER = /^\s*(?:\[(\d{1,4})\]|(\d{1,4})[.)])\s+/;

export function pastedItems(text: string): ReferenceItem[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const paragraphs = /\S[^\n]*\n[ \t]*\n[ \t]*\S/.test(text) && lines.some((l, i) => l.trim() && lines[i + 1]?.trim());
  const numbered = paragraphs ? undefined : numberedStarts(lines);
  const items: ReferenceItem[] = [];
  const vocabulary = vocabularyOf(lines.map((text) => ({ text })));
  let current: { line: number; parts: string[] } | undefined;
  const flush = () => {
    // Lines copied from a PDF end where TeX broke them: a DOI cut at "2016.", a word at "learn-".
    if (current) items.push(itemOfText(joinLines(current.parts, vocabulary), current.line));
    current = undefined;
  };
  lines.forEach((line, i) => {
    if (!line.trim()) return numbered ? undefined : flush();
    if (numbered ? numbered.has(i) : !paragraphs) flush();
    current ??= { line: i, parts: [] };
    current.parts.push(line.trim());
  });
  flush();
  return items;
}

/**
 * The lines that open the items of a numbered list whose items wrap: the first line opens with a
 * number, each next item with the number after it in the same form ("[2]" after "[1]"), and some
 * line opens with none (a continuation). Undefined for any other text.
 */
function numberedStarts(lines: string[]): Set<number> | undefined {
  const starts = new Set<number>();
  let next: { number: number; form: string } | undefined;
  lines.forEach((line, i) => {
    const printed = LEADING_NUMBER.exec(line);
    if (!printed) return;
    const number = Number(printed[1] ?? printed[2]);
    const form = printed[0].trim().replace(/\d+/, '#');
    if (next && (number !== next.number || form !== next.form)) return;
    starts.add(i);
    next = { number: number + 1, form };
  });
  const first = lines.findIndex((line) => line.trim());
  const wrapped = lines.some((line, i) => line.trim() && !starts.has(i));
  return starts.has(first) && starts.size >= 2 && wrapped ? starts : undefined;
}

/** An item of one reference's text, its printed number taken off. */
export function itemOfText(text: string, line?: number): ReferenceItem {
  const flat = text.replace(/\s+/g, ' ').trim();
  const number = LEADING_NUMBER.exec(flat);
  return {
    ...(number ? { number: number[1] ?? number[2] } : {}),
    ...(line !== undefined ? { line } : {}),
    text: number ? flat.slice(number[0].length) : flat,
  };
}
