// Europe PMC's REST search on real records: the 24 preprint (PPR) records of a recorded
// 1000-result page (lite) and core-shaped PPR records built from real bioRxiv/medRxiv metadata
// and one from a real Crossref record of a bioRxiv preprint (see test/fixtures/europepmc/PROVENANCE.md).
// A tiny search honours SRC:PPR and PUBLISHER:"…" like the real service; no match gives the real
// hitCount-0 payload. The published literature too: real PubMed (MED) records of a recorded core
// answer and two built from real metadata, searched for `(SRC:MED OR SRC:PMC)`, and PMC's
// open-access full text at `/webservices/rest/{PMCID}/fullTextXML` (the recorded JATS).
import { readFileSync } from 'node:fs';
import { fixturePath, send, type StandIn } from './server';
import { inYears, parseBooleanQuery, stems, takeDateRange, tinySearch, type Searchable } from './tinySearch';

const JSON_TYPE = 'application/json;charset=UTF-8';

/** Canned answers a test can ask for, by a magic query term or by `forceEuropePmc`. */
export type EuropePmcForced = 'html' | 'truncated' | 'unfiltered';
const MAGIC_TERM = /standin[\s_-]+(html|truncated|unfiltered)/;

interface Result {
  id?: string;
  source?: string;
  pmcid?: string;
  doi?: string;
  title?: string;
  abstractText?: string;
  authorString?: string;
  bookOrReportDetails?: { publisher?: string };
}

interface Envelope {
  version: string;
  hitCount: number;
  nextCursorMark?: string;
  nextPageUrl?: string;
  request: Record<string, unknown>;
  resultList: { result: Result[] };
}

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(fixturePath('europepmc', name), 'utf8')) as T;
}

function searchable(result: Result): Searchable<Result> {
  return {
    item: result,
    // AUTH: as in Europe PMC's own syntax (`AUTH:"Del Maestro"`), for searches by author.
    fields: {
      title: stems(result.title ?? ''),
      abstract: stems(result.abstractText ?? ''),
      AUTH: stems(result.authorString ?? ''),
      // Check Bibliography's title search (`TITLE:word AND TITLE:word …`).
      TITLE: stems(result.title ?? ''),
      // Searches by id, as "Cite by identifier" sends them for a PMID or PMCID.
      EXT_ID: result.id ? [result.id.toLowerCase()] : [],
      PMCID: result.pmcid ? [result.pmcid.toLowerCase()] : [],
      // `DOI:"10.1371/journal.pone.0197348"`, as the reference check asks for a DOI's open full text.
      DOI: stems(result.doi ?? ''),
    },
  };
}

/**
 * `(TERMS) AND SRC:PPR AND PUBLISHER:"bioRxiv"`, `… AND (PUBLISHER:"bioRxiv" OR PUBLISHER:"medRxiv")`
 * or `… AND (SRC:MED OR SRC:PMC)` → the terms part and the filters.
 */
function splitQuery(query: string): { terms: string; src?: string[]; publishers?: string[] } {
  const either = /\s*AND\s+\((SRC:\w+(?:\s+OR\s+SRC:\w+)*)\)/.exec(query);
  const src = either ? [...either[1]!.matchAll(/SRC:(\w+)/g)].map((m) => m[1]!) : /\bSRC:(\w+)/.exec(query)?.slice(1, 2);
  const publishers = [...query.matchAll(/\bPUBLISHER:"([^"]+)"/g)].map((m) => m[1]!.toLowerCase());
  const terms = query
    .replace(either?.[0] ?? /$^/, '')
    .replace(/\s*AND\s+SRC:\w+/g, '')
    .replace(/\s*AND\s+\(PUBLISHER:"[^"]+"(?:\s+OR\s+PUBLISHER:"[^"]+")*\)/g, '')
    .replace(/\s*AND\s+PUBLISHER:"[^"]+"/g, '')
    .trim();
  return { terms, src, publishers: publishers.length ? publishers : undefined };
}

const forced = new WeakMap<StandIn, EuropePmcForced[]>();

export function forceEuropePmc(standIn: StandIn, ...kinds: EuropePmcForced[]): void {
  forced.set(standIn, [...(forced.get(standIn) ?? []), ...kinds]);
}

export interface EuropePmcOptions {
  /**
   * Serve the recorded PMC JATS for every open-access article of the corpus (`isOpenAccess` and
   * `inEPMC` "Y"), as Europe PMC serves each one's `fullTextXML`; otherwise only recorded ones answer.
   */
  openAccessJats?: boolean;
}

