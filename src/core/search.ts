// The search stage: every query against the routed repositories, broadening an empty search
// before giving up on a repository, and falling back to the secondary repository when the
// primary finds nothing. Uncertain routing searches both at once.
import type { MatchMode, PaperRecord, Query, Repository, RoutingDecision, SearchSource } from './types';
import { REPOSITORY_LABEL as LABEL } from './identity/repository';
import { broaden } from './queries/render';
import { isAbortError } from './net/types';

/** Below this routing confidence the primary and secondary repositories are searched together. */
export const CONCURRENT_BELOW_CONFIDENCE = 0.6;

export interface SearchHit {
  record: PaperRecord;
  queryIndex: number;
  /** Position in that source's answer, 0 = best. */
  rank: number;
}

export interface SearchDeps {
  sources: Partial<Record<Repository, SearchSource>>;
  maxResults: number;
  signal?: AbortSignal;
  warn: (message: string) => void;
  /** Called as each query's answer arrives, so candidates can be shown before the search ends. */
  onHits: (hits: SearchHit[]) => void;
}

/** The repositories to try, as groups: each group is searched concurrently, groups in order. */
export function searchPlan(routing: RoutingDecision): Repository[][] {
  if (routing.primary === routing.secondary) return [[routing.primary]];
  return routing.confidence < CONCURRENT_BELOW_CONFIDENCE
    ? [[routing.primary, routing.secondary]]
    : [[routing.primary], [routing.secondary]];
}

/** Runs the plan; returns every hit, and which repositories were searched. */
export async function searchRepositories(
  routing: RoutingDecision,
  queries: Query[],
  deps: SearchDeps,
): Promise<{ hits: SearchHit[]; searched: Repository[] }> {
  const hits: SearchHit[] = [];
  const searched: Repository[] = [];
  const plan = searchPlan(routing);
  for (const [index, group] of plan.entries()) {
    const found = await Promise.all(group.map((repo) => searchOneRepository(repo, queries, deps)));
    searched.push(...group);
    for (const repoHits of found) hits.push(...repoHits);
    if (hits.length > 0) break;
    if (index < plan.length - 1) {
      deps.warn(`${group.map((r) => LABEL[r]).join(' and ')} found nothing; trying ${LABEL[routing.secondary]}.`);
    }
  }
  return { hits, searched };
}

async function searchOneRepository(
  repo: Repository,
  queries: Query[],
  deps: SearchDeps,
): Promise<SearchHit[]> {
  const source = deps.sources[repo];
  if (!source) {
    deps.warn(`${LABEL[repo]} is switched off in the settings; not searched.`);
    return [];
  }
  const perQuery = await Promise.all(
    queries.map((query, queryIndex) => searchWithBroadening(source, query, queryIndex, deps)),
  );
  return perQuery.flat();
}

/** Tries the query strictly, then broader forms, and stops at the first non-empty answer. */
async function searchWithBroadening(
  source: SearchSource,
  query: Query,
  queryIndex: number,
  deps: SearchDeps,
): Promise<SearchHit[]> {
  for (const step of broaden(query)) {
    const records = await searchOnce(source, step.query, step.mode, deps);
    if (records === undefined) return [];
    if (records.length === 0) continue;
    const hits = records.map((record, rank) => ({ record, queryIndex, rank }));
    deps.onHits(hits);
    return hits;
  }
  return [];
}

/** One request; a failure becomes a warning (undefined), except cancellation, which propagates. */
async function searchOnce(
  source: SearchSource,
  query: Query,
  mode: MatchMode,
  deps: SearchDeps,
): Promise<PaperRecord[] | undefined> {
  try {
    return await source.search({ query, mode, maxResults: deps.maxResults, signal: deps.signal });
  } catch (error) {
    if (isAbortError(error) || deps.signal?.aborted) throw error;
    deps.warn(`${LABEL[source.name]} search failed: ${(error as Error).message}`);
    return undefined;
  }
}
