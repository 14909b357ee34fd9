// The lines of a PDF's reference section cut into references. A list numbered "[12]" or "12."
// starts an item at each number in sequence; an author–year list starts one where a line is not
// indented under the one before (hanging indents), else where the gap between lines is wider
// than within a reference. Lines are in reading order (left column before right), per page.
import type { Line } from '../fulltext/layout';
import type { ReferenceItem } from './types';
import { composeAccents } from '../fulltext/accents';
import { vocabularyOf, type Vocabulary } from '../fulltext/lineText';
import { isListedStem } from '../scoring/termStats';
import { SCORING_TOKENS, stems } from '../text/tokens';

export { composeAccents };

/** A number that starts a reference; a line of its own when the layout set it apart from the text. */
const BRACKETED = /^\[(\d{1,4})\]\s*/;
const DOTTED = /^(\d{1,4})\.(?:\s+|$)/;

/**
 * `paper` is every line of the paper when known: a name broken at a line's end in the list
 * ("SciB-" "ERT") is printed whole in the text more often than in the list itself.
 */
export function splitReferenceLines(read: Line[], paper: readonly Pick<Line, 'text'>[] = read): ReferenceItem[] {
  const lines = read.map((line) => ({ ...line, text: composeAccents(line.text) }));
  const bracketed = numberedStarts(lines, BRACKETED);
  const dotted = bracketed ? undefined : numberedStarts(lines, DOTTED);
  const starts = bracketed ?? dotted ?? layoutStarts(lines);
  const vocabulary = vocabularyOf(paper === read ? lines : paper.map((line) => ({ text: composeAccents(line.text) })));
  const items: ReferenceItem[] = [];
  starts.forEach((from, i) => {
    const to = starts[i + 1] ?? lines.length;
    const text = withChapterUnderscore(joinLines(lines.slice(from, to).map((l) => l.text), vocabulary));
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

/**
 * A Springer chapter's DOI ("10.1007/978-3-031-19830-4_20") whose "_" the font drew without a
 * character (an OT1 roman has none): pdf.js reads a space there.
 */
function withChapterUnderscore(text: string): string {
  return text.replace(/\b(10\.\d{4,9}\/978-[\d-]+-[\dX]) (\d{1,4})\b/g, '$1_$2');
}

/**
 * Lines as one string. A DOI or URL broken at the line's end (TeX's url package breaks after
 * "." "/" "-" without a mark) is joined without a space; a word hyphenated at the line's end is
 * joined without its hyphen unless the hyphen is the compound's own ("self-supervised", "Brain-controlled").
 */
export function joinLines(texts: string[], vocabulary?: Vocabulary): string {
  return texts
    .reduce((text, line) => {
      const joint = lineJoint(text, line.trim(), vocabulary);
      return (joint === 'unhyphenate' ? text.slice(0, -1) : text + joint) + line.trim();
    }, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words a compound starts or ends with, at whose hyphen TeX breaks the line (the hyphen is kept); adverbs ("fully-") apart. */
const COMPOUND_START = /^(?:axis|self|multi|cross|non|semi|meta|post|anti|inter|intra|zero|few|one|two|end|real|test|task|fine|high|low|long|large|open|data|model|privacy|language|sample|state|time|human|vision|text)$/iu;
const COMPOUND_END = /^(?:based|aware|efficient|agnostic|supervised|trained|training|free|specific|level|scale|wise|like|driven|guided|augmented|tolerant|connected|shot|identification|language|range|means|of|and|to|from)\b/i;
/** A DOI or URL cut where TeX's url package breaks one (after . / : - _ ? = & # and the like). */
const IDENTIFIER = /^(?:doi:|https?:|www\.|10\.\d{4,}\/)(?:\S*[./:_?=&#;+-])?$/i;

/** What goes between the text and the next line: a space, nothing, or the hyphen taken away. */
function lineJoint(text: string, line: string, vocabulary?: Vocabulary): ' ' | '' | 'unhyphenate' {
  const last = /(\S+)$/.exec(text)?.[1] ?? '';
  const first = /^\S+/.exec(line)?.[0] ?? '';
  const doiHead = last === '10.' && /\bdoi:?\s+10\.$/i.test(text);
  if ((IDENTIFIER.test(last) || doiHead) && /[\d./]/.test(first) && !/^\p{Lu}\p{Ll}+[,.]?$/u.test(first)) return '';
  const broken = /(\p{L}+)-$/u.exec(text);
  if (!broken) return ' ';
  const head = broken[1]!;
  if (isNamePrintedWhole(head, first, vocabulary)) return 'unhyphenate';
  if (!/^\p{Ll}/u.test(first) || !/^\p{Lu}?\p{Ll}+$/u.test(head)) return '';
  if (COMPOUND_START.test(head) || isAdverb(head) || COMPOUND_END.test(first)) return '';
  return isBrokenName(head, line) || !isCompound(head, /^\p{L}+/u.exec(first)?.[0] ?? first) ? 'unhyphenate' : '';
}

/**
 * "Le-" "Cun" is LeCun when the list prints "LeCun" whole elsewhere, and not "Le-Cun": a capital after the
 * hyphen is as often a double name's ("Chen-" "Yu", "Jan-" "Willem"), which the list never prints joined.
 */
function isNamePrintedWhole(head: string, first: string, vocabulary: Vocabulary | undefined): boolean {
  const tail = /^\p{L}+/u.exec(first)?.[0];
  if (!vocabulary || !tail || !/\p{Lu}/u.test(head + tail)) return false;
  return vocabulary.words.has(`${head}${tail}`.toLowerCase()) && !vocabulary.hyphenated.has(`${head}-${tail}`.toLowerCase());
}

/** "fully-" or "autonomously-" (a compound's adverb), not the "analy-" of "analysis". */
const isAdverb = (word: string) => /ly$/i.test(word) && isListed(word);

/**
 * A person's name TeX hyphenated ("Stefano Er-" "mon, and", "Lu-" "cas Beyer and"): a capitalised
 * syllable whose lowercase rest ends the name, or runs into one or two more names, before a comma,
 * "and" or the list's period. Its syllables are often words ("Er", "mon"), which would keep the hyphen.
 */
function isBrokenName(head: string, line: string): boolean {
  return /^\p{Lu}/u.test(head) && /^\p{Ll}+(?: \p{Lu}[\p{L}'’-]*){0,2}(?:,|\.(?:\s|$)| and )/u.test(line);
}

/**
 * Two words of scientific text whose join is none ("Brain" + "controlled"): the hyphen is the
 * compound's. A word split by TeX joins into one the term table lists ("stimu" + "lation").
 */
function isCompound(head: string, tail: string): boolean {
  return !isListed(head + tail) && isListed(head) && isListed(tail);
}

/** A word the term table lists (one stem). */
function isListed(word: string): boolean {
  const stem = stems(word, SCORING_TOKENS);
  return stem.length === 1 && isListedStem(stem[0]!);
}
