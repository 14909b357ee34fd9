// Lines in reading order → FulltextDocument, for the pdfjs path. The body font (the one most
// characters are set in) is the yardstick: headings stand out from it by font or size, footnotes,
// tables and figure labels are smaller, and paragraph breaks show as indents, short last lines
// or extra space. Running headers/footers and page numbers are recognised by repetition and
// position; the references section is left out, and what follows it too unless it is an appendix.
import type { Line } from './layout';
import { DEFAULT_SECTION_HEAD, type FulltextDocument, type Paragraph, type Section, type SentenceWindow } from './model';
import { looksLikeCaption, makeParagraph } from './text';
import { dropRunningLines } from './margins';
import { ABSTRACT_HEAD, headingAt, isAppendixHeading, REFERENCES_HEAD, SKIPPED_HEAD, type Style } from './headings';
import { takeCaptions } from './captions';
import { ColumnIndex } from './columns';
import { findFootnotes } from './footnotes';
import { joinLines, stripCitations, vocabularyOf } from './lineText';
import { isSetOff, tableRows } from './tables';
import { windowAcross } from './windows';

/** A keyword list under the abstract: GROBID files it apart, and it is no prose a claim rests on. */
const KEYWORDS = /^(?:key\s?words|index terms)\s*[:.—–-]/i;

/** Where the reader is: before the first heading, in the abstract, the body, a skipped section, the references. */
type Mode = 'front' | 'abstract' | 'body' | 'skip' | 'references';

export function buildDocument(allLines: Line[]): FulltextDocument {
  const withCaptions = dropRunningLines(allLines);
  const style = bodyStyle(withCaptions);
  const vocabulary = vocabularyOf(withCaptions);
  // One index over every line left on the page, floats included, so a gap left by a figure or
  // table between two lines of a paragraph can be told from a paragraph break.
  const columns = new ColumnIndex(withCaptions);
  const { captions, rest: lines } = takeCaptions(withCaptions, style);
  const tables = tableRows(columns);
  const footnotes = findFootnotes(new ColumnIndex(lines), style, lines[0]?.page ?? 1);
  const document: FulltextDocument = {
    title: titleOf(lines, style),
    sections: [],
    captions: captions.map((caption) => makeParagraph(joinLines(caption, vocabulary)).text),
    references: [],
  };
  const front: Section = { head: DEFAULT_SECTION_HEAD, paragraphs: [] };
  const abstract: string[] = [];
  let mode: Mode = 'front';
  let section = front;
  let buffer: Line[] = [];
  /** Footnotes met inside the running paragraph: they follow it once it ends. */
  let notes: Line[][] = [];
  let firstHeadingPage = Infinity;

  /** Files a block's text; a body paragraph is returned for the caller to place, unless `place`. */
  const add = (text: string, place = false): Paragraph | undefined => {
    if (!isProse(text) || KEYWORDS.test(text)) return undefined;
    if (looksLikeCaption(text)) document.captions.push(makeParagraph(text).text);
    else if (mode === 'abstract') abstract.push(makeParagraph(stripCitations(text)).text);
    else if (mode === 'front') section.paragraphs.push(makeParagraph(stripCitations(text)));
    else if (mode === 'body') {
      const paragraph = makeParagraph(stripCitations(text));
      if (!place) return paragraph;
      section.paragraphs.push(paragraph);
    }
    return undefined;
  };
  /** The last body paragraph, and whether the break after it was a guess (then a window spans it). */
  let last: Paragraph | undefined;
  let lastSection: Section | undefined;
  const windows: SentenceWindow[] = [];
  let guessed = false;
  const flush = () => {
    const paragraph = add(joinLines(buffer, vocabulary));
    buffer = [];
    if (paragraph && mode === 'body') {
      if (guessed && last && lastSection === section) windows.push(windowAcross(section.head, last, paragraph));
      section.paragraphs.push(paragraph);
      last = paragraph;
      lastSection = section;
    }
    guessed = false;
    if (mode === 'body') for (const note of notes) add(joinLines(note, vocabulary), true);
    notes = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading = headingAt(lines, i, style);
    if (heading && (mode !== 'references' || isAppendixHeading(heading.text, line, style))) {
      flush();
      const head = heading.text;
      i += heading.lines - 1;
      firstHeadingPage = Math.min(firstHeadingPage, line.page);
      if (REFERENCES_HEAD.test(head)) mode = 'references';
      else if (ABSTRACT_HEAD.test(head)) mode = 'abstract';
      else if (SKIPPED_HEAD.test(head)) mode = 'skip';
      else {
        mode = 'body';
        section = { head, paragraphs: [] };
        document.sections.push(section);
      }
      continue;
    }
    const note = footnotes.byMark.get(line);
    if (note) notes.push(note);
    if (mode === 'references' || footnotes.lines.has(line) || tables.has(line) || !isBodyText(line, style, mode)) continue;
    if (mode === 'body' && isSetOff(line, columns, style)) continue;
    const cut = buffer.length > 0 ? breakBefore(line, buffer.at(-1)!, style, columns) : 'none';
    if (cut !== 'none') {
      flush();
      guessed = cut === 'guess';
    }
    buffer.push(line);
  }
  flush();

  // Before the first heading sit the title, authors and affiliations; only keep that text
  // when the paper has no heading early on, as then it is the body itself.
  const keptFront = firstHeadingPage <= 2 ? [] : front.paragraphs;
  if (keptFront.length > 0) document.sections.unshift({ head: DEFAULT_SECTION_HEAD, paragraphs: keptFront });
  document.sections = document.sections.filter((s) => s.paragraphs.length > 0);
  if (abstract.length > 0) document.abstract = abstract.join(' ');
  if (windows.length > 0) document.windows = windows;
  return document;
}

