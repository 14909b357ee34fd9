// Where informal citations meet the pipeline: a selection that is one ("Perlmutter et al.
// (1999)") is searched by author and year instead of by keywords written from the claim.
import type { LaneReport, PaperRecord, Query, Repository, RoutingDecision } from '../types';
import { searchRepositories, type SearchHit } from './keywords';
import { searchPublished, type PublishedPlan } from './published';
import type { PublishedSources } from '../sources/published';
import { recogniseInformalCitation } from '../informal/recognise';
import { informalQuery } from '../informal/query';
import { isAuthorSearch, isAuthorsWork, searchByAuthor, type AuthorSearchDeps } from './byAuthor';
import { withSentenceTopic } from './topic';

/**
 * The author/year query of an informal citation in the selection, or undefined for a claim;
 * ranked by the topic of `visibleText` (the claim's plain text) when it is given.
 */
export function informalQueries(selection: string, visibleText?: string): Query[] | undefined {
  // A manuscript's mention is LaTeX ("Wu et al.\ (2018)", "et al.~(2018)", "\emph{et al.}"): its prose form names it.
  const citation = recogniseInformalCitation(selection) ?? (visibleText === undefined ? undefined : recogniseInformalCitation(visibleText));
  if (!citation) return undefined;
  const query = informalQuery(citation);
  return [visibleText === undefined ? query : withSentenceTopic(query, visibleText)];
}

export interface ClaimSearchDeps extends AuthorSearchDeps {
  /** The published lanes' sources and the plan of which to search (search/published.ts). */
  published: PublishedSources;
  plan: PublishedPlan;
  /** False when the user asked for published works only (`search.kind`). */
  preprints: boolean;
  /** The claim as plain text, for the published lanes' query of its rarest words. */
  claimText?: string;
  /** The claim as written (LaTeX): its citations tell two cited works from a pair of co-authors. */
  claimSource?: string;
}

export interface ClaimSearch {
  hits: SearchHit[];
  searched: Repository[];
  unreachable: Repository[];
  /** Every lane of the run, preprint servers first: searched, or skipped and why. */
  lanes: LaneReport[];
}

/**
 * Queries that name authors go to the author search; any other claim to the keyword search of
 * the preprint servers. The published lanes run beside either.
 */
export async function searchClaim(routing: RoutingDecision, queries: Query[], deps: ClaimSearchDeps): Promise<ClaimSearch> {
  if (isAuthorSearch(queries)) return searchInformal(routing, queries, deps);
  const none = { hits: [], searched: [], unreachable: [] };
  const [preprints, published] = await Promise.all([
    deps.preprints ? searchRepositories(routing, queries, deps) : Promise.resolve(none),
    searchPublished(deps.plan, queries, { ...deps, sources: deps.published }),
  ]);
  const servers = deps.preprints ? serverReports(preprints, deps.sources) : publishedOnly(routing);
  return { ...preprints, hits: [...preprints.hits, ...published.hits], lanes: [...servers, ...published.reports] };
}

/**
 * An informal citation: the author search, and the published lanes searched for the sentence's
 * topic in the citation's years, keeping the works of its authors. Without them a PubMed article
 * or a journal paper only Semantic Scholar or OpenAlex holds is never found by its citation.
 */
async function searchInformal(routing: RoutingDecision, queries: Query[], deps: ClaimSearchDeps): Promise<ClaimSearch> {
  // The author search asks DBLP by author already (dblpAuthorSearch.ts).
  const plan = { ...deps.plan, lanes: deps.plan.lanes.filter((lane) => lane !== 'dblp') };
  const accept = (record: PaperRecord) => queries.some((query) => isAuthorsWork(record, query));
  const [byAuthor, published] = await Promise.all([
    // "Published only" asks no preprint server, by author as by keyword; Crossref and DBLP stay.
    searchByAuthor(queries, deps.preprints ? deps : { ...deps, sources: {} }),
    // Only the query's words go out, as to the other hosts: never more of the sentence (docs/privacy.md).
    searchPublished(plan, queries, { ...deps, claimText: undefined, sources: deps.published, accept }),
  ]);
  const servers = deps.preprints ? serverReports(byAuthor, deps.sources) : publishedOnly(routing);
  return { ...byAuthor, hits: [...byAuthor.hits, ...published.hits], lanes: [...servers, ...published.reports] };
}

/** The routed preprint servers, skipped because the user asked for published works only. */
function publishedOnly(routing: RoutingDecision): LaneReport[] {
  return [...new Set([routing.primary, routing.secondary])].map((lane) => ({ lane, searched: false, note: 'published only' }));
}

/** Each server the search reached for: searched, switched off (never asked), or down (every request failed). */
function serverReports(search: { searched: Repository[]; unreachable: Repository[] }, sources: AuthorSearchDeps['sources']): LaneReport[] {
  return search.searched.map((lane): LaneReport => {
    if (!sources[lane]) return { lane, searched: false, note: 'switched off' };
    return search.unreachable.includes(lane) ? { lane, searched: false, note: 'could not be searched', failed: 'down' } : { lane, searched: true };
  });
}
