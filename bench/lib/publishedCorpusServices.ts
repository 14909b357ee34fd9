// The three published-literature searches of the benchmark's corpus server, as pure functions of
// the request's parameters: Europe PMC (SciFact's corpus as MED records), DBLP and Semantic
// Scholar (the CS pool; Semantic Scholar also holds the SciFact abstracts, whose doc_id is an S2
// CorpusID). Shapes follow the real recorded answers (test/fixtures/europepmc, test/fixtures/dblp,
// /work/shared/fixtures/semanticscholar); the orders are relevance orders (publishedCorpusRank.ts):
//   Europe PMC  boolean filter (tinySearch's AND/OR/phrase reading), then BM25, title ×2;
//               its real default sort is relevance.
//   DBLP        every space-separated word must be a prefix of a word of the title, authors,
//               venue or year (`a|b`: either), as dblp.org reads q; then BM25 over those fields.
//   S2          no filter: any record sharing a word, by BM25 over title ×2 and abstract, as
//               /paper/search ranks by relevance and tolerates missing words.
import { createHash } from 'node:crypto';
import { parseBooleanQuery, stems, takeDateRange, inYears, tinySearch, type Searchable, type SearchTerm } from '../../test/standin/tinySearch';
import { dblpInfoOf, dblpBibOf, type DblpInfo, type PoolRecord } from '../../test/standin/dblp';
import { Bm25Index } from './publishedCorpusRank';
import type { CsWork, PubmedDoc } from './publishedCorpusData';

export interface Answer {
  status: number;
  body: string;
  type: string;
  /** How many records a search matched (its hitCount, @total or total). */
  found?: number;
}

const JSON_TYPE = 'application/json;charset=UTF-8';
const json = (value: unknown, status = 200): Answer => ({ status, body: JSON.stringify(value), type: JSON_TYPE });
const TITLE_WEIGHT = 2;

export class PublishedCorpus {
  private readonly pubmed: Bm25Index<PubmedDoc>;
  private readonly dblp: Bm25Index<CsWork>;
  private readonly s2: Bm25Index<S2Paper>;
  private readonly dblpWords: Map<CsWork, string[]>;
  private readonly byKey: Map<string, CsWork>;

  constructor(pubmedDocs: PubmedDoc[], works: CsWork[]) {
    const pubmedFields = (d: PubmedDoc) => ({ TITLE: stems(d.title), ABSTRACT: stems(d.abstract) });
    this.pubmed = new Bm25Index(pubmedDocs.map((d) => ({ item: d, fields: pubmedFields(d) })), { TITLE: TITLE_WEIGHT });
    this.dblp = new Bm25Index(works.map((w) => ({ item: w, fields: { title: stems(w.title), authors: stems(w.authors.join(' ')), venue: stems(`${w.venue ?? ''} ${w.year ?? ''}`) } })));
    this.dblpWords = new Map(works.map((w) => [w, words([w.title, ...w.authors, w.venue ?? '', String(w.year ?? '')].join(' '))]));
    this.byKey = new Map(works.map((w) => [w.key, w]));
    const papers = [...works.map(s2PaperOfWork), ...pubmedDocs.map(s2PaperOfPubmed)];
    this.s2 = new Bm25Index(papers.map((p) => ({ item: p, fields: { title: stems(p.title), abstract: stems(p.abstract ?? '') } })), { title: TITLE_WEIGHT });
  }

  /** GET …/webservices/rest/search?query=Q&format=json&resultType=core&pageSize=N */
  europePmc(params: URLSearchParams): Answer {
    const query = params.get('query') ?? '';
    const pageSize = Math.min(Number(params.get('pageSize') ?? 25) || 25, 1000);
    const request = { queryString: query, resultType: params.get('resultType') ?? 'lite', cursorMark: params.get('cursorMark') ?? '%2A', pageSize, sort: '', synonym: false };
    if (params.get('format') !== 'json') return { status: 400, body: 'The benchmark server answers format=json only.', type: 'text/plain' };
    const { terms, sources } = splitSources(takeDateRange(query).rest);
    // Every record is MED; one asked for PPR only (the preprint lanes) matches nothing, as here.
    const parsed = parseBooleanQuery(terms, 'all');
    const matches = sources.length && !sources.includes('MED') ? [] : this.booleanMatches(parsed.terms.length ? parsed : undefined);
    // SciFact gives no years: a date clause keeps every record (inYears of an unknown year).
    const ranked = this.pubmed.rank(matches, parsed.terms).map((s) => s.item);
    const result = request.resultType === 'core' ? ranked.slice(0, pageSize).map(europePmcCoreRecord) : ranked.slice(0, pageSize).map(europePmcLiteRecord);
    return { ...json({ version: '6.9', hitCount: ranked.length, request, resultList: { result } }), found: ranked.length };
  }

