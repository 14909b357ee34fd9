// A user's .bib read entry by entry: each `@type{…}` chunk is parsed on its own, so one broken
// entry (a missing brace, a stray quote) is reported with its line and costs only itself. Used by
// the cite audit and the bibliography check; the file itself is never rewritten here.
import { BibtexParseError, readBibFields, type BibFields } from './citeKey';

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
}

/** An entry starts with `@name{` or `@name(` at the start of a line (leading spaces allowed). */
const ENTRY_START = /^[ \t]*@([A-Za-z]+)[ \t]*[{(]/gm;
const NOT_ENTRIES = /^(string|preamble|comment)$/i;

export function readBibEntries(file: string, text: string): BibFileEntries {
  const starts = [...text.matchAll(ENTRY_START)].map((m) => ({ at: m.index + m[0].indexOf('@'), type: m[1]! }));
  const result: BibFileEntries = { entries: [], broken: [] };
  starts.forEach(({ at, type }, i) => {
    if (NOT_ENTRIES.test(type)) return;
    const end = trimmedEnd(text, at, starts[i + 1]?.at ?? text.length);
    const chunk = text.slice(at, end);
    const line = lineOf(text, at);
    try {
      result.entries.push({ ...readBibFields(chunk), file, line, start: at, end });
    } catch (error) {
      if (!(error instanceof BibtexParseError)) throw error;
      const key = /^@[A-Za-z]+\s*[{(]\s*([^,\s]+)\s*,/.exec(chunk)?.[1];
      result.broken.push({ file, line, key, message: braceProblem(chunk) ?? error.message });
    }
  });
  return result;
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

/** The chunk's end without the blank lines and comments before the next entry. */
function trimmedEnd(text: string, start: number, next: number): number {
  let end = next;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}

function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
