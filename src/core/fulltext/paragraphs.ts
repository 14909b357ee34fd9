// Lines in reading order → FulltextDocument, for the pdfjs path. The body font (the one most
// characters are set in) is the yardstick: headings stand out from it by font or size, footnotes,
// tables and figure labels are smaller, and paragraph breaks show as indents, short last lines
// or extra space. Running headers/footers and page numbers are recognised by repetition and
// position; the references section is left out, and so is what follows it unless it is an
// appendix (GROBID reads appendices as body text, and they hold method details claims cite).
import type { Line } from './layout';
import { DEFAULT_SECTION_HEAD, type FulltextDocument, type Section } from './model';
import { looksLikeCaption, makeParagraph } from './text';
import { dropRunningLines } from './margins';
import { ABSTRACT_HEAD, APPENDIX_HEAD, headingAt, REFERENCES_HEAD, SKIPPED_HEAD, type Style } from './headings';
import { takeCaptions } from './captions';
import { takeFootnotes } from './footnotes';


/** 'references': skipping the reference list, where only an appendix heading ends the skip. */
type Mode = 'front' | 'abstract' | 'body' | 'skip' | 'references';


export function buildDocument(allLines: Line[]): FulltextDocument {
  const withCaptions = dropRunningLines(allLines);
  const style = bodyStyle(withCaptions);
  const vocabulary = hyphenatedWords(withCaptions);
  const { captions, rest: withNotes } = takeCaptions(withCaptions, style);
  const { footnotes, rest: lines } = takeFootnotes(withNotes, style);
  let nextNote = 0;
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
  let firstHeadingPage = Infinity;

  const flush = () => {
    const text = joinLines(buffer, vocabulary);
    buffer = [];
    if (!isProse(text)) return;
    if (looksLikeCaption(text)) document.captions.push(makeParagraph(text).text);
    else if (mode === 'abstract') abstract.push(makeParagraph(stripCitations(text)).text);
    else if (mode !== 'skip' && mode !== 'references') section.paragraphs.push(makeParagraph(stripCitations(text)));
  };

  // A footnote joins the section it was printed in, beside (not inside) the open paragraph.
  const addNotesUpTo = (index: number) => {
    for (; nextNote < footnotes.length && footnotes[nextNote].at <= index; nextNote++) {
      const text = joinLines(footnotes[nextNote].lines, vocabulary);
      if (mode === 'body' && isProse(text)) section.paragraphs.push(makeParagraph(stripCitations(text)));
    }
  };

  for (let i = 0; i < lines.length; i++) {
    addNotesUpTo(i);
    const line = lines[i];
    const heading = headingAt(lines, i, style);
    if (heading) {
      flush();
      const head = heading.text;
      i += heading.lines - 1;
      if (REFERENCES_HEAD.test(head)) mode = 'references';
      // Inside the reference list a bold author name can pass for a heading: only an
      // appendix heading ("A Appendix", "Appendix B: ...") brings the body back.
      if (mode === 'references' && !APPENDIX_HEAD.test(head)) continue;
      firstHeadingPage = Math.min(firstHeadingPage, line.page);
      if (ABSTRACT_HEAD.test(head)) mode = 'abstract';
      else if (SKIPPED_HEAD.test(head)) mode = 'skip';
      else {
        mode = 'body';
        section = { head, paragraphs: [] };
        document.sections.push(section);
      }
      continue;
    }
    if (!isBodyText(line, style, mode)) continue;
    if (buffer.length > 0 && startsParagraph(line, buffer.at(-1)!, style, lines)) flush();
    buffer.push(line);
  }
  flush();
  addNotesUpTo(lines.length);

  // Before the first heading sit the title, authors and affiliations; only keep that text
  // when the paper has no heading early on, as then it is the body itself.
  const keptFront = firstHeadingPage <= 2 ? [] : front.paragraphs;
  if (keptFront.length > 0) document.sections.unshift({ head: DEFAULT_SECTION_HEAD, paragraphs: keptFront });
  document.sections = document.sections.filter((s) => s.paragraphs.length > 0);
  if (abstract.length > 0) document.abstract = abstract.join(' ');
  return document;
}

// ---- the body font ----------------------------------------------------------------------

function bodyStyle(lines: Line[]): Style {
  const chars = new Map<string, number>();
  for (const line of lines) {
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
    if (a.page === b.page && a.column === b.column && a.font === font && b.font === font && dy > 0.8 * size && dy < 2.5 * size) {
      gaps.push(dy);
    }
  }
  gaps.sort((x, y) => x - y);
  return { font, size, leading: gaps[Math.floor(gaps.length / 2)] ?? size * 1.2 };
}

function sameSize(line: Line, style: Style, tolerance: number): boolean {
  return Math.abs(line.size - style.size) <= tolerance;
}

function isBodyText(line: Line, style: Style, mode: Mode): boolean {
  // Abstracts are often set a point smaller than the body.
  return sameSize(line, style, mode === 'abstract' || mode === 'front' ? 1.3 : 0.8);
}

