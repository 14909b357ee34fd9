// The lines of each page column and that column's text margins, the yardstick for indents,
// short last lines, tables and displayed maths. Built once per document, looked up per line.
import type { Line } from './layout';

export interface Margins {
  /** Most common left edge of the column's lines of that size. */
  left: number;
  /** Right edge reached by 90 % of them (a justified column's measure). */
  right: number;
}

export class ColumnIndex {
  private readonly byColumn = new Map<string, Line[]>();
  private readonly margins = new Map<string, Margins>();

  constructor(lines: Line[]) {
    for (const line of lines) {
      const key = columnKey(line);
      const list = this.byColumn.get(key);
      if (list) list.push(line);
      else this.byColumn.set(key, [line]);
    }
  }

  /** Every page column's lines, in reading order. */
  all(): Iterable<Line[]> {
    return this.byColumn.values();
  }

  /** The lines of a line's page column, in reading order. */
  linesOf(line: Line): Line[] {
    return this.byColumn.get(columnKey(line)) ?? [];
  }

  /** Margins of the lines set in a line's size in its page column. */
  marginsOf(line: Line): Margins {
    const key = `${columnKey(line)}|${Math.round(line.size * 2)}`;
    let margins = this.margins.get(key);
    if (!margins) {
      margins = measure(line, this.linesOf(line).filter((l) => Math.abs(l.size - line.size) < 0.5));
      this.margins.set(key, margins);
    }
    return margins;
  }
}

function columnKey(line: Line): string {
  return `${line.page}|${line.column}`;
}

function measure(line: Line, peers: Line[]): Margins {
  const starts = new Map<number, number>();
  for (const l of peers) starts.set(Math.round(l.x0), (starts.get(Math.round(l.x0)) ?? 0) + 1);
  let left = Math.round(line.x0);
  for (const [x, n] of starts) if (n > (starts.get(left) ?? 0) || (n === starts.get(left) && x < left)) left = x;
  const ends = peers.map((l) => l.x1).sort((a, b) => a - b);
  return { left, right: ends[Math.floor(ends.length * 0.9)] ?? line.x1 };
}
