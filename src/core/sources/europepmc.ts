// bioRxiv and medRxiv keyword search through Europe PMC (the bioRxiv API has none), keeping only
// preprint (PPR) records of the wanted server, then enriched from the bioRxiv details API.
// Enrichment is best effort: a failure there warns and keeps the record as Europe PMC gave it.
import type { HttpClient } from '../net/types';
import { isAbortError, type CacheUse } from '../net/types';
import { renderEuropePmcQuery } from './europepmcQuery';
import type { Settings } from '../settings/index';
import type { EnrichOptions, PaperRecord, Repository, SearchRequest, SearchSource } from '../types';
import { fetchBiorxivDetails, type BiorxivDetails, type RxivServer } from './biorxivDetails';
import { excerpt, looksBinary, skippedRecordsWarning, SourceError } from './errors';
import { htmlTitle, looksLikeHtml } from '../net/html';
import { toPaperRecord, type EuropePmcResult } from './europepmcRecord';
import { checkEuropePmcResult } from './validate';

const PUBLISHER: Record<RxivServer, 'bioRxiv' | 'medRxiv'> = { biorxiv: 'bioRxiv', medrxiv: 'medRxiv' };

export interface EuropePmcSourceOptions {
  /** Where enrichment problems are reported; they never fail the search. */
  warn?: (message: string) => void;
}

export class EuropePmcSource implements SearchSource {
  readonly name: RxivServer;
  /** Both servers are searched through Europe PMC: one service, one queue. */
  readonly service = 'europepmc';
  private readonly warn: (message: string) => void;
  /**
   * Details lookups by DOI. Every query of a run tends to return the same preprints, and the disk
   * cache only helps once an answer is complete, so identical lookups share one request.
   */
  private readonly detailsByDoi = new Map<string, Promise<BiorxivDetails | undefined>>();

  constructor(
    server: RxivServer,
    private readonly settings: Settings,
    private readonly http: HttpClient,
    options: EuropePmcSourceOptions = {},
  ) {
    this.name = server;
    this.warn = options.warn ?? (() => {});
  }

  async search(request: SearchRequest): Promise<PaperRecord[]> {
    return (await this.searchServers(request, [this.name])).get(this.name) ?? [];
  }

  /**
   * One request for this server and the others Europe PMC serves too (a bioRxiv/medRxiv close
   * call): the page holds `maxResults` per server and each keeps its own records in Europe PMC's
   * order. One round trip and one connection instead of two in Europe PMC's queue.
   */
  async searchAlongside(request: SearchRequest, others: readonly Repository[]): Promise<ReadonlyMap<Repository, PaperRecord[]>> {
    const servers = [this.name, ...others.filter((o): o is RxivServer => o in PUBLISHER && o !== this.name)];
    return this.searchServers(request, [...new Set(servers)]);
  }

  private async searchServers(request: SearchRequest, servers: RxivServer[]): Promise<Map<Repository, PaperRecord[]>> {
    const perServer = Math.max(1, request.maxResults);
    const params = new URLSearchParams({
      query: renderEuropePmcQuery(request.query, request.mode, servers.map((server) => PUBLISHER[server])),
      format: 'json',
      resultType: 'core',
      pageSize: String(perServer * servers.length),
    });
    const url = `${this.settings['sources.europepmc.url']}?${params.toString()}`;
    // Europe PMC's default order is relevance, so the first answer is already a ranked list.
    const response = await this.http.request({
      service: 'europepmc', url, accept: 'application/json', signal: request.signal, isEmpty: isEmptyResultList, storeInBackground: true,
    });
    const text = response.text();
    const results = parseSearchResults(text);
    // Each record checked on its own: one of the wrong shape is skipped, the others kept.
    const checked = results.map(checkEuropePmcResult).filter((r): r is EuropePmcResult => r !== undefined);
    if (checked.length < results.length) {
      this.warn(skippedRecordsWarning('Europe PMC', results.length - checked.length, 'with fields missing or of the wrong type'));
    }
    const doiLinks = this.settings['sources.doi.url'].trim().replace(/\/+$/, '');
    return new Map(
      servers.map((server) => [
        server,
        checked
          .filter((r) => r.source === 'PPR' && publisherOf(r) === PUBLISHER[server].toLowerCase())
          .map((r) => toPaperRecord(r, server, doiLinks))
          .filter((r): r is PaperRecord => r !== undefined)
          .slice(0, perServer)
          .map((r) => this.withPdfPattern(r, server)),
      ]),
    );
  }

