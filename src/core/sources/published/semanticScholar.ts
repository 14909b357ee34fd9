// Semantic Scholar's relevance search (`/graph/v1/paper/search`): works by topic, with abstracts,
// open PDFs and the ids that tie them to DBLP, arXiv, PubMed and a DOI. Its keyless pool is
// shared by every keyless user and answers 429 often: requests are spaced a second apart across
// processes (net/pacing.ts), a 429's Retry-After is honoured by the HTTP client, and a lane that
// still fails is skipped for the run with a named warning. Its title match (`/paper/search/match`)
// is the last resort of Check Bibliography and of the audit's lookup for a work no bibliography of
// record holds. A key (`x-api-key`) is sent when the user has one; it is never part of a URL, so
// it never reaches the cache.
import type { CoreDeps } from '../../deps';
import { HttpError, type HttpClient } from '../../net/types';
import type { Settings } from '../../settings/index';
import type { PaperRecord, PublishedSource, SearchRequest } from '../../types';
import { httpUrlOrUndefined } from '../../net/errors';
import { isObject, type Raw } from '../raw';
import { skippedRecordsWarning, SourceError } from '../errors';
import { describeAnswer, fieldText, markupFieldText } from './answerText';
import { plainWords, yearRange } from './queryWords';
import { readCitationCount } from '../../identity/citationCount';

const FIELDS = 'paperId,title,abstract,year,authors,venue,journal,externalIds,openAccessPdf,isOpenAccess,publicationTypes,citationCount';
/**
 * Words sent: the keyphrases' and then the claim's rarest (search/published.ts). S2 ranks by how
 * well the words match a paper, so a title-length query still finds papers holding only some.
 */
const MAX_WORDS = 16;

export function semanticScholarBase(settings: Settings): string {
  return settings['sources.semanticscholar.url'].trim().replace(/\/+$/, '');
}

export function semanticScholarHeaders(settings: Settings): Record<string, string> {
  const key = settings['sources.semanticscholar.apiKey'].trim();
  return key ? { 'x-api-key': key } : {};
}

export class SemanticScholarSource implements PublishedSource {
  readonly lane = 'semanticscholar' as const;
  readonly paced = true;

  constructor(
    private readonly settings: Settings,
    private readonly http: HttpClient,
    private readonly warn: (message: string) => void = () => {},
  ) {}

  async search(request: SearchRequest): Promise<PaperRecord[]> {
    const words = plainWords(request.query, MAX_WORDS);
    if (words.length === 0) return [];
    const params = new URLSearchParams({ query: words.join(' '), fields: FIELDS, limit: String(Math.min(100, Math.max(1, request.maxResults))) });
    const years = yearRange(request.query.filter, '-');
    if (years) params.set('year', years);
    const response = await this.http.request({
      service: 'semanticscholar',
      url: `${semanticScholarBase(this.settings)}/paper/search?${params.toString()}`,
      accept: 'application/json',
      headers: semanticScholarHeaders(this.settings),
      signal: request.signal,
      isEmpty: (text) => papersOf(text)?.length === 0,
      storeInBackground: true,
    });
    const papers = papersOf(response.text());
    if (!papers) throw new SourceError(`Semantic Scholar sent ${describeAnswer(response.text())} instead of a search answer.`, 'Semantic Scholar');
    const records = papers.map(semanticScholarRecord);
    const kept = records.filter((r): r is PaperRecord => r !== undefined);
    if (kept.length < records.length) this.warn(skippedRecordsWarning('Semantic Scholar', records.length - kept.length, 'without a title or an id'));
    return kept;
  }
}

/**
 * S2's one best match for a title (`/paper/search/match`), or undefined when it has none: S2 then
 * answers 404 "Title match not found", kept a day like an authority's "no such record" so a
 * re-check asks nothing. Throws when S2 fails (a 429 after its retries, junk).
 */
export async function matchSemanticScholarTitle(title: string, deps: CoreDeps): Promise<PaperRecord | undefined> {
  const params = new URLSearchParams({ query: title, fields: FIELDS });
  let text: string;
  try {
    const response = await deps.http.request({
      service: 'semanticscholar',
      url: `${semanticScholarBase(deps.settings)}/paper/search/match?${params.toString()}`,
      accept: 'application/json',
      headers: semanticScholarHeaders(deps.settings),
      signal: deps.signal,
      cacheNotFound: true,
    });
    text = response.text();
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return undefined;
    throw error;
  }
  const body = jsonOf(text);
  if (!isObject(body) || !Array.isArray(body.data)) throw new SourceError(`Semantic Scholar sent ${describeAnswer(text)} instead of a title match.`, 'Semantic Scholar');
  return body.data.length ? semanticScholarRecord(body.data[0]) : undefined;
}

/** The `data` list of a search answer ([] for S2's `{"total": 0}` with no `data`), or undefined for anything else. */
function papersOf(text: string): unknown[] | undefined {
  const body = jsonOf(text);
  if (!isObject(body) || typeof body.total !== 'number') return undefined;
  return Array.isArray(body.data) ? body.data : [];
}

/** The answer's JSON, or undefined when it is not JSON (an HTML error page, a cut body). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One S2 paper as a record; undefined without a title or a paperId. */
export function semanticScholarRecord(raw: unknown): PaperRecord | undefined {
  if (!isObject(raw)) return undefined;
  const title = markupFieldText(raw.title)?.replace(/\.$/, '');
  const paperId = fieldText(raw.paperId);
  if (!title || !paperId) return undefined;
  const ids: Raw = isObject(raw.externalIds) ? raw.externalIds : {};
  const doi = fieldText(ids.DOI)?.toLowerCase();
  const arxivId = fieldText(ids.ArXiv);
  const record: PaperRecord = {
    id: doi ? `doi:${doi}` : arxivId ? `arxiv:${arxivId}` : `s2:${paperId}`,
    source: 'semanticscholar',
    title,
    authors: (Array.isArray(raw.authors) ? raw.authors : [])
      .map((a) => (isObject(a) ? fieldText(a.name) : undefined))
      .filter((n): n is string => !!n),
    url: `https://www.semanticscholar.org/paper/${encodeURIComponent(paperId)}`,
  };
  const year = typeof raw.year === 'number' && raw.year > 0 ? raw.year : undefined;
  if (year) record.year = year;
  if (doi) record.doi = doi;
  if (arxivId) record.arxivId = arxivId;
  const abstract = markupFieldText(raw.abstract);
  if (abstract) record.abstract = abstract;
  const dblp = fieldText(ids.DBLP);
  if (dblp) record.dblpKey = dblp;
  const pmid = typeof ids.PubMed === 'string' && /^\d+$/.test(ids.PubMed) ? ids.PubMed : undefined;
  if (pmid) record.pmid = pmid;
  const pmc = fieldText(ids.PubMedCentral);
  if (pmc && /^(PMC)?\d+$/.test(pmc)) record.pmcid = pmc.startsWith('PMC') ? pmc : `PMC${pmc}`;
  const journal = isObject(raw.journal) ? fieldText(raw.journal.name) : undefined;
  const venue = journal ?? fieldText(raw.venue);
  if (venue) record.journal = venue;
  const pdf = isObject(raw.openAccessPdf) ? httpUrlOrUndefined(fieldText(raw.openAccessPdf.url)) : undefined;
  if (pdf) record.pdfUrl = pdf;
  if (typeof raw.isOpenAccess === 'boolean') record.openAccess = raw.isOpenAccess && pdf !== undefined;
  const citedBy = readCitationCount(raw.citationCount, 'semanticscholar', true);
  if (citedBy) record.citedBy = citedBy;
  return record;
}
