// DBLP, the computer-science bibliography: where ICLR, NeurIPS, ICML and JMLR papers (most
// without a Crossref DOI) can be identified, and where a venue claim is confirmed.
//
// The interface other stages call (stable; the verdict engine depends on it):
//
//   dblpEnabled(settings): boolean
//       false when the user switched DBLP off (`sources.dblp.enabled`) or left its URL empty:
//       callers then skip DBLP and say it was not asked, never "not found".
//   searchDblp(query, deps, { hits? }): Promise<DblpRecord[]>
//       GET {sources.dblp.url}/search/publ/api?q=QUERY&format=json&h=N (N default 10, at most
//       1000), best first. [] when DBLP has no hit. Throws DblpDisabledError when switched off,
//       SourceError for an answer that is not DBLP's JSON, HttpError / RateLimitedError /
//       TimeoutError when DBLP fails, an AbortError when deps.signal fires.
//   dblpBibtex(key, deps): Promise<string | undefined>
//       GET {sources.dblp.url}/rec/{key}.bib: the record's BibTeX as DBLP writes it (key
//       `DBLP:{key}`, with biburl and bibsource); undefined when DBLP has no such record.
//   dblpRecordUrl(key, settings): string     the record's page on DBLP.
//   dblpTitleQuery(title): string
//       a title (or any text) as DBLP query words: DBLP's operators (`|`, a leading `-`, `*`,
//       `$`, `^`, quotes) and punctuation become spaces, LaTeX braces and commands go.
//
// Every request goes through deps.http, which brings what DBLP's etiquette asks for: one
// request at a time, `sources.dblp.intervalMs` apart (1 s + a margin by default) across every
// citefinder process of the user (net/pacing.ts), 429 answers retried after their Retry-After,
// a timeout and p-retry, and every answer cached (an empty search for an hour, an unknown
// record for a day), so a re-check asks nothing.
//
// DBLP's query language: every word must match (AND), prefix-matched against title, authors,
// venue and year; `|` is OR. Callers filter years and authors on the records themselves rather
// than trusting field prefixes. The record types are in dblpRecord.ts.
import type { CoreDeps } from '../deps';
import { looksLikeHtml } from '../net/html';
import { HttpError } from '../net/types';
import type { Settings } from '../settings';
import { SourceError } from './errors';
import { readDblpHits, type DblpRecord } from './dblpRecord';

export type { DblpAuthor, DblpKind, DblpRecord } from './dblpRecord';
export { dblpAuthorName, readDblpHits, splitHomonym } from './dblpRecord';

/** DBLP's own cap on hits per page. */
const MAX_HITS = 1000;
const DEFAULT_HITS = 10;

/** DBLP was not asked because the user switched it off. */
export class DblpDisabledError extends SourceError {
  override name = 'DblpDisabledError';
  constructor() {
    super('DBLP is switched off (sources.dblp.enabled, sources.dblp.url).', 'DBLP');
  }
}

export function dblpEnabled(settings: Settings): boolean {
  return settings['sources.dblp.enabled'] && settings['sources.dblp.url'].trim() !== '';
}

function baseUrl(settings: Settings): string {
  return settings['sources.dblp.url'].trim().replace(/\/+$/, '');
}

/** A DBLP key is a path of letters, digits and a few signs: `conf/iclr/0001B17`, `journals/corr/abs-1706-03762`. */
function checkKey(key: string): string {
  const trimmed = key.trim().replace(/^DBLP:/, '');
  if (!/^[A-Za-z0-9][\w.-]*(?:\/[\w.'-]+)+$/.test(trimmed)) throw new SourceError(`"${key}" is not a DBLP key.`, 'DBLP');
  return trimmed;
}

export function dblpRecordUrl(key: string, settings: Settings): string {
  return `${baseUrl(settings)}/rec/${checkKey(key)}`;
}

/** Text as plain DBLP query words, so nothing in a title is read as an operator. */
export function dblpTitleQuery(text: string): string {
  return text
    .replace(/\\[a-zA-Z]+\s*/g, ' ')
    .replace(/[^\p{L}\p{N}\s'.-]+/gu, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^[-.']+|[-.']+$/g, ''))
    .filter(Boolean)
    .join(' ');
}

export interface DblpSearchOptions {
  /** Hits asked for (DBLP's `h`), 1..1000; default 10. */
  hits?: number;
}

/** True for DBLP's answer to a search with no hit (`hits: {"@total": "0"}`). */
function isEmptySearch(body: string): boolean {
  const hits = (JSON.parse(body) as { result?: { hits?: { '@total'?: unknown } } } | null)?.result?.hits;
  return hits !== undefined && Number(hits['@total']) === 0;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const kind = looksLikeHtml(text) ? 'an HTML page' : 'malformed JSON';
    throw new SourceError(`DBLP sent ${kind} for ${what}.`, 'DBLP', { cause: error });
  }
}

/** DBLP's publication search, best first; [] when nothing matches. */
export async function searchDblp(query: string, deps: CoreDeps, options: DblpSearchOptions = {}): Promise<DblpRecord[]> {
  if (!dblpEnabled(deps.settings)) throw new DblpDisabledError();
  const q = query.replace(/\s+/g, ' ').trim();
  if (!q) return [];
  const hits = Math.min(MAX_HITS, Math.max(1, Math.round(options.hits ?? DEFAULT_HITS)));
  const params = new URLSearchParams({ q, format: 'json', h: String(hits) });
  const url = `${baseUrl(deps.settings)}/search/publ/api?${params}`;
  const response = await deps.http.request({
    service: 'dblp',
    url,
    accept: 'application/json',
    signal: deps.signal,
    isEmpty: isEmptySearch,
    isUsable: (body) => readDblpHits(JSON.parse(body)) !== undefined,
  });
  const records = readDblpHits(parseJson(response.text(), `the search "${q}"`));
  if (!records) throw new SourceError(`DBLP sent a search answer without hits for "${q}".`, 'DBLP');
  return records;
}

function isBibtex(text: string): boolean {
  return /^\s*@\w+\s*\{/.test(text);
}

/** The record's BibTeX as DBLP exports it; undefined when DBLP has no record under `key`. */
export async function dblpBibtex(key: string, deps: CoreDeps): Promise<string | undefined> {
  if (!dblpEnabled(deps.settings)) throw new DblpDisabledError();
  const url = `${dblpRecordUrl(key, deps.settings)}.bib`;
  let text: string;
  try {
    const response = await deps.http.request({
      service: 'dblp',
      url,
      accept: 'application/x-bibtex, text/plain;q=0.5',
      signal: deps.signal,
      cacheNotFound: true,
      isUsable: isBibtex,
    });
    text = response.text();
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 410)) return undefined;
    throw error;
  }
  if (!isBibtex(text)) {
    const kind = looksLikeHtml(text) ? 'an HTML page' : 'something other than BibTeX';
    throw new SourceError(`DBLP sent ${kind} for the record ${key}.`, 'DBLP');
  }
  return text;
}
