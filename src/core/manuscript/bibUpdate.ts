// Decides what a .bib file needs for a new citation: nothing when the same work is already
// there (same DOI, arXiv id or key), else the authority's entry appended, under a suffixed key
// when its key is taken by a different work. Existing entries are never touched: the only
// edit is an append at the end of the file.
import { readableEntry } from '../bibtex/layout';
import { bibtexParser } from 'latex-utensils';
import { entryFields, rewriteCiteKey } from '../bibtex/citeKey';
import { readBibEntries } from '../bibtex/entries';
import { arxivIdFromDoi, findArxivId, findDoi, isArxivId, splitArxivId, titleIdentity } from '../identity/work';
import { checkAuthorityBibtex } from '../bibtex/authority';
import type { TextEditPlan } from './citeInsert';
import { lineEndingOf, withLineEnding, type LineEnding } from '../text/lineEnding';

/** What identifies a work in a .bib entry. */
export interface BibIdentity {
  key: string;
  doi?: string;
  arxivId?: string;
  title?: string;
  /** The .bib file it lives in (set by the caller). */
  file?: string;
}

/** The work to cite: the authority's BibTeX (key already rewritten) and its identifiers. */
export interface NewWork {
  bibtex: string;
  key: string;
  doi?: string;
  /** DOI of the journal version: an entry for it is the same work. */
  publishedDoi?: string;
  arxivId?: string;
  title?: string;
}

export type BibDecision =
  | { action: 'reuse'; key: string; file?: string }
  | { action: 'append'; key: string; entry: string };

/** Every entry of a .bib file with its identifiers; unparsable entries still give their key. */
export function indexBibFile(text: string, file?: string): BibIdentity[] {
  let entries: bibtexParser.Entry[];
  try {
    entries = bibtexParser.parse(text).content.filter(bibtexParser.isEntry);
  } catch {
    return indexEntryByEntry(text, file);
  }
  return entries
    .filter((e) => e.entryType.toLowerCase() !== 'comment' && e.internalKey)
    .map((e) => ({ ...identityFromFields(e.internalKey!, entryFields(e)), file }));
}

/** Fallback for a file with a syntax error somewhere: each entry on its own (a broken one gives its key). */
function indexEntryByEntry(text: string, file?: string): BibIdentity[] {
  const { entries, broken } = readBibEntries(file ?? '', text);
  const readable = entries.map((entry) => ({ at: entry.line, identity: identityFromFields(entry.key, entry.fields) }));
  const keyOnly = broken.flatMap((entry) => (entry.key ? [{ at: entry.line, identity: { key: entry.key } }] : []));
  return [...readable, ...keyOnly].sort((a, b) => a.at - b.at).map(({ identity }) => ({ ...identity, file }));
}

/** DOI (not arXiv's own DataCite DOI), arXiv id (lower-case, versionless) and title identity. */
function identityFromFields(key: string, fields: Record<string, string>): BibIdentity {
  const doi = findDoi(fields.doi ?? '') ?? doiFromUrl(fields.url ?? '');
  const arxivId = (
    arxivIdFromDoi(doi) ??
    arxivIdFromEprint(fields) ??
    findArxivId(fields.url ?? '') ??
    findArxivId(fields.journal ?? fields.note ?? fields.howpublished ?? '')
  )?.toLowerCase();
  const title = fields.title ? titleIdentity(fields.title) : undefined;
  return { key, doi: arxivIdFromDoi(doi) ? undefined : doi, arxivId, title };
}

function doiFromUrl(url: string): string | undefined {
  return /doi\.org\//i.test(url) ? findDoi(url) : undefined;
}

function arxivIdFromEprint(fields: Record<string, string>): string | undefined {
  const eprint = fields.eprint?.trim();
  if (!eprint) return undefined;
  const archive = (fields.archiveprefix ?? fields.eprinttype ?? '').toLowerCase();
  const id = eprint.replace(/^arxiv:/i, '');
  return archive === 'arxiv' || isArxivId(id) ? splitArxivId(id).id : undefined;
}

