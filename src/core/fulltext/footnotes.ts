// Footnotes on the pdfjs path. They are the authors' own prose (method details, caveats, "we also
// tried ..."), which claims do cite and GROBID mostly reads into the body, so they become body
// paragraphs of their own instead of being dropped for their smaller size. Recognised by
// geometry, not wording: a block set smaller than the body, below the last body line of its
// page column, in the lower half of the page, that starts with a note mark ("4" set tiny on its
// own line, or "5 The TagMe APIs ..."), after the first page. Taken out of the line stream so a footnote at the foot
// of a column never lands inside the paragraph that runs on into the next column.
import type { Line } from './layout';
import type { Style } from './headings';

export interface Footnote {
  lines: Line[];
  /** Index in the remaining lines before which the note was printed (keeps its section). */
  at: number;
}

const MARK_ONLY = /^(?:\d{1,2}|[*†‡§¶])$/;
const MARK_LEAD = /^(?:\d{1,2}|[*†‡§¶])\s?\p{L}/u;

export function takeFootnotes(lines: Line[], style: Style): { footnotes: Footnote[]; rest: Line[] } {
  const blocks = noteBlocks(lines, style);
  // Notes close their column: small marked text with more of the column after it (an
  // "Author details" list, the reference list) is back matter, not a footnote.
  const inNotes = new Set(blocks.flatMap((block) => block.indices));
  const lastOther = new Map<string, number>();
  lines.forEach((line, index) => {
    if (!inNotes.has(index)) lastOther.set(columnKey(line), index);
  });
  const accepted = blocks.filter((b) => b.lines.length > 0 && (lastOther.get(columnKey(b.lines[0])) ?? -1) < b.indices[0]);
  const taken = new Set(accepted.flatMap((block) => block.indices));
  const rest: Line[] = [];
  const footnotes: Footnote[] = [];
  let next = 0;
  lines.forEach((line, index) => {
    if (next < accepted.length && accepted[next].indices[0] === index) footnotes.push({ lines: accepted[next++].lines, at: rest.length });
    if (!taken.has(index)) rest.push(line);
  });
  return { footnotes, rest };
}

interface NoteBlock {
  lines: Line[];
  /** Where the block's lines (its mark included) sit in the page lines. */
  indices: number[];
}

function noteBlocks(lines: Line[], style: Style): NoteBlock[] {
  const bodyBottom = lowestBodyLines(lines, style);
  const blocks: NoteBlock[] = [];
  let current: NoteBlock | undefined;
  lines.forEach((line, index) => {
    const bottom = bodyBottom.get(columnKey(line));
    // The first page's foot holds affiliations, correspondence and copyright lines, marked
    // like notes but front matter, not prose.
    const inFootArea = line.page > 1 && bottom !== undefined && line.y < bottom && line.y < line.pageHeight * 0.5 && smaller(line, style);
    if (!inFootArea) {
      current = undefined;
    } else if (MARK_ONLY.test(line.text.trim())) {
      // The mark alone on a raised line of its own: the note's text follows.
      blocks.push((current = { lines: [], indices: [index] }));
    } else if (MARK_LEAD.test(line.text) && (!current || current.lines.length > 0)) {
      const text = line.text.replace(/^(?:\d{1,2}|[*†‡§¶])\s?/u, '');
      blocks.push((current = { lines: [{ ...line, text }], indices: [index] }));
    } else if (current && continuesNote(current.lines, line)) {
      current.lines.push(line);
      current.indices.push(index);
    } else {
      current = undefined; // small text under the body with no note mark: a table or figure label
    }
  });
  return blocks;
}

/** The next line of a note sits right under the previous one; a gap or a new font ends it. */
function continuesNote(noteLines: Line[], line: Line): boolean {
  const last = noteLines.at(-1);
  if (!last) return true; // the line after a mark on its own line
  const dy = last.y - line.y;
  return last.page === line.page && last.column === line.column && dy > 0 && dy < 1.6 * last.size && line.font === last.font;
}

function smaller(line: Line, style: Style): boolean {
  return line.size < style.size - 0.8 && line.size >= style.size * 0.45;
}

function columnKey(line: Line): string {
  return `${line.page}|${line.column}`;
}

/** Per page column, the baseline of the lowest line set in the body size. */
function lowestBodyLines(lines: Line[], style: Style): Map<string, number> {
  const bottom = new Map<string, number>();
  for (const line of lines) {
    if (Math.abs(line.size - style.size) > 0.8) continue;
    const key = columnKey(line);
    bottom.set(key, Math.min(bottom.get(key) ?? Infinity, line.y));
  }
  return bottom;
}