// ---- paragraphs -------------------------------------------------------------------------

function startsParagraph(line: Line, previous: Line, style: Style, lines: Line[]): boolean {
  const samePlace = previous.page === line.page && previous.column === line.column;
  if (samePlace) {
    const dy = previous.y - line.y;
    if (dy < 0 || dy > style.leading * 1.45) return true;
  }
  if (Math.abs(line.size - previous.size) > 0.8) return true;
  const { left, right } = columnMargins(line, lines, style);
  const indent = line.x0 - left;
  if (indent > 0.6 * style.size && indent < 4 * style.size && line.x1 > right - 2 * style.size) return true;
  const previousMargins = samePlace ? { left, right } : columnMargins(previous, lines, style);
  const shortLast = previous.x1 < previousMargins.right - 1.5 * style.size;
  return shortLast && /[.!?:)"”]$/.test(previous.text);
}

const marginCache = new WeakMap<Line[], Map<string, { left: number; right: number }>>();
/** The lines of each page column, so margins look at one page's lines, not the document's. */
const columnCache = new WeakMap<Line[], Map<string, Line[]>>();

function columnLines(line: Line, lines: Line[]): Line[] {
  let byColumn = columnCache.get(lines);
  if (!byColumn) {
    byColumn = new Map();
    for (const l of lines) {
      const key = `${l.page}|${l.column}`;
      const list = byColumn.get(key);
      if (list) list.push(l);
      else byColumn.set(key, [l]);
    }
    columnCache.set(lines, byColumn);
  }
  return byColumn.get(`${line.page}|${line.column}`) ?? [];
}

/** Left edge (most common x0) and right edge of body lines in a line's page column. */
function columnMargins(line: Line, lines: Line[], style: Style): { left: number; right: number } {
  let byColumn = marginCache.get(lines);
  if (!byColumn) marginCache.set(lines, (byColumn = new Map()));
  const key = `${line.page}|${line.column}|${Math.round(line.size * 2)}`;
  let margins = byColumn.get(key);
  if (!margins) {
    const peers = columnLines(line, lines).filter((l) => Math.abs(l.size - line.size) < 0.5);
    const starts = new Map<number, number>();
    for (const l of peers) starts.set(Math.round(l.x0), (starts.get(Math.round(l.x0)) ?? 0) + 1);
    let left = Math.round(line.x0);
    for (const [x, n] of starts) if (n > (starts.get(left) ?? 0) || (n === starts.get(left) && x < left)) left = x;
    const ends = peers.map((l) => l.x1).sort((a, b) => a - b);
    const right = ends[Math.floor(ends.length * 0.9)] ?? line.x1;
    margins = { left, right };
    byColumn.set(key, margins);
  }
  return margins;
}

/**
 * Joins a paragraph's lines, undoing end-of-line hyphenation where the word is not hyphenated
 * elsewhere. Linear in the paragraph: each line is looked at once (only the previous line's last
 * word matters), never the text joined so far, so a 2,000-page "paragraph" costs no more per line.
 */
function joinLines(lines: Line[], hyphenated: Set<string>): string {
  const parts: string[] = [];
  for (const line of lines) {
    const previous = parts.length > 0 ? parts[parts.length - 1]! : undefined;
    const hyphen = previous === undefined ? null : /(\S*\p{L})-$/u.exec(lastWord(previous));
    const next = /^(\p{Ll}[\p{L}\-]*)/u.exec(line.text);
    if (previous !== undefined && hyphen && next) {
      const keep = hyphen[1].includes('-') || hyphenated.has(`${hyphen[1]}-${next[1]}`.toLowerCase());
      // The word goes on in this line: glue it to the previous part, without the hyphen unless it is real.
      parts[parts.length - 1] = (keep ? previous : previous.slice(0, -1)) + line.text;
    } else {
      parts.push(line.text);
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
function hyphenatedWords(lines: Line[]): Set<string> {
  const words = new Set<string>();
  for (const line of lines) {
    for (const match of line.text.matchAll(/\p{L}+(?:-\p{L}+)+/gu)) words.add(match[0].toLowerCase());
  }
  return words;
}

/** Numeric markers ([3], [4–6]) and parenthetical author–year citations, as GROBID drops them. */
function stripCitations(text: string): string {
  return text
    .replace(/\s?\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '')
    .replace(/\s?\(((?:e\.g\.,?\s*|see\s+)?[^()]*?\p{Lu}[^()]*?,?\s\d{4}[a-z]?(?:;\s*[^();]*?\d{4}[a-z]?)*)\)/gu, (all, inner: string) =>
      inner.split(';').every((part) => /^\s*(?:e\.g\.,?\s*|see\s+)?\p{Lu}[\p{L}'’\-]+.*,?\s\d{4}[a-z]?(?:,\s*\d{4}[a-z]?)*\s*$/u.test(part))
        ? ''
        : all,
    );
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
