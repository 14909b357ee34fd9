// Crossref's REST API: one work by DOI (metadata, retraction notices, preprint relations) and a
// bibliographic search of published works. It registers journal and proceedings DOIs and
// bioRxiv/medRxiv's, not arXiv's DataCite DOIs, so callers try it for those only.
import type { CoreDeps } from '../deps';
import { HttpError } from '../net/types';
import { looksLikeHtml } from '../net/html';
import { doiPath, normalizeDoi } from '../identity/work';
import type { PaperRecord } from '../types';
import { SourceError } from './errors';
import { readCrossrefWork, type CrossrefWork } from './crossrefWork';

export type { CrossrefWork, CrossrefNotice, NoticeType } from './crossrefWork';

const JSON_TYPE = 'application/json';

function baseUrl(deps: CoreDeps): string {
  return deps.settings['sources.crossref.url'].replace(/\/+$/, '');
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const kind = looksLikeHtml(text) ? 'an HTML page' : 'malformed JSON';
    throw new SourceError(`Crossref sent ${kind} for ${what}.`, 'Crossref', { cause: error });
  }
}

/**
 * The work registered under `doi`, or undefined when Crossref has none (404: another agency's
 * DOI, or no such DOI). Throws HttpError / SourceError / TimeoutError when Crossref fails.
 */
export async function fetchCrossrefWork(doi: string, deps: CoreDeps): Promise<CrossrefWork | undefined> {
  const normal = normalizeDoi(doi);
  if (!normal) throw new SourceError(`"${doi}" is not a DOI.`, 'Crossref');
  const url = `${baseUrl(deps)}/works/${doiPath(normal)}`;
  let text: string;
  try {
    const response = await deps.http.request({
      service: 'crossref',
      url,
      accept: JSON_TYPE,
      signal: deps.signal,
      cacheNotFound: true,
      // Junk sent with a 200 is refused below and never kept, so the next run asks again.
      isUsable: (body) => readCrossrefWork((JSON.parse(body) as { message?: unknown }).message) !== undefined,
    });
    text = response.text();
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 410)) return undefined;
    throw error;
  }
  const message = (parseJson(text, normal) as { message?: unknown } | null)?.message;
  const work = readCrossrefWork(message);
  if (!work) throw new SourceError(`Crossref sent a record of the wrong shape for ${normal}.`, 'Crossref');
  return work;
}

export interface CrossrefSearch {
  /** A reference as people write it: title words, authors, year, venue, in any order. */
  bibliographic: string;
  /** Author names only (Crossref's `query.author`), when they are known apart. */
  author?: string;
  fromYear?: number;
  untilYear?: number;
  rows?: number;
}

/**
 * Crossref's relevance search over published works (`query.bibliographic`), best first. Works
 * of the wrong shape are left out. Throws when Crossref fails.
 */
export async function searchCrossref(search: CrossrefSearch, deps: CoreDeps): Promise<CrossrefWork[]> {
  const params = new URLSearchParams({ 'query.bibliographic': search.bibliographic, rows: String(search.rows ?? 5) });
  if (search.author) params.set('query.author', search.author);
  const filters = [
    search.fromYear !== undefined ? `from-pub-date:${search.fromYear}` : '',
    search.untilYear !== undefined ? `until-pub-date:${search.untilYear}` : '',
  ].filter(Boolean);
  if (filters.length > 0) params.set('filter', filters.join(','));
  const url = `${baseUrl(deps)}/works?${params}`;
  const response = await deps.http.request({
    service: 'crossref',
    url,
    accept: JSON_TYPE,
    signal: deps.signal,
    isEmpty: (body) => /"total-results"\s*:\s*0\b/.test(body),
    isUsable: (body) => Array.isArray((JSON.parse(body) as { message?: { items?: unknown } }).message?.items),
  });
  const message = (parseJson(response.text(), 'a search') as { message?: { items?: unknown } } | null)?.message;
  const items = message?.items;
  if (!Array.isArray(items)) throw new SourceError('Crossref sent a search answer without a list of works.', 'Crossref');
  return items.map(readCrossrefWork).filter((w): w is CrossrefWork => w !== undefined);
}

/** A Crossref work as a record the rest of the pipeline reads (dedupe, BibTeX, cards). */
export function crossrefRecord(work: CrossrefWork): PaperRecord {
  const server = work.institution?.toLowerCase();
  return {
    id: `doi:${work.doi}`,
    source: server === 'biorxiv' || server === 'medrxiv' ? server : 'crossref',
    title: work.title,
    authors: work.authors,
    year: work.year,
    doi: work.doi,
    url: work.url ?? `https://doi.org/${work.doi}`,
    abstract: work.abstract,
    publishedDoi: work.preprintOf[0],
    journal: work.containerTitle,
    ...(work.citedBy ? { citedBy: work.citedBy } : {}),
  };
}
