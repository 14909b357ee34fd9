// What an authority's BibTeX answer must be before it can reach the user's .bib: exactly one
// entry, of a type bibliographies use, with nothing beside it (no @preamble, which TeX runs, no
// @string or @comment, no second entry), no TeX command that writes files or runs programs, and
// for the work asked about: the DOI or arXiv id in the entry must be the one requested. Anything
// else is refused, so a hostile or confused answer fails one lookup, not the user's document.
import { looksLikeHtml } from '../net/html';
import { bibtexParser } from 'latex-utensils';
import { parseBibtex } from './parse';
import { entryFields } from './citeKey';

/** A response that arrived but is not one usable BibTeX entry. */
export class NotBibtexError extends Error {
  override name = 'NotBibtexError';
}

/** One entry, but for another work than the one asked about. */
export class BibtexMismatchError extends NotBibtexError {
  override name = 'BibtexMismatchError';
}

/** What the entry must be about: the DOI asked for, or the arXiv id. */
export interface ExpectedWork {
  doi?: string;
  arxivId?: string;
}

/** Entry types of BibTeX and biblatex. */
const ENTRY_TYPES = new Set([
  'article', 'book', 'booklet', 'conference', 'inbook', 'incollection', 'inproceedings', 'manual',
  'mastersthesis', 'misc', 'phdthesis', 'proceedings', 'techreport', 'unpublished', 'online', 'report',
  'thesis', 'dataset', 'software', 'preprint', 'electronic', 'mvbook', 'collection', 'reference',
  'periodical', 'suppbook', 'patent', 'standard', 'artwork', 'audio', 'movie', 'music', 'video', 'letter',
]);

/** TeX primitives and macros that write or read files, run programs or redefine things. */
const DANGEROUS_COMMAND =
  /\\(immediate|write\d*|openout|openin|closeout|read|input|include|catcode|def|gdef|edef|xdef|let|csname|special|directlua|luaexec|latelua|ShellEscape|newcommand|renewcommand|providecommand|usepackage|makeatletter)(?![A-Za-z@])/;

/**
 * Checks an authority's answer; returns nothing and throws NotBibtexError (BibtexMismatchError
 * for an entry of another work) with the reason when the answer must be refused.
 */
export function checkAuthorityBibtex(text: string, expected: ExpectedWork = {}): void {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.length === 0) throw new NotBibtexError('empty body');
  if (!start.startsWith('@')) {
    throw new NotBibtexError(looksLikeHtml(start, { xml: true }) ? 'an HTML/XML page, not BibTeX' : 'not BibTeX (no @entry at the start)');
  }
  const special = /@\s*(preamble|string|comment)\s*[{(]/i.exec(text)?.[1];
  if (special) throw new NotBibtexError(`the answer holds an @${special.toLowerCase()}, which is never added to a .bib; refused`);
  let ast: bibtexParser.BibtexAst;
  try {
    ast = parseBibtex(text);
  } catch (error) {
    throw new NotBibtexError(`Not valid BibTeX: ${(error as Error).message.split('\n')[0]}`);
  }
  const entries = ast.content.filter(bibtexParser.isEntry);
  if (entries.length === 0) throw new NotBibtexError('No BibTeX entry (@type{key, ...}) found in the text.');
  if (entries.length > 1) throw new NotBibtexError(`the answer holds ${entries.length} entries, not one; refused`);
  const entry = entries[0]!;
  const type = entry.entryType.toLowerCase();
  if (!ENTRY_TYPES.has(type)) throw new NotBibtexError(`an entry of the unexpected type @${entry.entryType}; refused`);
  const outside = text.slice(0, entry.location.start.offset) + text.slice(entry.location.end.offset);
  if (outside.replace(/^\uFEFF/, '').trim()) throw new NotBibtexError('text outside the BibTeX entry; refused');
  const fields = entryFields(entry);
  if (Object.keys(fields).length === 0) throw new NotBibtexError('a BibTeX entry with no fields');
  const command = DANGEROUS_COMMAND.exec(text.slice(entry.location.start.offset, entry.location.end.offset))?.[1];
  if (command) throw new NotBibtexError(`the entry holds the TeX command \\${command}, which no bibliography needs; refused`);
  checkSameWork(fields, expected);
}

function checkSameWork(fields: Record<string, string>, expected: ExpectedWork): void {
  const doi = normaliseDoi(fields.doi);
  if (expected.doi && doi && doi !== normaliseDoi(expected.doi)) {
    throw new BibtexMismatchError(`the answer is the entry of DOI ${doi}, not of ${normaliseDoi(expected.doi)}; refused`);
  }
  if (expected.arxivId) {
    const wanted = bareArxivId(expected.arxivId);
    const eprint = fields.eprint ? bareArxivId(fields.eprint) : undefined;
    const fromDoi = doi?.startsWith('10.48550/arxiv.') ? bareArxivId(doi.slice('10.48550/arxiv.'.length)) : undefined;
    const got = eprint ?? fromDoi;
    if (got && got !== wanted) throw new BibtexMismatchError(`the answer is the entry of arXiv:${got}, not of arXiv:${wanted}; refused`);
  }
}

function normaliseDoi(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let text = raw.replace(/[{}\s]/g, '');
  try {
    text = decodeURIComponent(text);
  } catch {
    // not URL-encoded after all
  }
  return text.replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:)/i, '').toLowerCase() || undefined;
}

function bareArxivId(raw: string): string {
  return raw.replace(/[{}\s]/g, '').replace(/^arxiv:/i, '').replace(/v\d+$/i, '').toLowerCase();
}
