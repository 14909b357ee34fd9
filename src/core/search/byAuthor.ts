// The search for an informal citation: by author and year rather than by keywords. Each
// repository is asked for the first author's works in the year range (arXiv `au:`, Europe PMC
// `AUTH:`), and Crossref's bibliographic search covers published works that are in no preprint
// server, DBLP the computer-science papers that have no DOI (dblpAuthorSearch.ts). Only records
// whose authors include the family name and whose year is in the range are kept: the hosts'
// author matching is looser than a citation. Words of the sentence around the citation rank
// the author's works (topic.ts).
import type { PaperRecord, Query, Repository } from '../types';
import type { CoreDeps } from '../deps';
import type { SearchDeps, SearchHit } from './keywords';
import { passesFilter } from '../queries/filter';
import { crossrefRecord, searchCrossref } from '../sources/crossref';
import { REPOSITORIES, REPOSITORY_LABEL as LABEL } from '../identity/repository';
import { isAbortError } from '../net/types';
import { searchDblpByAuthor } from './dblpAuthorSearch';
import { authorSearchMode, isTopicQuery, rankByTopic } from './topic';

/** How many works of an author a request asks for; a citation names one of them. */
const AUTHOR_PAGE = 25;

export interface AuthorSearchDeps extends SearchDeps {
  crossref: CoreDeps;
}

/** True when some query names authors: such queries are searched by author, not by keyword. */
export function isAuthorSearch(queries: Query[]): boolean {
  return queries.some((q) => (q.authors?.length ?? 0) > 0);
}

/**
 * Searches every enabled repository and Crossref at once for each query's author and years.
 * Returns, like searchRepositories, which repositories were searched and which could not be.
 */
export async function searchByAuthor(
  queries: Query[],
  deps: AuthorSearchDeps,
): Promise<{ hits: SearchHit[]; searched: Repository[]; unreachable: Repository[] }> {
  const repositories = REPOSITORIES.filter((repo) => deps.sources[repo]);
  const hits: SearchHit[] = [];
  const failed = new Set<Repository>();
  const keep = (records: PaperRecord[], query: Query, queryIndex: number) => {
    const found = records
      .filter((r) => isAuthorsWork(r, query))
      .map((record, rank) => ({ record, queryIndex, rank }));
    if (found.length > 0) deps.onHits(found);
    hits.push(...found);
  };
  await Promise.all(
    queries.flatMap((query, queryIndex) => [
      ...repositories.map(async (repo) => {
        const records = await searchHost(repo, query, deps);
        if (records) keep(records, query, queryIndex);
        else failed.add(repo);
      }),
      attempt('Crossref', deps, () => searchCrossrefByAuthor(query, deps.crossref)).then((records) => {
        if (records) keep(records, query, queryIndex);
      }),
      attempt('DBLP', deps, () => searchDblpByAuthor(query, deps.crossref, hasAuthors)).then((records) => {
        if (records) keep(records, query, queryIndex);
      }),
    ]),
  );
  return { hits, searched: repositories, unreachable: [...failed] };
}

/**
 * One repository's works of the query's author and years. The sentence's topic words go with the
 * request to rank, but a host reads an OR-ed group as a requirement (arXiv's and Europe PMC's
 * `(a OR b) AND au:x`): when none of the author's works there holds one, the host is asked again
 * for the author and years alone, ranked here by the topic, so the topic never empties a search.
 */
async function searchHost(repo: Repository, query: Query, deps: AuthorSearchDeps): Promise<PaperRecord[] | undefined> {
  const ask = (q: Query) => attempt(LABEL[repo], deps, () =>
    deps.sources[repo]!.search({ query: q, mode: authorSearchMode(q), maxResults: AUTHOR_PAGE, signal: deps.signal }));
  const records = await ask(query);
  if (!records || !isTopicQuery(query) || records.some((r) => isAuthorsWork(r, query))) return records;
  const byAuthorAlone = await ask({ ...query, keywords: [] });
  return byAuthorAlone && rankByTopic(byAuthorAlone, query.keywords);
}

async function searchCrossrefByAuthor(query: Query, deps: CoreDeps): Promise<PaperRecord[]> {
  const authors = query.authors ?? [];
  const { fromYear, untilYear } = query.filter ?? {};
  // The year goes into the bibliographic text, not a date filter: Crossref's filter drops works
  // whose record has no date (a real IEEE proceedings record has issued [[null]]), and the
  // range is checked on what comes back anyway.
  const year = fromYear !== undefined && untilYear !== undefined ? [String(Math.round((fromYear + untilYear) / 2))] : [];
  const works = await searchCrossref({ bibliographic: [...authors, ...year, ...query.keywords].join(' '), author: authors.join(' '), rows: AUTHOR_PAGE }, deps);
  return works.map(crossrefRecord);
}

/** One request; a failure becomes a warning (undefined), except cancellation. */
async function attempt<T>(service: string, deps: SearchDeps, request: () => Promise<T>): Promise<T | undefined> {
  try {
    return await request();
  } catch (error) {
    if (isAbortError(error) || deps.signal?.aborted) throw error;
    if ((error as Error).name !== 'ServiceUnavailableError') deps.warn(`${service} search failed: ${(error as Error).message}`);
    return undefined;
  }
}

/** A record the query's author wrote in its years (the hosts' author matching is looser). */
export function isAuthorsWork(record: PaperRecord, query: Query): boolean {
  return passesFilter(record, query.filter) && hasAuthors(record, query.authors ?? []);
}

/** Whether every family name is the family part of one of the record's authors. */
export function hasAuthors(record: PaperRecord, families: string[]): boolean {
  const names = record.authors.map(foldName);
  return families.every((family) => {
    const wanted = foldName(family);
    return names.some((name) => name === wanted || name.endsWith(` ${wanted}`) || name.startsWith(`${wanted},`));
  });
}

/** Lower case, accents and punctuation folded: "Del Maestro" and "A. Del-Maestro" compare alike. */
function foldName(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\s,]+/gu, ' ').replace(/\s+/g, ' ').trim();
}
