// Crossref's `/works?query.bibliographic=…` on real records: every recorded work JSON and the
// items of the recorded work-list, searched with the stand-in's tiny search, answered in the recorded
// work-list envelope, together with the works registered with registerCrossrefWorks
// (crossrefPool.ts). No match gives the recorded `total-results: 0` answer; a field query with
// a DOI path gives the recorded 400. `/works?filter=doi:A,doi:B` (Crossref ORs a filter given
// twice) answers the works of those DOIs it holds, in the same envelope.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fixturePath, send, type StandInRequest } from './server';
import { stems, tinySearch, type Searchable } from './tinySearch';

interface Work {
  DOI?: string;
  title?: string[];
  author?: { given?: string; family?: string; name?: string }[];
  published?: { 'date-parts'?: number[][] };
  issued?: { 'date-parts'?: number[][] };
  'container-title'?: string[];
  'short-container-title'?: string[];
  volume?: string;
  page?: string;
  'article-number'?: string;
}

const WORK_FILES = [
  'works_10.1371_journal.pone.0033693_plosone.json',
  'works_10.1038_srep16696_scirep.json',
  'works_10.1101_2024.04.01.587366_biorxiv-preprint_posted-content.json',
  'works_10.1016_s0140-6736-97-11096-0_retracted_updated-by.json',
  'works_10.1109_icdcsw.2003.1203662_ieee-proceedings.json',
];
const LIST_FILE = 'works_query-ecology_rows2_work-list.json';
const EMPTY_FILE = 'works_query-title-nonsense_rows1_zero-results.json';

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(fixturePath('crossref', name), 'utf8')) as T;
}

let corpus: Searchable<Work>[] | undefined;

function works(): Searchable<Work>[] {
  corpus ??= [
    ...WORK_FILES.map((file) => readJson<{ message: Work }>(file).message),
    ...readJson<{ message: { items: Work[] } }>(LIST_FILE).message.items,
  ].map(searchableWork);
  return corpus;
}

function searchableWork(work: Work): Searchable<Work> {
  return {
    item: work,
    fields: {
      title: stems((work.title ?? []).join(' ')),
      author: stems((work.author ?? []).map((a) => `${a.given ?? ''} ${a.family ?? a.name ?? ''}`).join(' ')),
      // What a reference string prints besides title and authors: venue, volume, pages.
      citation: stems([...(work['container-title'] ?? []), ...(work['short-container-title'] ?? []), work.volume, work.page, work['article-number']].join(' ')),
    },
  };
}

function yearOf(work: Work): number | undefined {
  return (work.published ?? work.issued)?.['date-parts']?.[0]?.[0];
}

/** `from-pub-date:1998,until-pub-date:2005` → the range (years only, as citefinder sends them). */
function yearRange(filter: string | null): { from?: number; until?: number } {
  const from = /from-pub-date:(\d{4})/.exec(filter ?? '')?.[1];
  const until = /until-pub-date:(\d{4})/.exec(filter ?? '')?.[1];
  return { from: from ? Number(from) : undefined, until: until ? Number(until) : undefined };
}

/**
 * The works whose authors include `query.author`'s words and whose title holds the content words
 * of the query that are not an author's name or a year, best first. Crossref ranks by those words
 * and requires none of them: with an author named, a title holding any one of them is a hit (a
 * citing sentence's topic words rank an author's works, they never empty the answer); without
 * one, every word must match, as Crossref's top hits for a full reference do. With an author, a
 * word may also be the venue's, the volume or a page, as in a reference that prints no title
 * (Crossref's bibliographic field holds them: "Lancet 351 637" with the author Wakefield).
 */
export function searchWorks(req: StandInRequest, res: ServerResponse, registered: readonly Work[] = []): void {
  const params = req.url.searchParams;
  const bibliographic = params.get('query.bibliographic') ?? '';
  const author = params.get('query.author') ?? '';
  const rows = Math.max(0, Number(params.get('rows') ?? 20) || 20);
  const { from, until } = yearRange(params.get('filter'));
  // Initials ("L." of "L. Tosatto") narrow nothing: Crossref matches the name, not each letter.
  const authorStems = new Set(stems(author).filter((s) => s.length > 1));
  const titleTerms = stems(bibliographic.replace(/\b(1[89]|20)\d\d\b/g, ' '))
    .filter((s) => !authorStems.has(s))
    .map((s) => ({ field: 'title', stems: [s] }));
  const authorTerms = [...authorStems].map((s) => ({ field: 'author', stems: [s] }));
  const terms = [...titleTerms, ...authorTerms];
  const all = (parts: typeof terms) => ({ op: 'and' as const, parts: parts.map((term) => ({ op: 'term' as const, term })) });
  const citationTerms = titleTerms.map((t) => ({ field: 'citation', stems: t.stems }));
  const anyTitle = { op: 'or' as const, parts: [...titleTerms, ...citationTerms].map((term) => ({ op: 'term' as const, term })) };
  const expr = authorTerms.length > 0 && titleTerms.length > 0 ? { op: 'and' as const, parts: [all(authorTerms), anyTitle] } : all(terms);
  const ranked = authorTerms.length > 0 ? [...terms, ...citationTerms] : terms;
  const hits = tinySearch([...works(), ...registered.map(searchableWork)], { expr, terms: ranked })
    .filter((w) => (from === undefined || (yearOf(w) ?? 0) >= from) && (until === undefined || (yearOf(w) ?? 9999) <= until))
    .slice(0, rows);
  if (hits.length === 0) return send(res, 200, readFileSync(fixturePath('crossref', EMPTY_FILE)), 'application/json');
  const envelope = readJson<{ message: Record<string, unknown> }>(LIST_FILE);
  envelope.message = { ...envelope.message, 'total-results': hits.length, items: hits, 'items-per-page': rows };
  send(res, 200, JSON.stringify(envelope), 'application/json');
}

/** `/works?filter=doi:…,doi:…`: the works of those DOIs (any case), as `byDoi` finds them. */
export function worksByDoi(res: ServerResponse, dois: string[], byDoi: (doi: string) => object | undefined): void {
  const items = [...new Set(dois.map((d) => d.toLowerCase()))].map(byDoi).filter((w): w is object => w !== undefined);
  if (items.length === 0) return send(res, 200, readFileSync(fixturePath('crossref', EMPTY_FILE)), 'application/json');
  const envelope = readJson<{ message: Record<string, unknown> }>(LIST_FILE);
  envelope.message = { ...envelope.message, 'total-results': items.length, items, 'items-per-page': items.length };
  send(res, 200, JSON.stringify(envelope), 'application/json');
}