  /** Version, category and published DOI from the bioRxiv/medRxiv details API. */
  async enrich(record: PaperRecord, signal?: AbortSignal, options: EnrichOptions = {}): Promise<PaperRecord> {
    if (!record.doi || !this.settings['sources.biorxiv.enabled']) return record;
    let details: BiorxivDetails | undefined;
    try {
      details = await this.details(record.doi, signal, options.cacheChecked ? 'skip-read' : 'read');
    } catch (error) {
      if (isAbortError(error)) throw error;
      // A skipped service (open circuit) was named once, when it failed: not again for each record.
      if ((error as Error).name !== 'ServiceUnavailableError') {
        this.warn(`Could not enrich ${record.doi} from the ${PUBLISHER[this.name]} API: ${(error as Error).message}`);
      }
      return this.withPdfPattern(record);
    }
    return this.withDetails(record, details);
  }

  async enrichFromCache(record: PaperRecord): Promise<PaperRecord | undefined> {
    if (!record.doi || !this.settings['sources.biorxiv.enabled']) return undefined;
    try {
      return this.withDetails(record, await fetchBiorxivDetails(this.name, record.doi, this.settings, this.http, undefined, 'only'));
    } catch {
      return undefined; // not cached, or unreadable: the request to the API says what it has
    }
  }

  private withDetails(record: PaperRecord, details: BiorxivDetails | undefined): PaperRecord {
    if (!details) return this.withPdfPattern(record);
    return this.withPdfPattern({
      ...record,
      title: record.title || details.title,
      authors: record.authors.length ? record.authors : details.authors,
      year: record.year ?? (Number(details.date.slice(0, 4)) || undefined),
      abstract: record.abstract ?? details.abstract,
      version: details.version || record.version,
      categories: details.category ? [details.category] : record.categories,
      publishedDoi: details.publishedDoi ?? record.publishedDoi,
      jatsUrl: details.jatsUrl ?? record.jatsUrl,
    });
  }

  private details(doi: string, signal: AbortSignal | undefined, cacheUse: CacheUse): Promise<BiorxivDetails | undefined> {
    let pending = this.detailsByDoi.get(doi);
    if (!pending) {
      pending = fetchBiorxivDetails(this.name, doi, this.settings, this.http, signal, cacheUse);
      this.detailsByDoi.set(doi, pending);
    }
    return pending;
  }

  /** bioRxiv/medRxiv serve `{doi}v{version}.full.pdf`; used when the record names no PDF. */
  private withPdfPattern(record: PaperRecord, server: RxivServer = this.name): PaperRecord {
    if (record.pdfUrl || !record.doi || !record.version) return record;
    const base = this.settings[server === 'biorxiv' ? 'sources.biorxivContent.url' : 'sources.medrxivContent.url'];
    return { ...record, pdfUrl: `${base}/${record.doi}v${record.version}.full.pdf` };
  }
}

function publisherOf(result: EuropePmcResult): string {
  return (result.bookOrReportDetails?.publisher ?? '').trim().toLowerCase();
}

/** A well-formed answer whose `resultList.result` is empty: cached for an hour only. */
export function isEmptyResultList(text: string): boolean {
  try {
    return parseSearchResults(text).length === 0;
  } catch {
    return false;
  }
}

/** The result list of a Europe PMC JSON answer; a clear SourceError for anything else. */
export function parseSearchResults(text: string): EuropePmcResult[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    if (looksLikeHtml(text)) {
      const title = htmlTitle(text);
      throw new SourceError(`Europe PMC sent an HTML page instead of JSON${title ? ` ("${title}")` : ''}.`, 'Europe PMC');
    }
    if (looksBinary(text)) throw new SourceError('Europe PMC sent binary data instead of JSON.', 'Europe PMC', { cause: error });
    throw new SourceError(`Europe PMC sent malformed JSON (${excerpt(text, 60)}); it may have been cut off.`, 'Europe PMC', {
      cause: error,
    });
  }
  const list = (body as { resultList?: { result?: unknown } } | null)?.resultList?.result;
  if (!Array.isArray(list)) {
    throw new SourceError(`Europe PMC sent JSON without a result list: ${excerpt(text)}`, 'Europe PMC');
  }
  return list.filter((r): r is EuropePmcResult => Boolean(r) && typeof r === 'object');
}