// ---- the body font ----------------------------------------------------------------------

function bodyStyle(lines: Line[]): Style {
  const chars = new Map<string, number>();
  // A long reference list set smaller than the body (as in ASM's journals) can outweigh it: the
  // lines from the last "References" line on are not counted.
  const end = lines.findLastIndex((l) => REFERENCES_HEAD.test(l.text));
  for (const line of end > lines.length / 3 ? lines.slice(0, end) : lines) {
    const key = `${line.font}|${Math.round(line.size * 2) / 2}`;
    chars.set(key, (chars.get(key) ?? 0) + line.text.length);
  }
  let best = '';
  for (const [key, n] of chars) if (n > (chars.get(best) ?? 0)) best = key;
  const [font, size] = [best.slice(0, best.lastIndexOf('|')), Number(best.slice(best.lastIndexOf('|') + 1))];
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1], lines[i]];
    const dy = a.y - b.y;
    const bodySize = a.font === font && b.font === font && Math.abs(a.size - size) < 0.5 && Math.abs(b.size - size) < 0.5;
    if (a.page === b.page && a.column === b.column && bodySize && dy > 0.8 * size && dy < 2.5 * size) {
      gaps.push(dy);
    }
  }
  gaps.sort((x, y) => x - y);
  const small = smallBodySize(chars, font, size);
  return { font, size, leading: gaps[Math.floor(gaps.length / 2)] ?? size * 1.2, ...(small ? { small } : {}) };
}

/**
 * A smaller size of the body font that carries over a quarter as much text as the body size: a
 * section set in small type throughout (ASM's and PNAS's methods). Footnotes and table notes in
 * the body font carry far less (under a tenth in the papers measured).
 */
function smallBodySize(chars: Map<string, number>, font: string, size: number): number | undefined {
  let small: number | undefined;
  let most = 0.25 * (chars.get(`${font}|${size}`) ?? 0);
  for (const [key, n] of chars) {
    const at = Number(key.slice(key.lastIndexOf('|') + 1));
    if (key.slice(0, key.lastIndexOf('|')) === font && at < size - 0.8 && at >= size - 3 && n > most) [small, most] = [at, n];
  }
  return small;
}

function sameSize(line: Line, style: Style, tolerance: number): boolean {
  return Math.abs(line.size - style.size) <= tolerance;
}

function isBodyText(line: Line, style: Style, mode: Mode): boolean {
  if (mode === 'body' && style.small !== undefined && Math.abs(line.size - style.small) <= 0.5) return true;
  // Abstracts are often set a point smaller than the body.
  return sameSize(line, style, mode === 'abstract' || mode === 'front' ? 1.3 : 0.8);
}

// ---- paragraphs -------------------------------------------------------------------------

/**
 * Whether a new paragraph starts at `line`, and how sure that is: `sure` when the page shows it
 * in place (extra space, an indent, a short last line in the same column, a change of size),
 * `guess` when the text jumps between the two lines (next column or page, or past a float).
 */
function breakBefore(line: Line, previous: Line, style: Style, columns: ColumnIndex): 'none' | 'sure' | 'guess' {
  const samePlace = previous.page === line.page && previous.column === line.column;
  let jumped = !samePlace;
  if (samePlace) {
    const dy = previous.y - line.y;
    if (Math.abs(dy) < 0.25 * style.size) return 'none'; // the rest of the same baseline
    if (dy < 0) return 'sure';
    // Extra space is a break unless a float (figure, table, caption, formula) fills it.
    if (dy > style.leading * 1.45) {
      if (!floatBetween(previous, line, columns)) return 'sure';
      jumped = true;
    }
  }
  if (Math.abs(line.size - previous.size) > 0.8) return 'sure';
  const found = jumped ? 'guess' : 'sure';
  const { left, right } = columns.marginsOf(line);
  const indent = line.x0 - left;
  if (indent > 0.6 * style.size && indent < 4 * style.size && line.x1 > right - 2 * style.size) return found;
  const previousMargins = samePlace ? { left, right } : columns.marginsOf(previous);
  const shortLast = previous.x1 < previousMargins.right - 1.5 * style.size;
  return shortLast && /[.!?:)"”]$/.test(previous.text) ? found : 'none';
}

/** Whether any line of the column (a float's, as body lines would be in the buffer) sits between two lines. */
function floatBetween(above: Line, below: Line, columns: ColumnIndex): boolean {
  const margin = 0.3 * below.size;
  return columns.linesOf(below).some((l) => l.y < above.y - margin && l.y > below.y + margin);
}

function isProse(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w));
  if (words.length < 4) return false;
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  return letters / text.replace(/\s/g, '').length >= 0.6;
}

function titleOf(lines: Line[], style: Style): string | undefined {
  const first = lines.filter((l) => l.page === 1 && l.y > l.pageHeight * 0.45 && l.size >= style.size + 2);
  if (first.length === 0) return undefined;
  const size = Math.max(...first.map((l) => l.size));
  const title = first.filter((l) => Math.abs(l.size - size) < 0.5).map((l) => l.text).join(' ');
  return title.replace(/\s+/g, ' ').trim() || undefined;
}
