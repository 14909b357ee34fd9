// arXiv search through the export API (Atom). Pacing (one request every 3 s) and retries live in
// the HttpClient; this file builds the URL and turns answers, including error feeds, into records.
import type { HttpClient, HttpRequest, HttpResponse } from '../net/types';
import { HttpError, isAbortError } from '../net/types';
import { renderArxivQuery } from './arxivQuery';
import type { Settings } from '../settings/index';
import type { PaperRecord, SearchRequest, SearchSource } from '../types';
import { arxivAbsBase, arxivErrorMessage, parseArxivFeed, type ArxivFeed, type ArxivFeedOptions } from './arxivAtom';
import { SourceError } from './errors';
import { arxivFeedKey, readStoredFeed, storeFeed } from './arxivFeedCache';
import { contentDigest } from '../net/contentDigest';
import { derivedFromCache } from '../net/readings';

const ATOM = 'application/atom+xml';

export class ArxivSource implements SearchSource {
  readonly name = 'arxiv' as const;
  readonly paced = true;

  constructor(
    private readonly settings: Settings,
    private readonly http: HttpClient,
    /** Told when an answer had entries of the wrong shape (they are left out). */
    private readonly warn: (message: string) => void = () => {},
  ) {}

  async search(request: SearchRequest): Promise<PaperRecord[]> {
    const params = new URLSearchParams({
      search_query: renderArxivQuery(request.query, request.mode),
      start: '0',
      max_results: String(Math.max(1, request.maxResults)),
      sortBy: 'relevance',
      sortOrder: 'descending',
    });
    // The run waits for its writes at its end: the reading is stored behind the search.
    return fetchFeed(this.settings, this.http, params, request.signal, { warn: this.warn, storeBehind: true });
  }
}

/** Records for the given ids (versioned or not), in arXiv's order; unknown ids are left out. */
export async function fetchArxivById(
  ids: string[],
  settings: Settings,
  http: HttpClient,
  signal?: AbortSignal,
): Promise<PaperRecord[]> {
  if (ids.length === 0) return [];
  const params = new URLSearchParams({ id_list: ids.join(','), start: '0', max_results: String(ids.length) });
  return fetchFeed(settings, http, params, signal);
}

/**
 * Records for a raw arXiv `search_query` (e.g. `ti:Supernovae AND au:Perlmutter`), best first.
 * For lookups that know the fields they ask about; searches from a claim go through ArxivSource.
 */
export async function searchArxivQuery(
  searchQuery: string,
  maxResults: number,
  settings: Settings,
  http: HttpClient,
  signal?: AbortSignal,
): Promise<PaperRecord[]> {
  const params = new URLSearchParams({ search_query: searchQuery, start: '0', max_results: String(Math.max(1, maxResults)) });
  // Its one caller, the audit, waits for its writes at its end.
  return fetchFeed(settings, http, params, signal, { storeBehind: true });
}

async function fetchFeed(
  settings: Settings,
  http: HttpClient,
  params: URLSearchParams,
  signal: AbortSignal | undefined,
  { warn = () => {}, storeBehind = false }: { warn?: (message: string) => void; storeBehind?: boolean } = {},
): Promise<PaperRecord[]> {
  const url = `${settings['sources.arxiv.url']}?${params.toString()}`;
  const options = { absBase: arxivAbsBase(settings['sources.arxiv.url']) };
  // A network answer is parsed once: what the cache's "is it empty?" read is kept for the records
  // (reading a feed's LaTeX takes milliseconds an entry, on the way to every PDF of an audit).
  let read: { body: string; feed: ArxivFeed } | undefined;
  const isEmpty = (text: string) => {
    read = undefined;
    const feed = parsedOrUndefined(text, options);
    if (feed) read = { body: text, feed };
    return feed !== undefined && feed.records.length === 0;
  };
  const request: HttpRequest = { service: 'arxiv', url, accept: ATOM, signal, isEmpty, storeInBackground: true };
  const readings = feedReadings(http, options.absBase);
  // Found by the cached answer's digest; `absent`: the request goes out without asking the cache again.
  const stored = await readings?.lookUp(request);
  if (stored?.reading) return recordsOf(stored.reading, warn);
  let response: HttpResponse;
  try {
    response = await http.request({ ...request, cacheRead: !stored?.absent });
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (error instanceof HttpError && error.status === 400) {
      const message = arxivErrorMessage(error.bodyText) ?? `arXiv rejected the request (HTTP 400).`;
      throw new SourceError(message, 'arXiv', { cause: error });
    }
    throw error;
  }
  const body = response.text();
  const feed = read?.body === body ? read.feed : parseArxivFeed(body, options);
  // An empty answer reads in no time, and lives an hour, not the reading's cache.ttlHours: not kept.
  const kept = feed.records.length + feed.malformed > 0 ? readings?.keep(response.body, feed) : undefined;
  if (!storeBehind) await kept;
  return recordsOf(feed, warn);
}

function recordsOf(feed: ArxivFeed, warn: (message: string) => void): PaperRecord[] {
  if (feed.malformed > 0) warn(`arXiv sent ${feed.malformed} entr${feed.malformed === 1 ? 'y' : 'ies'} without an id or title, or with fields of the wrong shape; skipped.`);
  return feed.records;
}

/** The feed's reading as an earlier run kept it (arxivFeedCache.ts), and where to keep this one's. */
function feedReadings(http: HttpClient, absBase: string) {
  const dir = http.cacheDir;
  if (!dir) return undefined;
  const keyOf = (digest: string) => arxivFeedKey(digest, absBase);
  return {
    lookUp: (request: HttpRequest) => derivedFromCache(http, request, keyOf, readStoredFeed),
    keep: (body: Uint8Array, feed: ArxivFeed) => storeFeed(dir, keyOf(contentDigest(body)), feed),
  };
}

/** The feed, or undefined for an Error entry or a broken feed; a valid feed with no entries is cached for an hour only. */
function parsedOrUndefined(body: string, options: ArxivFeedOptions): ArxivFeed | undefined {
  try {
    return parseArxivFeed(body, options);
  } catch {
    return undefined;
  }
}
