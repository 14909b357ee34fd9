// Parses arXiv API Atom feeds (current and legacy formats) into PaperRecords. Namespace
// prefixes are dropped, so `arxiv:doi` with or without an inline xmlns reads the same.
import { latexToUnicode } from '../latex/unicode';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { PaperRecord } from '../types';
import { excerpt, looksBinary, SourceError } from './errors';
import { htmlTitle, looksLikeHtml } from '../net/html';
import { splitArxivId } from '../identity/work';
import { httpUrlOrUndefined } from '../net/errors';
import { xmlText } from './validate';

const HOST = 'arXiv';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Keep every value a string: '1710.08557' must not become a number.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['entry', 'author', 'link', 'category'].includes(name),
});

interface AtomLink {
  '@_href'?: string;
  '@_rel'?: string;
  '@_type'?: string;
  '@_title'?: string;
}

interface AtomEntry {
  id?: string;
  title?: string | { '#text'?: string };
  summary?: string | { '#text'?: string };
  published?: string;
  updated?: string;
  author?: { name?: string }[];
  link?: AtomLink[];
  category?: { '@_term'?: string }[];
  primary_category?: { '@_term'?: string };
  doi?: string;
  journal_ref?: string;
  comment?: string;
}

interface AtomFeed {
  entry?: AtomEntry[];
  totalResults?: string;
}

export interface ArxivFeed {
  records: PaperRecord[];
  totalResults?: number;
  /** Entries left out because a field had the wrong shape (or no id). */
  malformed: number;
}

export interface ArxivFeedOptions {
  /** Where abstract pages live (`…/abs`), for entries without a link: the configured endpoint's. */
  absBase?: string;
}

/** The text of a value that should be text; anything else (a nested element, a list) reads as ''. */
function textOf(value: unknown): string {
  return (xmlText(value) ?? '').replace(/\s+/g, ' ').trim();
}

/** Abstract pages beside the configured API endpoint: `https://export.arxiv.org/api/query` → `…/abs`. */
export function arxivAbsBase(apiUrl: string): string {
  try {
    const url = new URL(apiUrl);
    const path = url.pathname.replace(/\/api\/query\/?$/, '').replace(/\/+$/, '');
    return `${url.origin}${path}/abs`;
  } catch {
    return 'https://arxiv.org/abs';
  }
}

function isErrorEntry(entry: AtomEntry): boolean {
  return textOf(entry.title) === 'Error' && textOf(entry.id).includes('/api/errors');
}

/** Objects of a list that should hold objects; a string or number in it is skipped. */
function objects<T>(value: T[] | undefined): T[] {
  return Array.isArray(value) ? value.filter((v): v is T => typeof v === 'object' && v !== null) : [];
}

/** One entry as a record; undefined for an entry without an id or a title. */
function toRecord(entry: AtomEntry, absBase: string): PaperRecord | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { id, version } = splitArxivId(textOf(entry.id));
  // arXiv's titles and abstracts are LaTeX as the authors typed it (`R\'{e}nyi`, `$\alpha$`): read as text.
  const title = latexToUnicode(textOf(entry.title));
  if (!id || !title) return undefined;
  const links = objects(entry.link);
  const pdf = links.find((l) => l['@_title'] === 'pdf' || l['@_type'] === 'application/pdf');
  const page = links.find((l) => l['@_rel'] === 'alternate');
  const doi = textOf(entry.doi).toLowerCase() || undefined;
  const terms = [entry.primary_category, ...objects(entry.category)].map((c) => (typeof c === 'object' ? c?.['@_term'] : undefined));
  const categories = [...new Set(terms.filter((c): c is string => typeof c === 'string' && c !== ''))];
  const year = Number((textOf(entry.published) || textOf(entry.updated)).slice(0, 4));
  return {
    id: `arxiv:${id}`,
    source: 'arxiv',
    title,
    authors: objects(entry.author).map((a) => textOf(a.name)).filter(Boolean),
    year: Number.isFinite(year) && year > 0 ? year : undefined,
    doi,
    arxivId: id,
    version,
    // Links from the answer only when they are http(s); else built on the configured endpoint.
    url: httpUrlOrUndefined(page?.['@_href']) ?? `${absBase}/${id}`,
    pdfUrl: httpUrlOrUndefined(pdf?.['@_href']),
    abstract: latexToUnicode(textOf(entry.summary)) || undefined,
    categories: categories.length ? categories : undefined,
    publishedDoi: doi,
    journal: textOf(entry.journal_ref) || undefined,
    comment: textOf(entry.comment) || undefined,
  };
}

/**
 * Parses a feed body. Throws SourceError for anything that is not a usable feed: an HTML page,
 * truncated or malformed XML, or a feed whose entry is arXiv's Error entry.
 */
export function parseArxivFeed(xml: string, options: ArxivFeedOptions = {}): ArxivFeed {
  if (looksLikeHtml(xml)) {
    const title = htmlTitle(xml);
    throw new SourceError(`arXiv sent an HTML page instead of an Atom feed${title ? ` ("${title}")` : ''}.`, HOST);
  }
  if (looksBinary(xml)) throw new SourceError('arXiv sent binary data instead of an Atom feed.', HOST);
  // arXiv's feeds never declare a DOCTYPE; one here could only define entities (XXE, billion laughs).
  if (/<!DOCTYPE/i.test(xml)) throw new SourceError('arXiv sent XML with a DOCTYPE declaration, which its feeds never have; refused.', HOST);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new SourceError(
      `arXiv sent a broken Atom feed (${excerpt(valid.err.msg)} at line ${valid.err.line}); it may have been cut off.`,
      HOST,
    );
  }
  const doc = parser.parse(xml) as { feed?: AtomFeed };
  if (!doc.feed || typeof doc.feed !== 'object') {
    throw new SourceError(`arXiv sent XML that is not an Atom feed: ${excerpt(xml)}`, HOST);
  }
  const entries = objects(doc.feed.entry);
  const error = entries.find(isErrorEntry);
  if (error) throw new SourceError(`arXiv rejected the request: ${textOf(error.summary) || 'unknown error'}.`, HOST);
  const total = Number(textOf(doc.feed.totalResults));
  const absBase = (options.absBase ?? 'https://arxiv.org/abs').replace(/\/+$/, '');
  // Each entry on its own: one of the wrong shape is left out, the others kept.
  const records = (doc.feed.entry ?? []).map((entry) => toRecord(entry, absBase)).filter((r): r is PaperRecord => r !== undefined);
  const malformed = (doc.feed.entry ?? []).length - records.length;
  return { records, totalResults: Number.isFinite(total) && textOf(doc.feed.totalResults) !== '' ? total : undefined, malformed };
}

/** arXiv's own message from an error feed (e.g. the body of an HTTP 400), if there is one. */
export function arxivErrorMessage(body: string): string | undefined {
  try {
    parseArxivFeed(body);
  } catch (error) {
    if (error instanceof SourceError && error.message.startsWith('arXiv rejected')) return error.message;
  }
  return undefined;
}