  /** GET /search/publ/api?q=Q&format=json&h=N[&f=F] in dblp's raw envelope (test/fixtures/dblp). */
  dblpSearch(params: URLSearchParams): Answer {
    if (params.get('format') !== 'json') return { status: 400, body: 'The benchmark server answers format=json only.', type: 'text/plain' };
    const q = params.get('q') ?? '';
    const h = Math.min(1000, Math.max(0, Number(params.get('h') ?? 30) || 30));
    const f = Math.max(0, Number(params.get('f') ?? 0) || 0);
    const groups = q.split(/\s+/).filter(Boolean).map((token) => token.split('|').map(words).filter((w) => w.length > 0));
    const matches = (record: string[]) => groups.every((group) => group.some((alt) => alt.every((w) => hasPrefix(record, w))));
    const matching = groups.length === 0 ? [] : this.dblp.docs.filter((doc) => matches(this.dblpWords.get(doc.item)!));
    const terms: SearchTerm[] = stems(q.replace(/\|/g, ' ')).map((s) => ({ field: 'all', stems: [s] }));
    const found = this.dblp.rank(matching, terms).map((s) => s.item);
    const page = found.slice(f, f + h);
    const hits: Record<string, unknown> = { '@total': String(found.length), '@computed': String(Math.min(found.length, 100)), '@sent': String(page.length), '@first': String(f) };
    if (page.length > 0) hits.hit = page.map((work, i) => ({ '@score': String(Math.max(1, 9 - i)), '@id': String(100000 + f + i), info: dblpInfo(work), url: `URL#${100000 + f + i}` }));
    return { ...json({ result: { query: q, status: { '@code': '200', text: 'OK' }, time: { '@unit': 'msecs', text: '1.00' }, hits } }), found: found.length };
  }

  /** GET /rec/{key}.bib: the pool work's record in dblp's layout (test/standin/dblp.ts writes it). */
  dblpBib(key: string): Answer {
    const work = this.byKey.get(key);
    if (!work) return { status: 404, body: '<!DOCTYPE html><html><head><title>dblp: Error 404</title></head><body>Not found.</body></html>', type: 'text/html; charset=utf-8' };
    return { status: 200, body: dblpBibOf(poolRecord(work)), type: 'application/x-bibtex; charset=utf-8' };
  }

  /** GET /graph/v1/paper/search?query=Q&fields=…&limit=N[&offset=O][&year=Y1-Y2] */
  semanticScholar(params: URLSearchParams): Answer {
    const limit = Number(params.get('limit') ?? 10);
    const offset = Number(params.get('offset') ?? 0) || 0;
    if (!(limit >= 1 && limit <= 100)) return json({ error: 'Unacceptable query params: limit must be <= 100' }, 400);
    const query = params.get('query') ?? '';
    const years = s2Years(params.get('year'));
    const terms: SearchTerm[] = [...new Set(stems(query))].map((s) => ({ field: 'all', stems: [s] }));
    const found = this.s2.rankAll(terms).map((s) => s.item).filter((p) => inYears(p.year ?? undefined, years));
    const fields = (params.get('fields') ?? 'title').split(',').map((f) => f.trim()).filter(Boolean);
    const data = found.slice(offset, offset + limit).map((paper) => pickFields(paper, fields));
    const next = offset + limit < found.length ? { next: offset + limit } : {};
    return { ...json({ total: found.length, offset, ...next, data }), found: found.length };
  }

  private booleanMatches(parsed: ReturnType<typeof parseBooleanQuery> | undefined): Searchable<PubmedDoc>[] {
    if (!parsed) return [];
    const holding = this.pubmed.holding(parsed.terms);
    const wanted = new Set(tinySearch(holding.map((doc) => ({ item: doc, fields: doc.fields })), parsed));
    return holding.filter((doc) => wanted.has(doc));
  }
}

