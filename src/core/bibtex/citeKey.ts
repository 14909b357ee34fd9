// Deterministic cite keys, and surgery on authority BibTeX that touches only the key.
// The entry is located with latex-utensils' BibTeX parser (it reports offsets), so every other
// byte of the authority's text — leading space, tabs, Unicode, `%2F`, odd math — survives.
import { bibtexParser } from 'latex-utensils';
import { parseBibtex } from './parse';
import type { CiteKeyStyle } from '../settings/index';
import { familyName, firstSignificantWord } from '../identity/names';

export interface CiteKeyFields {
  authors: string[];
  year?: number;
  title: string;
}

/** What a key is made of when there is no author or no year. */
const NO_AUTHOR = 'anon';
const NO_YEAR = 'nd';

/**
 * A key such as `vaswani2017attention` (authorYearWord), `vaswani2017` (authorYear),
 * `vaswaniattention2017` (authorWordYear) or `vaswani17` (authorYearShort).
 * Lower-case ASCII letters and digits only, so it is legal in BibTeX and biber alike.
 */
export function makeCiteKey(fields: CiteKeyFields, style: CiteKeyStyle): string {
  const author = firstAuthorKey(fields.authors);
  const year = yearKey(fields.year, style === 'authorYearShort');
  const word = firstSignificantWord(fields.title);
  switch (style) {
    case 'authorYear':
    case 'authorYearShort':
      return author + year;
    case 'authorWordYear':
      return author + word + year;
    case 'authorYearWord':
    default:
      return author + year + word;
  }
}

function firstAuthorKey(authors: string[]): string {
  const first = authors.find((a) => a.trim().length > 0);
  return (first && familyName(first)) || NO_AUTHOR;
}

function yearKey(year: number | undefined, short: boolean): string {
  if (year === undefined || !Number.isInteger(year) || year <= 0) return NO_YEAR;
  return short ? String(year % 100).padStart(2, '0') : String(year);
}

/** Characters BibTeX or biber cannot take in a key. */
const ILLEGAL_KEY_CHARS = /[\s,{}()"#%'=~\\]/;

export function isLegalCiteKey(key: string): boolean {
  return key.length > 0 && !ILLEGAL_KEY_CHARS.test(key) && !/^10\.\d{4,9}\//.test(key);
}

export class BibtexParseError extends Error {
  override name = 'BibtexParseError';
  /**
   * @param problem what is wrong, without "Not valid BibTeX"
   * @param atLine where the parser stopped, 1-based within the text it was given (a file's reader adds the entry's line)
   */
  constructor(
    message: string,
    readonly problem = message,
    readonly atLine?: number,
  ) {
    super(message);
  }
}

type ParsedEntry = bibtexParser.Entry;

/** The first regular entry (not @string/@preamble/@comment); throws when there is none. */
function firstEntry(bibtex: string): ParsedEntry {
  let ast: bibtexParser.BibtexAst;
  try {
    ast = parseBibtex(bibtex);
  } catch (error) {
    const problem = (error as Error).message.split('\n')[0]!;
    const atLine = (error as { location?: { start?: { line?: number } } }).location?.start?.line;
    throw new BibtexParseError(`Not valid BibTeX: ${problem}`, problem, atLine);
  }
  const entry = ast.content.find(
    (e): e is ParsedEntry => bibtexParser.isEntry(e) && e.entryType.toLowerCase() !== 'comment',
  );
  if (!entry) throw new BibtexParseError('No BibTeX entry (@type{key, ...}) found in the text.');
  return entry;
}

/** Offsets [start, end) of the key of `entry` in `bibtex` (start = end for an empty key). */
function keySpan(bibtex: string, entry: ParsedEntry): [number, number] {
  const entryStart = entry.location.start.offset;
  const open = bibtex.slice(entryStart).search(/[{(]/);
  if (open < 0) throw new BibtexParseError('BibTeX entry has no opening brace.');
  let start = entryStart + open + 1;
  while (/\s/.test(bibtex[start] ?? '')) start++;
  const key = entry.internalKey ?? '';
  if (bibtex.slice(start, start + key.length) !== key) {
    throw new BibtexParseError(`Could not locate the key "${key}" in the BibTeX entry.`);
  }
  return [start, start + key.length];
}

/**
 * Replaces the key of the first entry with `newKey`; every other byte stays as it was.
 * Throws BibtexParseError when the text holds no entry, and for a key BibTeX cannot take.
 */
export function rewriteCiteKey(bibtex: string, newKey: string): string {
  if (!isLegalCiteKey(newKey)) throw new BibtexParseError(`"${newKey}" is not a legal BibTeX key.`);
  const [start, end] = keySpan(bibtex, firstEntry(bibtex));
  return bibtex.slice(0, start) + newKey + bibtex.slice(end);
}

export interface BibFields {
  /** Entry type, lower-case (`article`, `misc`, ...). */
  type: string;
  key: string;
  /** Field values as written between the delimiters (inner braces kept), names lower-case. */
  fields: Record<string, string>;
}

/**
 * Reads the first entry: the .bib update logic matches existing entries by doi/eprint/url/key.
 * `strings`: the file's `@string` abbreviations (lower-case names), which its values may use.
 */
export function readBibFields(bibtex: string, strings?: ReadonlyMap<string, string>): BibFields {
  const entry = firstEntry(bibtex);
  return { type: entry.entryType.toLowerCase(), key: entry.internalKey ?? '', fields: entryFields(entry, strings) };
}

/**
 * A parsed entry's fields: names lower-case, values as written (`#` parts joined), an abbreviation
 * (`journal = apj`) replaced by its `@string` value when `strings` defines it.
 */
export function entryFields(entry: bibtexParser.Entry, strings?: ReadonlyMap<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  const part = (value: bibtexParser.FieldValue): string =>
    bibtexParser.isAbbreviationValue(value) ? (strings?.get(value.content.toLowerCase()) ?? value.content) : String(value.content);
  for (const field of entry.content) {
    const name = field.name.toLowerCase();
    if (name in fields) continue; // BibTeX keeps the first of duplicated fields.
    const value = field.value;
    fields[name] = bibtexParser.isConcatValue(value) ? value.content.map(part).join('') : part(value);
  }
  return fields;
}

/** Splits a BibTeX `author` field on ` and ` outside braces. */
export function splitBibtexAuthors(author: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let current = '';
  const words = author.split(/(\s+)/);
  for (const word of words) {
    for (const ch of word) depth += ch === '{' ? 1 : ch === '}' ? -1 : 0;
    if (depth === 0 && word.toLowerCase() === 'and' && current.trim()) {
      names.push(current.trim());
      current = '';
    } else current += word;
  }
  if (current.trim()) names.push(current.trim());
  return names;
}

/** Key fields read from an entry, falling back to the record's metadata where it is silent. */
export function citeKeyFieldsFromBibtex(entry: BibFields, fallback: CiteKeyFields): CiteKeyFields {
  const authors = entry.fields.author ? splitBibtexAuthors(entry.fields.author) : [];
  const year = Number.parseInt(entry.fields.year ?? '', 10);
  return {
    authors: authors.length ? authors : fallback.authors,
    year: Number.isFinite(year) ? year : fallback.year,
    title: entry.fields.title || fallback.title,
  };
}
