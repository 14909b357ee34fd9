// The published literature, searched beside the preprint servers: the lanes of the claim's
// field (PubMed/PMC for biology and medicine; DBLP and Semantic Scholar for computer science;
// Semantic Scholar for physics and mathematics; OpenAlex for every field with a key), and the lanes
// of every other server searched first (a close call's secondary, a likely third) too. Every lane runs at once and streams
// its hits into the same store as the preprint servers', so one slow or failing lane never holds
// back the others, and the first candidates come after the fastest lane's round trip. A lane
// that is spaced (DBLP, Semantic Scholar, OpenAlex) gets one request merging every query; Europe
// PMC, which answers several at once, gets each query's ranked request.
import type { Discipline, LaneReport, PaperRecord, PublishedLane, Query, Repository, RoutingDecision, SearchRequest } from '../types';
import type { Settings } from '../settings/index';
import { laneUnavailable, type PublishedSources } from '../sources/published';
import { passesFilter } from '../queries/filter';
import { serversSearchedFirst } from '../routing/closeCall';
import { isAbortError, RateLimitedError } from '../net/types';
import { ServiceUnavailableError } from '../net/breaker';
import { repositoryLabel } from '../identity/repository';
import { mergedQuery, queryIndexesFor, type SearchHit } from './keywords';
import { narrowestWords } from '../sources/published/queryWords';
import { stripCitations } from '../fulltext/lineText';
import { namedAuthorShare, namedWorksAuthors } from '../ranking/namedAuthors';
import { isAuthorSearch } from './byAuthor';
import { rankByTopic } from './topic';

/** The ranked request asks for this many times `maxResults` (as the preprint lanes do). */
const OVERFETCH = 2;
const MAX_PAGE = 50;

const LANES_BY_FIELD: Readonly<Record<Discipline, readonly PublishedLane[]>> = {
  'computer-science': ['dblp', 'semanticscholar', 'openalex'],
  physics: ['semanticscholar', 'openalex'],
  mathematics: ['semanticscholar', 'openalex'],
  statistics: ['semanticscholar', 'openalex'],
  biology: ['pubmed', 'openalex'],
  medicine: ['pubmed', 'openalex'],
};

/** A close call adds the lanes of the other servers searched first. */
const LANES_BY_SERVER: Readonly<Record<Repository, readonly PublishedLane[]>> = {
  arxiv: ['semanticscholar'],
  biorxiv: ['pubmed'],
  medrxiv: ['pubmed'],
};

export interface PublishedPlan {
  /** The lanes to search, in order. */
  lanes: PublishedLane[];
  /** The lanes of the claim's own field (not those a close call added): they get the claim's words too. */
  ownField?: PublishedLane[];
  /** Every lane of the claim's field: searched, or skipped and why. */
  reports: LaneReport[];
}

/**
 * A claim of another field that may well be computer science gets DBLP too. CL-SciSumm's training
 * citances (NLP) routed to physics or mathematics are 97 of 748: 90 of them are computer science at
 * 0.1 or more, and 10 of the 101 preprint dev probes routed there (bench/data/rxiv.ts). With DBLP for
 * all of them, CL-SciSumm train success@10 0.714 → 0.734. Routed to biology or medicine: 104, 91 of
 * them at 0.1 or more, and 19 of SciFact dev's 270 such claims; success@10 0.747 → 0.758, SciFact
 * unchanged on every claim (docs/published-bench.md, rounds 13 and 15).
 */
const DBLP_BESIDE_ABOVE = 0.1;

export function publishedPlan(routing: RoutingDecision, settings: Settings): PublishedPlan {
  const wanted = [...LANES_BY_FIELD[routing.discipline]];
  if ((routing.computerScience ?? 0) >= DBLP_BESIDE_ABOVE) wanted.push('dblp');
  for (const server of serversSearchedFirst(routing).slice(1)) wanted.push(...LANES_BY_SERVER[server]);
  const lanes: PublishedLane[] = [];
  const reports: LaneReport[] = [];
  for (const lane of new Set(wanted)) {
    const why = laneUnavailable(lane, settings);
    if (why) reports.push({ lane, searched: false, note: why });
    else {
      lanes.push(lane);
      reports.push({ lane, searched: true });
    }
  }
  return { lanes, reports, ownField: lanes.filter((l) => LANES_BY_FIELD[routing.discipline].includes(l)) };
}

export interface PublishedSearchDeps {
  sources: PublishedSources;
  /** The claim as plain text: its rarest words make one more query for the lanes that rank plain text. */
  claimText?: string;
  /** The claim as written (LaTeX): "Pang~\cite{a} and Su~\cite{b}" names two works, "Pang and Su" one. */
  claimSource?: string;
  maxResults: number;
  signal?: AbortSignal;
  warn: (message: string) => void;
  onHits: (hits: SearchHit[]) => void;
  /** Which records to keep besides the years (an informal citation's: its authors' works). */
  accept?: (record: PaperRecord) => boolean;
}

