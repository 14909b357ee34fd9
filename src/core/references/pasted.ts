// Pasted text (an e-mail, a Word file, a selection): one reference per blank-line-separated
// paragraph when the text has blank lines between references, else one per line.
import type { ReferenceItem } from './types';

/** A printed number at the start: "[12]", "12.", "12)". */
const LEADING_NUMBER = /^\s*(?:\[(\d{1,4})\]|(\d{1,4})[.)])\s+/;

export function pastedItems(text: string): ReferenceItem[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const paragraphs = /\S[^\n]*\n[ \t]*\n[ \t]*\S/.test(text) && lines.some((l, i) => l.trim() && lines[i + 1]?.trim());
  const items: ReferenceItem[] = [];
  let current: { line: number; parts: string[] } | undefined;
  const flush = () => {
    if (current) items.push(itemOfText(current.parts.join(' '), current.line));
    current = undefined;
  };
  lines.forEach((line, i) => {
    if (!line.trim()) return flush();
    if (!paragraphs) flush();
    current ??= { line: i, parts: [] };
    current.parts.push(line.trim());
  });
  flush();
  return items;
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
