// Where informal citations meet the pipeline: a selection that is one ("Perlmutter et al.
// (1999)") is searched by author and year instead of by keywords written from the claim.
import type { Query, Repository, RoutingDecision } from '../types';
import { searchRepositories, type SearchHit } from './keywords';
import { recogniseInformalCitation } from '../informal/recognise';
import { informalQuery } from '../informal/query';
import { isAuthorSearch, searchByAuthor, type AuthorSearchDeps } from './byAuthor';
import { withSentenceTopic } from './topic';

/**
 * The author/year query of an informal citation in the selection, or undefined for a claim;
 * ranked by the topic of `visibleText` (the claim's plain text) when it is given.
 */
export function informalQueries(selection: string, visibleText?: string): Query[] | undefined {
  const citation = recogniseInformalCitation(selection);
  if (!citation) return undefined;
  const query = informalQuery(citation);
  return [visibleText === undefined ? query : withSentenceTopic(query, visibleText)];
}

/** Queries that name authors go to the author search; any other claim to the keyword search. */
export function searchClaim(
  routing: RoutingDecision,
  queries: Query[],
  deps: AuthorSearchDeps,
): Promise<{ hits: SearchHit[]; searched: Repository[]; unreachable: Repository[] }> {
  return isAuthorSearch(queries) ? searchByAuthor(queries, deps) : searchRepositories(routing, queries, deps);
}