/** Searches every lane of the plan at once; the reports say which lanes failed, and how. */
export async function searchPublished(
  plan: PublishedPlan,
  queries: Query[],
  deps: PublishedSearchDeps,
): Promise<{ hits: SearchHit[]; reports: LaneReport[] }> {
  const hits: SearchHit[] = [];
  const failures = new Map<PublishedLane, LaneSkip>();
  // One ranking of the claim's words: the relevance lanes take its first 16, the others its first 10.
  const relevanceWords = claimWordsQuery(deps.claimText, queries, RELEVANCE_CLAIM_WORDS);
  const words = relevanceWords && { ...relevanceWords, keywords: relevanceWords.keywords.slice(0, CLAIM_WORDS) };
  await Promise.all(
    plan.lanes.map(async (lane) => {
      const extra = RELEVANCE_LANES.has(lane) ? relevanceWords : plan.ownField?.includes(lane) ? words : undefined;
      const found = await searchLane(lane, queries, extra, deps);
      if (Array.isArray(found)) hits.push(...found);
      else failures.set(lane, found);
    }),
  );
  const reports = plan.reports.map((r) => {
    const failure = failures.get(r.lane as PublishedLane);
    return failure ? { lane: r.lane, searched: false, ...failure } : r;
  });
  return { hits, reports };
}

/** Why a lane was not searched: its note, and how it failed when it did. */
type LaneSkip = Pick<LaneReport, 'note' | 'failed'>;

/** The lane's hits, or why it could not be searched (every request failed). */
async function searchLane(
  lane: PublishedLane,
  queries: Query[],
  words: Query | undefined,
  deps: PublishedSearchDeps,
): Promise<SearchHit[] | LaneSkip> {
  const source = deps.sources[lane];
  if (!source) return { note: 'switched off' };
  const size = Math.min(MAX_PAGE, Math.max(1, deps.maxResults) * OVERFETCH);
  // A spaced lane gets one request merging every query (Semantic Scholar: and the claim's rarest
  // words after them); Europe PMC, which answers several at once, gets each query's ranked request
  // and the claim's rarest words beside them.
  const requests: { query: Query; queryIndex?: number; byAuthor?: true }[] = source.paced
    ? [{ query: RELEVANCE_LANES.has(lane) ? withWords(mergedQuery(queries), words) : mergedQuery(queries) }]
    : [...queries.map((query, queryIndex) => ({ query, queryIndex })), ...(words ? [{ query: words }] : [])];
  const byNamedAuthor = NAMED_AUTHOR_LANES.has(lane) ? namedAuthorQueries(deps.claimText, queries, deps.claimSource) : [];
  requests.push(...byNamedAuthor.map((query) => ({ query, byAuthor: true as const })));
  const found: SearchHit[] = [];
  let failure: LaneSkip | undefined;
  let answered = 0;
  await Promise.all(
    requests.map(async ({ query, queryIndex, byAuthor: named }) => {
      // A named author's request may hold no other word ("As Mitkov showed."): their works alone.
      if (query.keywords.length === 0 && !named) return;
      const request: SearchRequest = { query, mode: 'any', maxResults: size, signal: deps.signal };
      const records = await attempt(lane, () => source.search(request), deps, (why) => (failure ??= why));
      if (!records) return;
      answered++;
      const step = { queryIndex };
      // A named author's works only: the hosts' author matching is looser than a name.
      const ranked = named ? namedAuthorsWorks(records, query).slice(0, size) : records;
      const hits = ranked
        .filter((r) => passesFilter(r, query.filter) && (deps.accept?.(r) ?? true))
        .flatMap((record, rank) => queryIndexesFor(step, record, queries).map((index) => ({ record, queryIndex: index, rank })));
      if (hits.length > 0) deps.onHits(hits);
      found.push(...hits);
    }),
  );
  return answered === 0 && failure ? failure : found;
}

/** The works of the query's author, those holding most of its words first. */
function namedAuthorsWorks(records: PaperRecord[], query: Query): PaperRecord[] {
  return rankByTopic(records.filter((r) => namedAuthorShare(query.authors ?? [], r.authors) > 0), query.keywords);
}

/** Lanes that can ask for an author's works: DBLP by name, Europe PMC by `AUTH:`. */
const NAMED_AUTHOR_LANES: ReadonlySet<PublishedLane> = new Set(['dblp', 'pubmed']);

/**
 * The works of the first author a claim names in its own words ("Like Van Halteren et al., we
 * evaluated …"), and of the last when it names another work ("Pang[4] and Su[5]"), one request
 * each, for DBLP and PubMed: DBLP's topic search needs title words, and a citing sentence often
 * shares none with the work it names (CL-SciSumm train, docs/published-bench.md). The claim's
 * queries' words rank the author's works. None when the claim names nobody or the queries already
 * search by author (an informal citation).
 */
