// A text under repair that remembers, for each of its characters, where it stands in the source as
// written, so what the parser read in the repaired text is placed back in the source exactly:
// an inserted closer takes no room, a left-out stray keeps its place.
import type { latexParser } from 'latex-utensils';
import type { Edit } from './repair';
import { lineStarts, positionOf } from './lines';

export class RepairedText {
  /**
   * Per character, its offset in the source; an inserted character has the offset it was inserted
   * before, less ½, so a node starting on it starts there and a node ending on it ends there.
   */
  private origin?: number[];
  private readonly sourceLength: number;

  constructor(public text: string) {
    this.sourceLength = text.length;
  }

  /** True once an edit changed the text; until then every offset is the source's (most parses). */
  get edited(): boolean {
    return this.origin !== undefined;
  }

  /** Applies the edits of one repair (offsets in the current text); false when they change nothing. */
  apply(edits: Edit[]): boolean {
    let text = '';
    const origin: number[] = [];
    let cursor = 0;
    const keep = (to: number) => {
      text += this.text.slice(cursor, to);
      for (let i = cursor; i < to; i++) origin.push(this.origin?.[i] ?? i);
    };
    for (const { at, remove, insert } of [...edits].sort((a, b) => a.at - b.at)) {
      if (at > cursor) keep(at);
      text += insert;
      for (let i = 0; i < insert.length; i++) origin.push(this.sourceStart(at) - 0.5);
      cursor = Math.max(cursor, at + remove);
    }
    keep(this.text.length);
    const changed = text !== this.text;
    if (!changed) return false;
    this.text = text;
    this.origin = origin;
    return true;
  }

  /** Every location below `nodes`, parsed from the current text, moved to the source's offsets. */
  placeInSource(nodes: readonly unknown[]): void {
    if (!this.origin) return;
    moveLocations(nodes, ({ start, end }) => {
      const from = this.sourceStart(start.offset);
      const to = end.offset > start.offset ? this.sourceEnd(end.offset) : from;
      return { start: { ...start, offset: from }, end: { ...end, offset: Math.max(from, to) } };
    });
  }

  private sourceStart(offset: number): number {
    if (!this.origin) return Math.min(offset, this.sourceLength);
    return offset < this.origin.length ? Math.ceil(this.origin[offset]!) : this.sourceLength;
  }

  private sourceEnd(offset: number): number {
    if (!this.origin) return offset;
    return offset > 0 ? Math.floor(this.origin[offset - 1]!) + 1 : 0;
  }
}

/** Every location below `nodes` (their arguments and content included), replaced by `move`'s. */
export function moveLocations(nodes: readonly unknown[], move: (location: latexParser.Location) => latexParser.Location): void {
  for (const node of nodes) {
    if (!node || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    for (const [key, child] of Object.entries(record)) {
      if (key === 'location' && child) record.location = move(child as latexParser.Location);
      else if (Array.isArray(child)) moveLocations(child, move);
      else if (child && typeof child === 'object') moveLocations([child], move);
    }
  }
}

/** Lines and columns (1-based, as the parser gives them) of every location below `nodes`, from its offsets in `text`. */
export function placeLines(nodes: readonly unknown[], text: string): void {
  const starts = lineStarts(text);
  const point = (offset: number): latexParser.Location['start'] => {
    const { line, character } = positionOf(starts, offset);
    return { offset, line: line + 1, column: character + 1 };
  };
  moveLocations(nodes, ({ start, end }) => ({ start: point(start.offset), end: point(end.offset) }));
}
