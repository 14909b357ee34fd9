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

/** An entry starts with `@name{` or `@name(` at the start of a line (leading spaces allowed). */
const ENTRY_START = /^[ \t]*@([A-Za-z]+)[ \t]*[{(]/gm;
const NOT_ENTRIES = /^(string|preamble|comment)$/i;

/**
 * `inherited`: abbreviations of the files read before this one (BibTeX reads a project's .bib files
 * as one text, so `\bibliography{IEEEabrv,refs}` gives refs.bib the first file's `@string`s).
 */
export function readBibEntries(file: string, text: string, inherited: ReadonlyMap<string, string> = new Map()): BibFileEntries {
  const starts = [...text.matchAll(ENTRY_START)].map((m) => ({ at: m.index + m[0].indexOf('@'), type: m[1]! }));
  const chunkAt = (i: number) => text.slice(starts[i]!.at, entryEnd(text, starts[i]!.at, starts[i + 1]?.at ?? text.length));
  const strings = new Map(inherited);
  starts.forEach(({ type }, i) => /^string$/i.test(type) && readString(chunkAt(i), strings));
  const result: BibFileEntries = { entries: [], broken: [], strings };
  starts.forEach(({ at, type }, i) => {
    if (NOT_ENTRIES.test(type)) return;
    const chunk = chunkAt(i);
    const end = at + chunk.length;
    const line = lineOf(text, at);
    try {
      result.entries.push({ ...readBibFields(chunk, strings), file, line, start: at, end });
    } catch (error) {
      if (!(error instanceof BibtexParseError)) throw error;
      const key = /^@[A-Za-z]+\s*[{(]\s*([^,\s]+)\s*,/.exec(chunk)?.[1];
      result.broken.push({ file, line, key, message: braceProblem(chunk) ?? error.message });
    }
  });
  return result;
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

/**
 * Where the entry at `start` ends: after the brace or parenthesis that closes it, so a comment
 * between entries (JabRef's, a writer's `% …` line) is no part of it and an edit never lands in it.
 * An entry that never closes runs to the next one, blank lines aside (it is reported as broken).
 */
function entryEnd(text: string, start: number, next: number): number {
  const { close } = scanBibEntry(text, start, next);
  if (close !== undefined) return close + 1;
  let end = next;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}

function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
