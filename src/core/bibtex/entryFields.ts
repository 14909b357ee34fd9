// One walk over a .bib entry as BibTeX reads it, giving where its fields and its end stand in the
// text: where an entry ends (entries.ts) and where a value starts and ends (bibcheck/apply.ts) come
// from this one reading of braces and quotes. Braces nest; a `"` delimits only at the entry body's
// brace depth 0, so `{"}` and `{\"a}` inside a quoted value are text; `%` is no comment inside a value.
// The walk never gives up on a broken entry: a missing comma or a stray character is stepped over,
// braces and quotes still balanced, so the entry still ends where its delimiters say.

/** Offsets [start, end) into the scanned text. */
export interface Span {
  start: number;
  end: number;
}

/** One piece of a value: `{…}`, `"…"`, or a bare number or `@string` name. */
export interface ValuePart extends Span {
  kind: 'braced' | 'quoted' | 'bare';
}

export interface BibFieldSpan {
  /** As written; BibTeX compares names case aside. A `@preamble`'s text is one field named ''. */
  name: string;
  nameSpan: Span;
  /** The whole value, its delimiters and any `#` concatenation included. */
  valueSpan: Span;
  parts: ValuePart[];
}

export interface ScannedBibEntry {
  /** The entry type as written after the `@`. */
  type: string;
  /** Fields in the order written; a value still open at the limit is not among them. */
  fields: BibFieldSpan[];
  /**
   * The offset of the `}` or `)` that closes the entry; undefined when it does not close before the
   * limit, and for `@comment`, which BibTeX reads as the word alone (what follows is text between entries).
   */
  close?: number;
}

