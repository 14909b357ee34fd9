// The search stage. The first request to each repository is the one that comes back ranked:
// every key term OR-ed, in the host's relevance order, so candidates appear after a single round
// trip. Where requests are cheap (Europe PMC) the narrower variants go out at the same moment
// and merge into the stream; where they are paced (arXiv: 3 s apart) the one ranked request
// stands alone, and a broader one follows only when it found nothing. A repository that finds
// nothing hands over to the secondary; uncertain routing searches both at once (a secondary that
// shares the primary's service is then asked only its ranked requests).
import { passesFilter } from '../queries/filter';
import type { MatchMode, PaperRecord, Query, Repository, RoutingDecision, SearchSource } from '../types';
import { REPOSITORIES, REPOSITORY_LABEL as LABEL } from '../identity/repository';
import { broaden, sanitizeKeyword } from '../queries/render';
import { SCORING_TOKENS, stems } from '../text/tokens';
import { isAbortError } from '../net/types';
import { serversSearchedFirst } from '../routing/closeCall';

/** The ranked request asks for this many times `maxResults`: our own ranking then picks. */
const RANKED_OVERFETCH = 2;
const MAX_PAGE = 50;

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
  /** Called as each answer arrives, so candidates can be shown before the search ends. */
  onHits: (hits: SearchHit[]) => void;
}

/** One request of a repository's plan. */
export interface SearchStep {
  query: Query;
  mode: MatchMode;
  /** The query the hits belong to; undefined for a request that merges every query. */
  queryIndex?: number;
  size: number;
  /** The request that comes back ranked by relevance (not a narrower variant of it). */
  ranked: boolean;
}

/** The repositories to try, as groups: each group is searched concurrently, groups in order. */
export function searchPlan(routing: RoutingDecision): Repository[][] {
  // A close call (routing/closeCall.ts: a line per pair of servers) searches both at once, and a
  // likely third server joins them.
  const first = serversSearchedFirst(routing);
  return first.includes(routing.secondary) ? [first] : [first, [routing.secondary]];
}

/**
 * A repository's requests as waves: each wave goes out at once, and a later wave only when the
 * earlier ones found nothing. Paced sources get one merged ranked request (then its phrases
 * relaxed into words); others get, per query, the ranked request and its narrower variants.
 */
export function repositoryRequests(queries: Query[], paced: boolean, maxResults: number): SearchStep[][] {
  const size = Math.min(MAX_PAGE, Math.max(1, maxResults) * RANKED_OVERFETCH);
  if (paced) {
    const query = mergedQuery(queries);
    if (query.keywords.length === 0) return [];
    const words = uniqueKeywords(query.keywords.flatMap((k) => k.split(/[\s-]+/)));
    const waves = [[{ query, mode: 'any' as const, size, ranked: true }]];
    if (words.length > query.keywords.length) waves.push([{ query: { ...query, keywords: words }, mode: 'any', size, ranked: true }]);
    return waves;
  }
  const wave: SearchStep[] = [];
  queries.forEach((query, queryIndex) => {
    const variants = broaden(query);
    if (variants.length === 0) return;
    wave.push({ query, mode: 'any', queryIndex, size, ranked: true });
    for (const step of variants) {
      if (step.mode === 'any' && step.query.keywords.length === query.keywords.length) continue;
      wave.push({ ...step, queryIndex, size: Math.max(1, maxResults), ranked: false });
    }
  });
  return wave.length ? [wave] : [];
}

/**
 * Every query's keywords as one query (duplicates gone, the first query's first), for a host that
 * is asked once: the filter of the queries goes with it (they share the panel's or the setting's).
 */
export function mergedQuery(queries: Query[]): Query {
  const keywords = uniqueKeywords(queries.flatMap((q) => q.keywords));
  const filter = queries.find((q) => q.filter)?.filter;
  return filter ? { keywords, filter } : { keywords };
}

