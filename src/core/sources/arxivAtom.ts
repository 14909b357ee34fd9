// Parses arXiv API Atom feeds (current and legacy formats) into PaperRecords. Namespace
// prefixes are dropped, so `arxiv:doi` with or without an inline xmlns reads the same.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { PaperRecord } from '../types';
import { excerpt, SourceError } from './errors';
import { htmlTitle, looksLikeHtml } from '../identity/html';
import { splitArxivId } from '../identity/work';

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
}

interface AtomFeed {
  entry?: AtomEntry[];
  totalResults?: string;
}

export interface ArxivFeed {
  records: PaperRecord[];
  totalResults?: number;
}

function textOf(value: string | { '#text'?: string } | undefined): string {
  const raw = typeof value === 'string' ? value : (value?.['#text'] ?? '');
  return raw.replace(/\s+/g, ' ').trim();
}

function isErrorEntry(entry: AtomEntry): boolean {
  return textOf(entry.title) === 'Error' && (entry.id ?? '').includes('/api/errors');
}

function toRecord(entry: AtomEntry): PaperRecord {
  const { id, version } = splitArxivId(entry.id ?? '');
  const links = entry.link ?? [];
  const pdf = links.find((l) => l['@_title'] === 'pdf' || l['@_type'] === 'application/pdf');
  const page = links.find((l) => l['@_rel'] === 'alternate');
  const doi = entry.doi?.trim().toLowerCase() || undefined;
  const categories = [
    ...new Set(
      [entry.primary_category?.['@_term'], ...(entry.category ?? []).map((c) => c['@_term'])].filter(
        (c): c is string => Boolean(c),
      ),
    ),
  ];
  const year = Number((entry.published ?? entry.updated ?? '').slice(0, 4));
  return {
    id: `arxiv:${id}`,
    source: 'arxiv',
    title: textOf(entry.title),
    authors: (entry.author ?? []).map((a) => (a.name ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean),
    year: Number.isFinite(year) && year > 0 ? year : undefined,
    doi,
    arxivId: id,
    version,
    url: page?.['@_href'] ?? `https://arxiv.org/abs/${id}`,
    pdfUrl: pdf?.['@_href'],
    abstract: textOf(entry.summary) || undefined,
    categories: categories.length ? categories : undefined,
    publishedDoi: doi,
    journal: entry.journal_ref?.replace(/\s+/g, ' ').trim() || undefined,
  };
}

/**
 * Parses a feed body. Throws SourceError for anything that is not a usable feed: an HTML page,
 * truncated or malformed XML, or a feed whose entry is arXiv's Error entry.
 */
export function parseArxivFeed(xml: string): ArxivFeed {
  if (looksLikeHtml(xml)) {
    const title = htmlTitle(xml);
    throw new SourceError(`arXiv sent an HTML page instead of an Atom feed${title ? ` ("${title}")` : ''}.`, HOST);
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new SourceError(
      `arXiv sent a broken Atom feed (${valid.err.msg} at line ${valid.err.line}); it may have been cut off.`,
      HOST,
    );
  }
  const doc = parser.parse(xml) as { feed?: AtomFeed };
  if (!doc.feed || typeof doc.feed !== 'object') {
    throw new SourceError(`arXiv sent XML that is not an Atom feed: ${excerpt(xml)}`, HOST);
  }
  const entries = doc.feed.entry ?? [];
  const error = entries.find(isErrorEntry);
  if (error) throw new SourceError(`arXiv rejected the request: ${textOf(error.summary) || 'unknown error'}.`, HOST);
  const total = Number(doc.feed.totalResults);
  return { records: entries.map(toRecord), totalResults: Number.isFinite(total) ? total : undefined };
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