/** Characters BibTeX takes in no field name, `@string` name or bare value. */
const NOT_IN_NAMES = /[\s"#%'(),={}]/;

/** The walk's state: the text, how far it has read, where it must stop and the entry's closing delimiter. */
interface Walk {
  readonly text: string;
  readonly limit: number;
  readonly closer: string;
  at: number;
}

/**
 * The entry whose `@` stands at `start`, read no further than `limit` (the next entry's start when
 * the caller knows it, so an entry that never closes does not swallow the ones after it).
 */
export function scanBibEntry(text: string, start: number, limit = text.length): ScannedBibEntry {
  const typeWalk: Walk = { text, limit, closer: '', at: start + 1 };
  skipSpace(typeWalk);
  const type = readName(typeWalk);
  skipSpace(typeWalk);
  const open = text[typeWalk.at];
  if (/^comment$/i.test(type) || typeWalk.at >= limit || (open !== '{' && open !== '(')) return { type, fields: [] };
  const walk: Walk = { text, limit, closer: open === '(' ? ')' : '}', at: typeWalk.at + 1 };
  const fields: BibFieldSpan[] = [];
  if (/^preamble$/i.test(type)) readPreamble(walk, fields);
  else if (/^string$/i.test(type)) readFields(walk, fields);
  else if (skipKey(walk)) readFields(walk, fields);
  return { type, fields, close: skipToClose(walk) };
}

/** Steps over the key: everything up to the first comma at the body's top level. False when the entry ends first. */
function skipKey(walk: Walk): boolean {
  while (walk.at < walk.limit && walk.text[walk.at] !== walk.closer) {
    if (walk.text[walk.at] === ',') return true;
    if (!skipToken(walk)) return false;
  }
  return false;
}

/** `name = value` pairs up to the entry's closing delimiter; what is not one is stepped over. */
function readFields(walk: Walk, fields: BibFieldSpan[]): void {
  for (skipSpace(walk); walk.at < walk.limit && walk.text[walk.at] !== walk.closer; skipSpace(walk)) {
    if (walk.text[walk.at] === '%') {
      skipLineComment(walk);
      continue;
    }
    const nameStart = walk.at;
    const name = gluedToStray(walk) ? '' : readName(walk);
    if (!name) {
      if (!skipStray(walk)) return;
      continue;
    }
    const nameSpan = { start: nameStart, end: walk.at };
    skipSpace(walk);
    if (walk.text[walk.at] !== '=') continue;
    walk.at++;
    const parts = readValue(walk);
    if (!parts) return;
    const valueStart = parts[0]?.start ?? walk.at;
    fields.push({ name, nameSpan, valueSpan: { start: valueStart, end: parts.at(-1)?.end ?? valueStart }, parts });
  }
}

/** A `@preamble`'s body: one value, no name. */
function readPreamble(walk: Walk, fields: BibFieldSpan[]): void {
  const parts = readValue(walk);
  if (!parts?.length) return;
  const start = parts[0]!.start;
  fields.push({ name: '', nameSpan: { start, end: start }, valueSpan: { start, end: parts.at(-1)!.end }, parts });
}

/** The pieces of a value joined by `#`; undefined when a piece is still open at the limit. */
function readValue(walk: Walk): ValuePart[] | undefined {
  const parts: ValuePart[] = [];
  for (;;) {
    skipSpace(walk);
    const part = readPart(walk);
    if (part === null) return undefined;
    if (!part) return parts;
    parts.push(part);
    skipSpace(walk);
    if (walk.text[walk.at] !== '#') return parts;
    walk.at++;
  }
}

/** One piece at the walk's position; undefined when none stands there, null when it runs past the limit. */
function readPart(walk: Walk): ValuePart | undefined | null {
  const start = walk.at;
  if (start >= walk.limit) return null;
  const char = walk.text[start];
  if (char === '{' || char === '"') {
    if (!skipToken(walk)) return null;
    return { kind: char === '{' ? 'braced' : 'quoted', start, end: walk.at };
  }
  if (!readName(walk)) return undefined;
  return { kind: 'bare', start, end: walk.at };
}

/**
 * A `%` where a field name should stand comments out the rest of its line, as the parser the check
 * reads fields with takes it (BibTeX stops reading the entry there): `% doi = {…},` is no doi, and a
 * quote or brace in it (`% the 19" rack`) opens nothing.
 */
function skipLineComment(walk: Walk): void {
  while (walk.at < walk.limit && walk.text[walk.at] !== '\n') walk.at++;
}

/** True when the walk stands right after something that ends no field: `%doi` or `{…}year` names no field. */
function gluedToStray(walk: Walk): boolean {
  return !/[\s,{(]/.test(walk.text[walk.at - 1]!);
}

/**
 * Steps over what stands where a field name should: a `{…}` group, a `"…"` string, a stray
 * character, or a word glued to one. False at the limit.
 */
function skipStray(walk: Walk): boolean {
  if (!readName(walk)) return skipToken(walk);
  return true;
}

/** Steps to the entry's closing delimiter, over anything left; its offset, or undefined at the limit. */
function skipToClose(walk: Walk): number | undefined {
  while (walk.at < walk.limit) {
    if (walk.text[walk.at] === walk.closer) return walk.at;
    if (!skipToken(walk)) return undefined;
  }
  return undefined;
}

/**
 * Steps over one `{…}` group, one `"…"` string (braces inside it nest, so a quote within them is
 * text) or one other character. A `}` with no `{` before it in a `(…)` entry is a character like any.
 * False when a group or string is still open at the limit.
 */
function skipToken(walk: Walk): boolean {
  const char = walk.text[walk.at];
  walk.at++;
  if (char !== '{' && char !== '"') return true;
  let depth = char === '{' ? 1 : 0;
  for (; walk.at < walk.limit; walk.at++) {
    const inner = walk.text[walk.at];
    if (inner === '{') depth++;
    else if (inner === '}' && depth > 0) depth--;
    else if (inner === '"' && char === '"' && depth === 0) break;
    if (char === '{' && depth === 0) break;
  }
  if (walk.at >= walk.limit) return false;
  walk.at++;
  return true;
}

function readName(walk: Walk): string {
  const start = walk.at;
  while (walk.at < walk.limit && !NOT_IN_NAMES.test(walk.text[walk.at]!)) walk.at++;
  return walk.text.slice(start, walk.at);
}

function skipSpace(walk: Walk): void {
  while (walk.at < walk.limit && /\s/.test(walk.text[walk.at]!)) walk.at++;
}
