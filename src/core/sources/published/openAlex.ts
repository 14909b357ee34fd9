// OpenAlex, the cross-discipline index, used the way it now has to be used: since February 2026
// a search needs the user's (free) API key, and keyless callers share a tiny daily budget that
// ends in a 429 with a Retry-After of hours, while a lookup of one work by DOI stays free. So
// without a key OpenAlex is only looked up by DOI (the abstract of a DBLP or Crossref hit, its
// open-access PDF); with one it is also searched. An empty `api_key` is never sent (it answers
// 401), and the key never reaches the disk (net/cache.ts strips it from cache keys).
import type { CoreDeps } from '../../deps';
import { cacheUseOptions, type CacheUse, type HttpClient } from '../../net/types';
import type { Settings } from '../../settings/index';
import type { PaperRecord, PublishedSource, SearchRequest } from '../../types';
import { httpUrlOrUndefined } from '../../net/errors';
import { looksLikeHtml } from '../../net/html';
import { isObject, type Raw } from '../raw';
import { skippedRecordsWarning, SourceError } from '../errors';
import { describeAnswer, fieldText, markupFieldText } from './answerText';
import { plainWords, yearRange } from './queryWords';
import { readCitationCount } from '../../identity/citationCount';
import { withoutAbstractHeading } from '../abstractText';

const MAX_WORDS = 10;

export function openAlexKey(settings: Settings): string {
  return settings['sources.openalex.apiKey'].trim();
}