export function installEuropePmc(standIn: StandIn, options: EuropePmcOptions = {}): void {
  const core = [
    ...readJson<Result[]>('ppr-core-records_built-from-biorxiv-details.json'),
    ...readJson<Result[]>('ppr-core-record_built-from-crossref-10.1101_2024.04.01.587366.json'),
  ];
  const lite = readJson<Envelope>('search_query-cancer_resultType-lite_pageSize-1000_only-24-PPR.json');
  const coreEnvelope = readJson<Envelope>('search_query-cancer_resultType-core_records-0-1-5.json');
  const empty = readFileSync(fixturePath('europepmc', 'search_no-results_hitCount-0.json'), 'utf8');
  const html = readFileSync(fixturePath('arxiv-atom', 'html-page_doi-org-handle-redirect.html'), 'utf8');
  const published = [
    ...readJson<Envelope>('search_query-cancer_resultType-core_med-records-1-5-6-11-14.json').resultList.result,
    ...readJson<Result[]>('published-core-records_built-from-jats-and-openalex.json'),
  ];
  const openAccess = new Set(published.filter((r) => isOpenAccessInEpmc(r)).map((r) => r.pmcid ?? ''));
  // Their PDF links lead to europepmc.org: pointed at the stand-in (a 404 there), so no test resolves a real host.
  const corpus = [...core, ...lite.resultList.result, ...published.map((r) => withLocalLinks(r, standIn.url))].map(searchable);

  standIn.handle('europepmc', (req, res) => {
    const fullText = /^\/webservices\/rest\/(PMC\d+)\/fullTextXML$/.exec(req.path);
    if (fullText) return sendFullText(res, fullText[1]!, options.openAccessJats ? openAccess : undefined);
    if (req.path !== '/webservices/rest/search') return send(res, 404, 'Not found');
    const params = req.url.searchParams;
    const query = params.get('query') ?? '';
    const pageSize = Math.min(Number(params.get('pageSize') ?? 25) || 25, 1000);
    const request = {
      queryString: query,
      resultType: params.get('resultType') ?? 'lite',
      cursorMark: '%2A',
      pageSize,
      sort: '',
      synonym: false,
    };
    const kind = forced.get(standIn)?.shift() ?? (MAGIC_TERM.exec(query)?.[1] as EuropePmcForced | undefined);
    if (kind === 'html') return send(res, 200, html, 'text/html; charset=utf-8');
    const dates = takeDateRange(query);
    const { terms, src, publishers } = splitQuery(dates.rest);
    const matches = tinySearch(corpus, parseBooleanQuery(terms, 'all')).filter(
      (r) =>
        kind === 'unfiltered' ||
        (inYears(Number(String((r as { pubYear?: string; firstPublicationDate?: string }).firstPublicationDate ?? (r as { pubYear?: string }).pubYear ?? '').slice(0, 4)) || undefined, dates) &&
        ((!src || src.includes(r.source ?? '')) &&
          (!publishers || publishers.includes(r.bookOrReportDetails?.publisher?.toLowerCase() ?? '')))),
    );
    if (matches.length === 0) {
      // The recorded zero-hit answer, its request echo updated to this request.
      const body = JSON.parse(empty) as Envelope;
      return send(res, 200, JSON.stringify({ ...body, request }, null, 2), JSON_TYPE);
    }
    const body: Envelope = {
      version: coreEnvelope.version,
      hitCount: matches.length,
      request,
      resultList: { result: matches.slice(0, pageSize) },
    };
    const text = JSON.stringify(body, null, 2);
    send(res, 200, kind === 'truncated' ? text.slice(0, Math.floor(text.length / 2)) : text, JSON_TYPE);
  });
}

/** PMCIDs whose `fullTextXML` is recorded (test/fixtures/europepmc). */
const FULL_TEXT_BY_PMCID: Readonly<Record<string, string>> = {
  PMC5967733: 'fullTextXML_PMC5967733_plosone_numeric-xrefs_jats1.1.xml',
};

/** The open-access subset Europe PMC serves full text for (the product's own test, sources/published/europepmc.ts). */
function isOpenAccessInEpmc(result: Result): boolean {
  const flags = result as { isOpenAccess?: string; inEPMC?: string };
  return flags.isOpenAccess === 'Y' && flags.inEPMC === 'Y' && /^PMC\d+$/.test(result.pmcid ?? '');
}

/** Any recorded PMC JATS: with `openAccess`, what an unrecorded open-access article is served. */
const STAND_IN_PMC_JATS = 'PMC5967733';

function sendFullText(res: Parameters<typeof send>[0], pmcid: string, openAccess?: ReadonlySet<string>): void {
  const file = FULL_TEXT_BY_PMCID[pmcid] ?? (openAccess?.has(pmcid) ? FULL_TEXT_BY_PMCID[STAND_IN_PMC_JATS] : undefined);
  // Outside the OA subset (or unrecorded, without `openAccessJats`): a plain 404, as no recording of that answer exists.
  if (!file) return send(res, 404, 'Not found', 'text/plain');
  send(res, 200, readFileSync(fixturePath('europepmc', file)), 'application/xml');
}

/** A record whose full-text links name another host, pointed at the stand-in's files (which answer 404). */
function withLocalLinks(result: Result, base: string): Result {
  const list = (result as { fullTextUrlList?: { fullTextUrl?: { url?: string; documentStyle?: string }[] } }).fullTextUrlList;
  if (!list?.fullTextUrl) return result;
  const local = (url?: string) => url?.replace(/^https?:\/\/(www\.)?europepmc\.org\//, `${base}/files/europepmc/`);
  const fullTextUrl = list.fullTextUrl.map((u) => (u.documentStyle === 'doi' ? u : { ...u, url: local(u.url) }));
  return { ...result, fullTextUrlList: { fullTextUrl } } as Result;
}