export function namedAuthorQueries(claimText: string | undefined, queries: Query[], claimSource?: string): Query[] {
  if (!claimText || queries.length === 0 || isAuthorSearch(queries)) return [];
  // The name's last word: "van halteren" is "Hans van Halteren" on DBLP, but some records drop the particle.
  const names = namedWorksAuthors(claimText, claimSource);
  const families = new Set(names.map((name) => name.split(' ').at(-1)!));
  // A named author's name is no topic word of their works: Europe PMC's free text and DBLP match
  // author lists, so `(Herger OR abundance) AND AUTH:"herger"` held every work of Herger's, and
  // "Pang" took one of the few words that rank Su's.
  const merged = mergedQuery(queries);
  const keywords = withoutNames(merged.keywords, new Set(names.flatMap((name) => name.split(' '))));
  return [...families].map((family) => ({ ...merged, keywords, authors: [family] }));
}

/** Keywords with the names' words (particles too) taken out, in any case; a keyword left empty is dropped. */
function withoutNames(keywords: string[], names: ReadonlySet<string>): string[] {
  const lower = new Set([...names].map((n) => n.toLowerCase()));
  return keywords.flatMap((k) => {
    const kept = k.split(/\s+/).filter((w) => !lower.has(w.toLowerCase()));
    return kept.length > 0 ? [kept.join(' ')] : [];
  });
}

/** Words of the claim a relevance search gets: the rarest, rarest first (never the sentence as written). */
const CLAIM_WORDS = 10;

/**
 * Lanes that rank plain text by relevance and tolerate missing words, asked once per claim: their
 * one request is the keyphrases followed by the claim's rarest words, so the keyphrases' few words
 * are not all the service sees of the claim. Semantic Scholar's ranker scores how well the query's
 * words match title, abstract, venue and authors (AI2's search write-up), so more words rank
 * rather than exclude. CL-SciSumm train: success@10 0.583 → 0.638 with 16 words, no stopwords
 * among them (docs/published-bench.md); the rarest words alone, 8 of them, did worse than the
 * keyphrases. OpenAlex keeps the keyphrases: the bench serves no OpenAlex search to measure it on.
 */
const RELEVANCE_LANES: ReadonlySet<PublishedLane> = new Set(['semanticscholar']);
const RELEVANCE_CLAIM_WORDS = 16;

/**
 * The claim's rarest content words as one query, with the queries' years; undefined without a
 * claim. Europe PMC finds the cited paper from a claim's own words more often than from its
 * keyphrases alone (SciFact dev, docs/published-bench.md).
 */
export function claimWordsQuery(claimText: string | undefined, queries: Query[], count = CLAIM_WORDS): Query | undefined {
  if (!claimText?.trim()) return undefined;
  // A list of works the sentence cites in plain text ("(Bai 1995; Zhang et al. 1994)") names other
  // works: their surnames are rare words, and would outrank the topic's.
  const keywords = narrowestWords({ keywords: [stripCitations(claimText)] }, count);
  if (keywords.length === 0) return undefined;
  const filter = queries.find((q) => q.filter)?.filter;
  return filter ? { keywords, filter } : { keywords };
}

/** The query's keywords, then the words not already among them (the query's years kept). */
export function withWords(query: Query, words: Query | undefined): Query {
  if (!words) return query;
  const have = new Set(query.keywords.flatMap((k) => k.toLowerCase().split(/[\s-]+/)));
  return { ...query, keywords: [...query.keywords, ...words.keywords.filter((w) => !have.has(w.toLowerCase()))] };
}

/** One request; a failure is warned about, named for the lane report, and becomes undefined. */
async function attempt(
  lane: PublishedLane,
  request: () => Promise<PaperRecord[]>,
  deps: PublishedSearchDeps,
  failed: (why: LaneSkip) => void,
): Promise<PaperRecord[] | undefined> {
  try {
    return await request();
  } catch (error) {
    if (isAbortError(error) || deps.signal?.aborted) throw error;
    const err = error as Error;
    if (err instanceof RateLimitedError) {
      failed({ note: 'rate limited (HTTP 429); skipped for this run', failed: 'rate-limited' });
      deps.warn(`${repositoryLabel(lane)} answered 429 (rate limited); it is skipped for this run.${lane === 'semanticscholar' ? ' An API key (sources.semanticscholar.apiKey) gives a pool of your own.' : ''}`);
    } else if (err instanceof ServiceUnavailableError && err.refused) {
      failed({ note: 'refused in this run (see warnings)', failed: 'error' });
    } else if (err.name === 'ServiceUnavailableError') {
      // Its circuit opened: by this lane's own failures as often as by an earlier request's, so no "earlier".
      failed({ note: 'down in this run (see warnings)', failed: 'down' });
    } else {
      failed({ note: 'failed (see warnings)', failed: 'error' });
      deps.warn(`${repositoryLabel(lane)} search failed: ${err.message}`);
    }
    return undefined;
  }
}
