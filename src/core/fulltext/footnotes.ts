// Footnotes on the pdfjs path. A footnote is set at the foot of a column in a size smaller than
// the body and opens with its mark (a number or a dagger) raised above its first line, at the
// column's left. Its text is kept, as a paragraph of its own (footnotes carry methods details a
// claim can rest on, and GROBID's TEI keeps most of them in the body), but out of the body
// paragraph that runs past it into the next column or page, so that paragraph stays whole.
import type { Line } from './layout';
import type { Style } from './headings';
import type { ColumnIndex } from './columns';

const MARK = /^(?:\d{1,3}|[∗*†‡§¶]{1,2})$/;

export interface Footnotes {
  /** Each footnote's lines (its mark left out), keyed by the mark line that opens it. */
  byMark: Map<Line, Line[]>;
  /** Every line of the columns' feet that are footnotes, marks included: none of them is body text. */
  lines: Set<Line>;
}

/**
 * The footnotes of every column: the run of small lines that ends the column (its foot), when
 * that run opens with a mark. A run of small text that does not (a reference list, author
 * details, a figure's labels) is not footnotes. The first page is left out: its footnotes are
 * author notes, affiliations and licence lines, which GROBID files with the header.
 */
export function findFootnotes(columns: ColumnIndex, style: Style, firstPage: number): Footnotes {
  const byMark = new Map<Line, Line[]>();
  const all = new Set<Line>();
  for (const column of columns.all()) {
    if (column[0]!.page === firstPage) continue;
    let top = column.length;
    while (top > 0 && column[top - 1]!.size <= style.size - 0.5) top--;
    const foot = column.slice(top);
    let note: Line[] | undefined;
    for (let i = 0; i < foot.length; i++) {
      const line = foot[i]!;
      if (i + 1 < foot.length && opensFootnote(line, foot[i + 1]!, style)) {
        byMark.set(line, (note = []));
      } else if (note) {
        note.push(line);
      } else {
        break; // the foot does not open with a mark
      }
      all.add(line);
    }
  }
  return { byMark, lines: all };
}

/** A small mark, then just right of it and a little lower, smaller-than-body text in the page's lower half. */
function opensFootnote(mark: Line, first: Line, style: Style): boolean {
  if (!MARK.test(mark.text) || mark.size >= first.size) return false;
  if (first.page !== mark.page || first.column !== mark.column || first.y > first.pageHeight * 0.5) return false;
  if (first.size < 0.6 * style.size || first.size > style.size - 0.5) return false;
  const raised = mark.y - first.y;
  const gap = first.x0 - mark.x1;
  return raised >= 0 && raised <= 0.8 * first.size && gap >= -1 && gap <= 1.5 * first.size;
}
