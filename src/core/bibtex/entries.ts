// A user's .bib read entry by entry: each `@type{…}` chunk is parsed on its own, so one broken
// entry (a missing brace, a stray quote) is reported with its line and costs only itself. Used by
// the cite audit and the bibliography check; the file itself is never rewritten here.
import { bibtexParser } from 'latex-utensils';
import { BibtexParseError, readBibFields, type BibFields } from './citeKey';
import { parseBibtex } from './parse';
import { scanBibEntry } from './entryFields';

export interface BibEntry extends BibFields {
  file: string;
  /** 0-based line of the `@`. */
  line: number;
  /** Offsets of the entry's text in the file: [start, end). */
  start: number;
  end: number;
}

export interface BrokenEntry {
  file: string;
  line: number;
  /** The key, when it can be read. */
  key?: string;
  message: string;
}

export interface BibFileEntries {
  entries: BibEntry[];
  broken: BrokenEntry[];
  /** The `@string` abbreviations in effect after this file (lower-case names): a later file may use them. */
  strings: Map<string, string>;
}

/**
 * An entry starts with `@name{` or `@name(` anywhere outside another entry, as BibTeX reads it:
 * indented, or after text on the same line (the text between entries is a comment to BibTeX).
 */
const ENTRY_START = /@([A-Za-z]+)[ \t]*[{(]/g;
/** Where an entry that never closes is cut: at the next `@name{` that starts a line. */
const LINE_START = /^[ \t]*@[A-Za-z]+[ \t]*[{(]/gm;
const NOT_ENTRIES = /^(string|preamble|comment)$/i;

/**
 * `inherited`: abbreviations of the files read before this one (BibTeX reads a project's .bib files
 * as one text, so `\bibliography{IEEEabrv,refs}` gives refs.bib the first file's `@string`s).
 */
export function readBibEntries(file: string, text: string, inherited: ReadonlyMap<string, string> = new Map()): BibFileEntries {
  const chunks = entryChunks(text);
  const strings = new Map(inherited);
  chunks.forEach(({ type, chunk }) => /^string$/i.test(type) && readString(chunk, strings));
  const result: BibFileEntries = { entries: [], broken: [], strings };
  const lineAt = lineCounter(text);
  for (const { at, type, chunk } of chunks) {
    if (NOT_ENTRIES.test(type)) continue;
    const end = at + chunk.length;
    const line = lineAt(at);
    try {
      result.entries.push({ ...readBibFields(chunk, strings), file, line, start: at, end });
    } catch (error) {
      if (!(error instanceof BibtexParseError)) throw error;
      const key = /^@[A-Za-z]+\s*[{(]\s*([^,\s]+)\s*,/.exec(chunk)?.[1];
      result.broken.push({ file, line, key, message: braceProblem(chunk) ?? parseProblem(error, line) });
    }
  }
  return result;
}

/**
 * Each `@type{…}` of the text with its offset, in order. An `@name{` inside an entry is the
 * entry's text; an entry that never closes runs to the next line that starts with `@name{`, so it
 * costs only itself.
 */
function entryChunks(text: string): { at: number; type: string; chunk: string }[] {
  const lineStarts = [...text.matchAll(LINE_START)].map((m) => m.index + m[0].indexOf('@'));
  const chunks: { at: number; type: string; chunk: string }[] = [];
  let from = 0;
  let nextLine = 0;
  for (const m of text.matchAll(ENTRY_START)) {
    if (m.index < from) continue;
    const at = m.index;
    while (nextLine < lineStarts.length && lineStarts[nextLine]! <= at) nextLine++;
    const next = lineStarts[nextLine] ?? text.length;
    const end = entryEnd(text, at, next);
    chunks.push({ at, type: m[1]!, chunk: text.slice(at, end) });
    // BibTeX reads `@comment` as the word alone: what follows is text between entries.
    from = /^comment$/i.test(m[1]!) ? at + 1 : end;
  }
  return chunks;
}

/** Fields a cross-referenced entry never takes from its parent: they name the parent itself, or the child alone. */
const NOT_INHERITED = new Set(['doi', 'url', 'eprint', 'archiveprefix', 'primaryclass', 'pmid', 'pmcid', 'isbn', 'issn', 'title', 'author', 'crossref', 'key', 'note', 'abstract', 'keywords', 'file', 'urldate', 'ids']);

/**
 * Entries with what their `crossref` parent gives them, as BibTeX prints them: a paper in
 * proceedings takes the volume's year, editors and publisher, and its title as the booktitle. The
 * parent may stand in any of the files (keys match as BibTeX matches them, case aside).
 */
export function withCrossrefFields(entries: BibEntry[]): BibEntry[] {
  const byKey = new Map(entries.map((e) => [e.key.toLowerCase(), e]));
  return entries.map((entry) => {
    const parent = entry.fields.crossref ? byKey.get(entry.fields.crossref.trim().toLowerCase()) : undefined;
    if (!parent || parent === entry) return entry;
    const fields: Record<string, string> = { ...entry.fields };
    for (const [name, value] of Object.entries(parent.fields)) if (!NOT_INHERITED.has(name) && !(name in fields)) fields[name] = value;
    if (!('booktitle' in fields) && parent.fields.title) fields.booktitle = parent.fields.title;
    return { ...entry, fields };
  });
}

/**
 * The entries that are only a container others cross-reference (a `@proceedings` volume, an edited
 * book without authors of its own): they lend their fields, and are no work a paper cites.
 */
export function crossrefContainers(entries: BibEntry[]): BibEntry[] {
  const referenced = new Set(entries.flatMap((e) => (e.fields.crossref ? [e.fields.crossref.trim().toLowerCase()] : [])));
  return entries.filter((e) => referenced.has(e.key.toLowerCase()) && !e.fields.author?.trim());
}

/** Adds a `@string{name = value}` chunk's abbreviation to `strings`; a broken one adds nothing. */
function readString(chunk: string, strings: Map<string, string>): void {
  try {
    for (const entry of parseBibtex(chunk).content) {
      if (bibtexParser.isStringEntry(entry)) strings.set(entry.abbreviation.toLowerCase(), entry.value.content);
    }
  } catch {
    // Left out: an entry that uses it keeps the abbreviation as written.
  }
}

/**
 * The commonest break in words: a brace lost in a copy and paste. The parser's own message
 * ('Expected "{", "}", [^{}], or [^}] but end of input found') names none of it.
 */
function braceProblem(chunk: string): string | undefined {
  const bare = chunk.replace(/\\[{}]/g, '');
  const open = bare.split('{').length - 1;
  const close = bare.split('}').length - 1;
  const missing = open - close;
  if (missing > 0) return `Not valid BibTeX: the braces do not balance (${missing} "{" ${missing === 1 ? 'is' : 'are'} not closed before the next entry).`;
  if (missing < 0) return `Not valid BibTeX: the braces do not balance (${-missing} "}" more than "{").`;
  return undefined;
}

/** The parser's complaint with the file's line it stopped at (`line`: the entry's, 0-based): an entry runs for lines. */
function parseProblem(error: BibtexParseError, line: number): string {
  return error.atLine === undefined ? error.message : `Not valid BibTeX at line ${line + error.atLine}: ${error.problem}`;
}

/**
 * Where the entry at `start` ends: after the brace or parenthesis that closes it, so a comment
 * between entries (JabRef's, a writer's `% …` line) is no part of it and an edit never lands in it.
 * An entry that never closes runs to the next one that starts a line, blank lines aside (it is
 * reported as broken).
 */
function entryEnd(text: string, start: number, next: number): number {
  const { close } = scanBibEntry(text, start, next);
  if (close !== undefined) return close + 1;
  let end = next;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}

/** The 0-based line of an offset, for offsets asked in increasing order (one pass over the text). */
function lineCounter(text: string): (offset: number) => number {
  let line = 0;
  let counted = 0;
  return (offset) => {
    for (let i = text.indexOf('\n', counted); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
    counted = Math.max(counted, offset);
    return line;
  };
}