/** Same DOI or arXiv id: the same work. */
function sameWork(entry: BibIdentity, work: NewWork): boolean {
  const dois = [work.doi, work.publishedDoi].filter(Boolean).map((d) => d!.toLowerCase());
  if (entry.doi && dois.includes(entry.doi)) return true;
  if (entry.arxivId && work.arxivId) return entry.arxivId === work.arxivId.toLowerCase();
  // An entry without a DOI (typed by hand, a preprint's) with the work's own title is that work:
  // a second entry would print it twice. Short titles ("Editorial") identify nothing.
  const title = work.title ? titleIdentity(work.title) : undefined;
  return !entry.doi && title !== undefined && title.length >= MIN_TITLE_IDENTITY && entry.title === title;
}

/** Fewer characters than this (normalised, spaces out) are too generic a title to reuse an entry by. */
const MIN_TITLE_IDENTITY = 20;

/** Same key, and nothing says it is another work (a different DOI, arXiv id or title). */
function sameKeySameWork(entry: BibIdentity, work: NewWork): boolean {
  if (entry.doi && work.doi && entry.doi !== work.doi.toLowerCase()) return false;
  if (entry.arxivId && work.arxivId && entry.arxivId !== work.arxivId.toLowerCase()) return false;
  const title = work.title ? titleIdentity(work.title) : undefined;
  return !(entry.title && title && entry.title !== title);
}

/** Reuse an entry for the same work, else append under a free key (`key`, `keya`, `keyb`, …). */
export function decideBibUpdate(existing: BibIdentity[], work: NewWork): BibDecision {
  // Whatever reaches a .bib is one plain entry: never several, never an @preamble TeX would run.
  checkAuthorityBibtex(work.bibtex);
  const same = existing.find((entry) => sameWork(entry, work));
  if (same) return { action: 'reuse', key: same.key, file: same.file };
  const taken = new Set(existing.map((e) => e.key.toLowerCase()));
  const holder = existing.find((e) => e.key.toLowerCase() === work.key.toLowerCase());
  if (holder && sameKeySameWork(holder, work)) return { action: 'reuse', key: holder.key, file: holder.file };
  const key = taken.has(work.key.toLowerCase()) ? freeKey(work.key, taken) : work.key;
  const entry = key === work.key ? work.bibtex : rewriteCiteKey(work.bibtex, key);
  return { action: 'append', key, entry };
}

function freeKey(key: string, taken: Set<string>): string {
  for (let n = 0; ; n++) {
    const candidate = key + suffix(n);
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** 0 → a, 25 → z, 26 → aa, … */
function suffix(n: number): string {
  let text = '';
  for (let i = n + 1; i > 0; i = Math.floor((i - 1) / 26)) text = String.fromCharCode(97 + ((i - 1) % 26)) + text;
  return text;
}

/**
 * Appends `entry` at the end of the file, after one blank line; earlier bytes are untouched.
 * The new entry is laid out one field per line (values as the authority wrote them), unless
 * `keepAuthorityLayout` asks for the authority's exact bytes. Its lines end as the file's do.
 */
export function appendEntryEdit(
  fileText: string,
  entry: string,
  /** `newFileEnding`: for a new, empty file, the project's line ending (its .tex's). */
  options: { keepAuthorityLayout?: boolean; newFileEnding?: LineEnding } = {},
): TextEditPlan {
  const separator = fileText.length === 0 ? '' : fileText.endsWith('\n') ? '\n' : '\n\n';
  const text = options.keepAuthorityLayout ? entry.trim() : readableEntry(entry.trim());
  const ending = fileText.length === 0 && options.newFileEnding ? options.newFileEnding : lineEndingOf(fileText);
  return { offset: fileText.length, deleteLength: 0, insert: withLineEnding(separator + text + '\n', ending) };
}