/** `(TERMS) AND (SRC:MED OR SRC:PMC)` → the terms and the sources named. */
export function splitSources(query: string): { terms: string; sources: string[] } {
  const sources = [...query.matchAll(/\bSRC:(\w+)/g)].map((m) => m[1]!.toUpperCase());
  const terms = query
    .replace(/\s*\bAND\s+\(\s*SRC:\w+(?:\s+OR\s+SRC:\w+)*\s*\)/g, '')
    .replace(/\s*\bAND\s+SRC:\w+/g, '')
    .replace(/\s*\bAND\s+\(PUBLISHER:"[^"]*"(?:\s+OR\s+PUBLISHER:"[^"]*")*\)/g, '')
    .replace(/\s*\bAND\s+PUBLISHER:"[^"]*"/g, '')
    .trim();
  return { terms, sources };
}

export function europePmcCoreRecord(doc: PubmedDoc): Record<string, unknown> {
  return { id: doc.pmid, source: 'MED', pmid: doc.pmid, title: doc.title, abstractText: doc.abstract,
    isOpenAccess: 'N', inEPMC: 'N', inPMC: 'N', hasPDF: 'N' };
}

function europePmcLiteRecord(doc: PubmedDoc): Record<string, unknown> {
  return { id: doc.pmid, source: 'MED', pmid: doc.pmid, title: doc.title, isOpenAccess: 'N', inEPMC: 'N', inPMC: 'N', hasPDF: 'N' };
}

/** Lower-case, accent-folded words, as dblp compares them. */
function words(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function hasPrefix(haystack: string[], prefix: string): boolean {
  return haystack.some((word) => word.startsWith(prefix));
}

export function poolRecord(work: CsWork): PoolRecord {
  return { key: work.key, title: work.title, authors: work.authors, year: work.year ?? 0, venue: work.venue === 'CoRR' ? null : work.venue,
    type: work.venue === 'Comput. Linguistics' ? 'article' : 'inproceedings', doi: work.doi, arxiv: work.arxiv };
}

function dblpInfo(work: CsWork): DblpInfo {
  const info = dblpInfoOf(poolRecord(work));
  if (!work.year) delete info.year;
  return info;
}

export interface S2Paper {
  paperId: string;
  externalIds: Record<string, string | number>;
  title: string;
  abstract: string | null;
  year: number | null;
  venue: string;
  authors: { authorId: string; name: string }[];
  openAccessPdf: null;
  [field: string]: unknown;
}

/** A stable 40-hex paperId and a numeric CorpusId for a pool work (the real ones are unknown). */
function syntheticIds(seed: string): { paperId: string; corpusId: number } {
  const hash = createHash('sha1').update(seed).digest('hex');
  return { paperId: hash, corpusId: 300000000 + (parseInt(hash.slice(0, 8), 16) % 100000000) };
}

function s2PaperOfWork(work: CsWork): S2Paper {
  const { paperId, corpusId } = syntheticIds(work.key);
  const externalIds: Record<string, string | number> = { CorpusId: corpusId };
  if (!work.key.startsWith('s2orc/')) externalIds.DBLP = work.key;
  if (work.acl) externalIds.ACL = work.acl;
  if (work.arxiv) externalIds.ArXiv = work.arxiv;
  if (work.doi) externalIds.DOI = work.doi;
  const authors = work.authors.map((name) => ({ authorId: String(parseInt(syntheticIds(name).paperId.slice(0, 8), 16)), name }));
  return { paperId, externalIds, title: work.title, abstract: work.abstract ?? null, year: work.year ?? null, venue: work.venue ?? '', authors, openAccessPdf: null };
}

function s2PaperOfPubmed(doc: PubmedDoc): S2Paper {
  // SciFact's doc_id is an S2 CorpusID; the PMID is the stand-in one the Europe PMC side serves.
  return { paperId: syntheticIds(`pubmed:${doc.pmid}`).paperId, externalIds: { PubMed: doc.pmid, CorpusId: Number(doc.pmid) },
    title: doc.title, abstract: doc.abstract, year: null, venue: '', authors: [], openAccessPdf: null };
}

/** What S2 sends: paperId always, then the fields asked for that it knows. */
function pickFields(paper: S2Paper, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { paperId: paper.paperId };
  for (const field of fields) if (field in paper) out[field] = paper[field];
  return out;
}

/** S2's year parameter: `2019`, `2016-2020`, `2010-`, `-2015`. */
function s2Years(year: string | null): { from?: number; until?: number } {
  const match = /^(\d{4})?(-)?(\d{4})?$/.exec(year?.trim() ?? '');
  if (!year || !match) return {};
  const from = match[1] ? Number(match[1]) : 0;
  const until = match[2] ? (match[3] ? Number(match[3]) : 9999) : from;
  return { from, until };
}