function uniqueKeywords(keywords: string[]): string[] {
  const seen = new Set<string>();
  return keywords.filter((k) => {
    const key = sanitizeKeyword(k).toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Runs the plan; returns every hit, which repositories were searched, and which of them could not
 * be searched at all (every request failed). When the repositories routing chose were unreachable
 * (bioRxiv and medRxiv both go through Europe PMC), the remaining ones are searched instead.
 */
export async function searchRepositories(
  routing: RoutingDecision,
  queries: Query[],
  deps: SearchDeps,
): Promise<{ hits: SearchHit[]; searched: Repository[]; unreachable: Repository[] }> {
  const hits: SearchHit[] = [];
  const searched: Repository[] = [];
  const unreachable: Repository[] = [];
  const searchGroup = async (group: Repository[]) => {
    // In a close call a server that shares an earlier one's service (Europe PMC, five connections)
    // is asked only ranked requests: its narrower variants would queue beside the earlier
    // server's wave, and either hold back that ranked request (the first candidates) or end the
    // search a round trip later (the full text waits for its end). Where the service can answer
    // for both at once, its ranked requests ride with the earlier server's. With all three
    // servers, that is the second of bioRxiv and medRxiv, whichever leads.
    const serviceOf = (repo: Repository) => deps.sources[repo]?.service ?? repo;
    const leadOf = (repo: Repository) => group.slice(0, group.indexOf(repo)).find((earlier) => serviceOf(earlier) === serviceOf(repo));
    const ridersOf = (lead: Repository) =>
      deps.sources[lead]?.searchAlongside ? group.filter((repo) => deps.sources[repo] && leadOf(repo) === lead) : [];
    const riders = new Set(group.flatMap(ridersOf));
    const asked = group.filter((repo) => !riders.has(repo));
    const found = await Promise.all(
      asked.map((repo) => searchOneRepository(repo, queries, deps, leadOf(repo) !== undefined, ridersOf(repo))),
    );
    const results = new Map(found.flatMap((one) => [...one]));
    searched.push(...group);
    for (const repo of group) {
      hits.push(...(results.get(repo)?.hits ?? []));
      if (results.get(repo)?.failed) unreachable.push(repo);
    }
  };
  const plan = searchPlan(routing);
  for (const [index, group] of plan.entries()) {
    await searchGroup(group);
    if (hits.length > 0) break;
    if (index < plan.length - 1) {
      const why = group.every((r) => unreachable.includes(r)) ? 'could not be searched' : 'found nothing';
      deps.warn(`${group.map((r) => LABEL[r]).join(' and ')} ${why}; trying ${LABEL[routing.secondary]}.`);
    }
  }
  for (const repo of REPOSITORIES) {
    if (hits.length > 0 || unreachable.length === 0) break;
    if (searched.includes(repo) || !deps.sources[repo]) continue;
    deps.warn(`${unreachable.map((r) => LABEL[r]).join(' and ')} could not be searched; searching ${LABEL[repo]} instead.`);
    await searchGroup([repo]);
  }
  return { hits, searched, unreachable };
}

/** A repository's hits, and whether it could not be searched at all (every request failed). */
type RepositoryResult = { hits: SearchHit[]; failed: boolean };

/** Searches one repository (and the riders whose ranked requests go with its own): results by repository. */
async function searchOneRepository(
  repo: Repository,
  queries: Query[],
  deps: SearchDeps,
  rankedOnly = false,
  riders: Repository[] = [],
): Promise<Map<Repository, RepositoryResult>> {
  const source = deps.sources[repo];
  if (!source) {
    deps.warn(`${LABEL[repo]} is switched off in the settings; not searched.`);
    return new Map([[repo, { hits: [], failed: false }]]);
  }
  const found = new Map<Repository, SearchHit[]>([repo, ...riders].map((r) => [r, []]));
  let answered = 0;
  let asked = 0;
  const ask = async (step: SearchStep) => {
    asked++;
    const answers = await searchOnce(source, step, deps, step.ranked ? riders : []);
    if (answers) answered++;
    for (const [server, records] of answers ?? []) {
      const bucket = found.get(server);
      if (!bucket) continue; // a server this search did not ask for
      const hits = records.flatMap((record, rank) =>
        queryIndexesFor(step, record, queries).map((queryIndex) => ({ record, queryIndex, rank })),
      );
      if (hits.length > 0) deps.onHits(hits);
      bucket.push(...hits);
    }
  };
  for (const wave of repositoryRequests(queries, source.paced === true, deps.maxResults)) {
    await Promise.all(wave.filter((step) => step.ranked || !rankedOnly).map(ask));
    // A repository that never answered is not asked for broader variants: they would fail too.
    if (found.get(repo)!.length > 0 || answered === 0) break;
  }
  const failed = asked > 0 && answered === 0;
  return new Map([...found].map(([r, hits]) => [r, { hits, failed }]));
}

/**
 * One request, with the riders' records when it answers for them too; a failure becomes a warning
 * (undefined), except cancellation, which propagates.
 */
async function searchOnce(
  source: SearchSource,
  step: SearchStep,
  deps: SearchDeps,
  riders: Repository[],
): Promise<ReadonlyMap<Repository, PaperRecord[]> | undefined> {
  const request = { query: step.query, mode: step.mode, maxResults: step.size, signal: deps.signal };
  try {
    const answers =
      riders.length > 0 && source.searchAlongside
        ? await source.searchAlongside(request, riders)
        : new Map([[source.name, await source.search(request)]]);
    // The source was told the years; what comes back is checked too (a mirror may ignore them).
    return new Map([...answers].map(([repo, records]) => [repo, records.filter((r) => passesFilter(r, step.query.filter))]));
  } catch (error) {
    if (isAbortError(error) || deps.signal?.aborted) throw error;
    // A skipped service (open circuit) was named once already, when it failed.
    if ((error as Error).name !== 'ServiceUnavailableError') deps.warn(`${LABEL[source.name]} search failed: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * The queries a hit counts for. A merged request answers for every query whose key terms the
 * record contains (its focus terms, else at least half its keywords), or for the first query.
 */
export function queryIndexesFor(step: Pick<SearchStep, 'queryIndex'>, record: PaperRecord, queries: Query[]): number[] {
  if (step.queryIndex !== undefined) return [step.queryIndex];
  const text = new Set(stems(`${record.title} ${record.abstract ?? ''}`, SCORING_TOKENS));
  const has = (keyword: string) => {
    const words = stems(keyword, SCORING_TOKENS);
    return words.length > 0 && words.every((w) => text.has(w));
  };
  const matched = queries.flatMap((query, index) => {
    const required = query.focus?.length ? query.focus : undefined;
    const ok = required ? required.every(has) : query.keywords.filter(has).length * 2 >= query.keywords.length;
    return ok ? [index] : [];
  });
  return matched.length > 0 ? matched : [0];
}