function openAlexUrl(settings: Settings, path: string, params: URLSearchParams): string {
  const key = openAlexKey(settings);
  if (key) params.set('api_key', key);
  const query = params.toString();
  return `${settings['sources.openalex.url'].trim().replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

export class OpenAlexSource implements PublishedSource {
  readonly lane = 'openalex' as const;
  readonly paced = true;

  constructor(
    private readonly settings: Settings,
    private readonly http: HttpClient,
    private readonly warn: (message: string) => void = () => {},
  ) {}

  /** A search: only with the user's key (published-lane planning never calls it without one). */
  async search(request: SearchRequest): Promise<PaperRecord[]> {
    const words = plainWords(request.query, MAX_WORDS);
    if (words.length === 0 || !openAlexKey(this.settings)) return [];
    const years = yearRange(request.query.filter, '-');
    // Preprints are the preprint lanes' (and OpenAlex lists each as a work of its own).
    const filter = ['type:!preprint', ...(years ? [`publication_year:${years}`] : [])].join(',');
    const params = new URLSearchParams({ search: words.join(' '), filter, per_page: String(Math.min(100, Math.max(1, request.maxResults))) });
    const response = await this.http.request({
      service: 'openalex',
      url: openAlexUrl(this.settings, '/works', params),
      accept: 'application/json',
      signal: request.signal,
      isEmpty: (text) => worksOf(text)?.length === 0,
      storeInBackground: true,
    });
    const works = worksOf(response.text());
    if (!works) throw new SourceError(`OpenAlex sent ${describeAnswer(response.text())} instead of a list of works.`, 'OpenAlex');
    const records = works.map(openAlexRecord);
    const kept = records.filter((r): r is PaperRecord => r !== undefined);
    if (kept.length < records.length) this.warn(skippedRecordsWarning('OpenAlex', records.length - kept.length, 'without a title or an id'));
    return kept;
  }
}

/**
 * One work by DOI (free with or without a key): undefined when OpenAlex does not hold it (its 404
 * comes as an HTML page). Throws for a failure, so the caller can tell "unknown" from "not asked".
 */
export async function lookupOpenAlexWork(doi: string, deps: CoreDeps, cacheUse: CacheUse = 'read'): Promise<PaperRecord | undefined> {
  let text: string;
  try {
    const response = await deps.http.request({
      service: 'openalex',
      url: openAlexUrl(deps.settings, `/works/doi:${encodeURIComponent(doi)}`, new URLSearchParams()),
      accept: 'application/json',
      signal: deps.signal,
      cacheNotFound: true,
      ...cacheUseOptions(cacheUse),
      isUsable: (body) => !looksLikeHtml(body),
    });
    text = response.text();
  } catch (error) {
    if ((error as { status?: number }).status === 404) return undefined;
    throw error;
  }
  try {
    return openAlexRecord(JSON.parse(text));
  } catch {
    throw new SourceError(`OpenAlex sent ${describeAnswer(text)} for doi:${doi}.`, 'OpenAlex');
  }
}

function worksOf(text: string): unknown[] | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return isObject(body) && Array.isArray(body.results) ? body.results : undefined;
  } catch {
    return undefined;
  }
}



/** OpenAlex gives abstracts only as an inverted index: word → positions. */
export function abstractFromInvertedIndex(index: unknown): string | undefined {
  if (!isObject(index)) return undefined;
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) {
    if (!Array.isArray(positions)) continue;
    for (const p of positions) if (Number.isInteger(p) && p >= 0 && p < 100_000) words[p] = word;
  }
  const text = words.filter((w) => w !== undefined).join(' ').trim();
  return text || undefined;
}

/** One OpenAlex work as a record; undefined without a title or an id. */
export function openAlexRecord(raw: unknown): PaperRecord | undefined {
  if (!isObject(raw)) return undefined;
  const title = markupFieldText(raw.title) ?? markupFieldText(raw.display_name);
  const workId = fieldText(raw.id)?.replace(/^https:\/\/openalex\.org\//, '');
  if (!title || !workId) return undefined;
  const ids: Raw = isObject(raw.ids) ? raw.ids : {};
  const doi = fieldText(raw.doi)?.replace(/^https?:\/\/(dx\.)?doi\.org\//i, '').toLowerCase();
  const record: PaperRecord = {
    id: doi ? `doi:${doi}` : `openalex:${workId}`,
    source: 'openalex',
    title: title.replace(/\.$/, ''),
    authors: (Array.isArray(raw.authorships) ? raw.authorships : [])
      .map((a) => (isObject(a) && isObject(a.author) ? fieldText(a.author.display_name) : undefined))
      .filter((n): n is string => !!n),
    url: doi ? `https://doi.org/${doi}` : `https://openalex.org/${workId}`,
  };
  const year = Number(raw.publication_year);
  if (Number.isInteger(year) && year > 0) record.year = year;
  if (doi) record.doi = doi;
  const abstract = markupFieldText(abstractFromInvertedIndex(raw.abstract_inverted_index));
  if (abstract) record.abstract = withoutAbstractHeading(abstract, record.title);
  const pmid = /(\d+)\/?$/.exec(fieldText(ids.pmid) ?? '')?.[1];
  if (pmid) record.pmid = pmid;
  const pmc = /(?:PMC)?(\d+)\/?$/i.exec(fieldText(ids.pmcid) ?? '')?.[1];
  if (pmc) record.pmcid = `PMC${pmc}`;
  const primary: Raw = isObject(raw.primary_location) ? raw.primary_location : {};
  const venue = isObject(primary.source) ? markupFieldText(primary.source.display_name) : undefined;
  if (venue) record.journal = venue;
  // Only an open location's PDF, with the licence OpenAlex reports: never a publisher's paywall.
  const best: Raw = isObject(raw.best_oa_location) ? raw.best_oa_location : {};
  const pdf = best.is_oa === true ? httpUrlOrUndefined(fieldText(best.pdf_url)) : undefined;
  if (pdf) record.pdfUrl = pdf;
  const oa: Raw = isObject(raw.open_access) ? raw.open_access : {};
  if (typeof oa.is_oa === 'boolean') record.openAccess = oa.is_oa && pdf !== undefined;
  if (raw.is_retracted === true) record.sourceTrust = 'retracted';
  const citedBy = readCitationCount(raw.cited_by_count, 'openalex', true);
  if (citedBy) record.citedBy = citedBy;
  return record;
}
