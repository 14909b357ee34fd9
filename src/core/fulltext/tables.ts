// Table cells and displayed maths on the pdfjs path: lines set in the body font that are not
// prose, recognised by where they sit in their column rather than by what they say.
// - A row of cells: one baseline of a column holding three or more pieces apart (a gap pdfjs
//   did not bridge, over 1.2 em), or two of which one is a number ("With LM | 54.1"), as a
//   justified line never does. A displayed equation with its number ("v = f(x) | (1)") is one too.
// - Set off from the margins: a line starting over 4 em right of the column's left margin and
//   stopping 2 em short of its right one, or centred with over 1 em free on each side (a
//   displayed formula, a table row). Prose lines start at the margin or at a paragraph indent
//   (about 1 em) and run to the right margin; only a paragraph's last line stops short, and it
//   starts at the margin.
import type { Line } from './layout';
import type { ColumnIndex } from './columns';
import type { Style } from './headings';

const NUMERIC_CELL = /^[(\[]?[-+−±]?\d[\d.,:%±\s]*[)\]]?$|^[\p{L}]{0,3}\d{1,3}$/u;

/** Lines that are table rows: never body text, whatever the mode. */
export function tableRows(columns: ColumnIndex): Set<Line> {
  const rows = new Set<Line>();
  for (const column of columns.all()) {
    // A column's lines are in reading order: the pieces of one baseline are neighbours.
    for (let start = 0, end = 1; start < column.length; start = end, end = start + 1) {
      const first = column[start]!;
      while (end < column.length && Math.abs(column[end]!.y - first.y) < 0.25 * first.size) end++;
      const cells = column.slice(start, end);
      if (cells.length >= 3 || (cells.length === 2 && cells.some((c) => NUMERIC_CELL.test(c.text)))) {
        for (const cell of cells) rows.add(cell);
      }
    }
  }
  return rows;
}

/** A body-size line set well in from the margins, or centred between them: a formula or table row. */
export function isSetOff(line: Line, columns: ColumnIndex, style: Style): boolean {
  const { left, right } = columns.marginsOf(line);
  const indent = line.x0 - left;
  const shortfall = right - line.x1;
  if (indent > 4 * style.size && shortfall > 2 * style.size) return true;
  return indent > style.size && shortfall > style.size && Math.abs(indent - shortfall) < 1.5 * style.size;
}
