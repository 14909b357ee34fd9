// The citation pipeline, end to end:
//   claim → routing → queries → search (with fallback) → dedupe + rank
//     → BibTeX from the authority (as candidates arrive) → full text → support scores.
// Each stage lives in its own module; this file only wires them, reports progress events,
// honours cancellation and records timings.
import type { Candidate, Claim, FindResult, PipelineListener, Query, RoutingDecision } from '../types';
import type { Settings } from '../settings/index';
import type { HttpClient } from '../net/types';
import type { LlmClient } from '../llm/types';
import type { PipelineDeps } from '../deps';
import { route } from '../routing';
import { generateQueries } from '../queries';
import { parseQuery } from '../queries/text';
import { withDefaultYears } from '../queries/filter';
import { createSources } from '../sources';
import { createPublishedSources } from '../sources/published';
import { publishedPlan } from '../search/published';
import { searchClaim, informalQueries } from '../search/informalHook';
import { claimAroundMention } from '../claim/mention';
import { noCandidatesWarning } from './noCandidates';
import { CandidateStore } from '../candidates/store';
import { shownOrder } from '../ranking/candidates';
import { BibtexStage } from '../candidates/bibtexStage';
import { TrustStage } from '../candidates/trustStage';
import { citeKeyRule } from '../bibtex/keyFormula';
import { Enrichment } from '../candidates/enrichment';
import { OpenAccessLookup } from '../candidates/openAccessLookup';
import { settleInTurn } from '../candidates/running';
import { isPreprintServer } from '../dedupe/versions';
import { CrossrefBatchClient } from '../sources/crossrefBatch';
import { fetchCrossrefWork } from '../sources/crossref';
import { createHttpClient } from '../net/http';
import { storingBehind } from '../net/storingBehind';
import { onNetwork } from '../net/onNetwork';
import { warmRankingWhileWaiting } from '../ranking/warmup';
import { createLlmClient } from '../llm/client';
import { supportStage } from './support';
import { readingWritesSettled } from '../fulltext';
import { resolveCacheDir } from '../net/cache';
import { Run } from './run';
import { RunLimits } from './runLimits';
import { announceQueries, resultAtDeadline, type RunState } from './deadline';
import { AnswerLedger } from '../net/answerLedger';
import { keepResult, SupportChoice } from './resultCache';
import { inputKey, replayResult } from './resultKey';
import { openRun } from './openRun';
import { mentionFallback, searchOrFallBack, type MentionFallback } from './mentionFallback';

export interface FindInput {
  /** LaTeX source of the selected claim. */
  selection: string;
  /** Full LaTeX source of the file: context for routing and queries, never sent to search hosts. */
  document?: string;
  selectionOffset?: number;
  /**
   * The project's root file, when `document` is another file of it (a chapter): its title,
   * abstract and display-math macros are the chapter's too. Never sent to search hosts.
   */
  root?: string;
  /** User-edited queries in text form; when given, query generation is skipped. */
  queries?: string[];
}

export interface PipelineOptions {
  settings: Settings;
  http?: HttpClient;
  /** `null` = no LLM. Omitted = built from the settings (and `llmApiKey`). */
  llm?: LlmClient | null;
  llmApiKey?: string;
  userAgent?: string;
  /**
   * Serve an unchanged claim's kept result (resultCache.ts); default true. Off for checks of what a
   * repeat does below it (its cached answers, readings and shortlists).
   */
  reuseResults?: boolean;
  /** The clock of the result cache's expiry; give the HTTP client's when it has its own. */
  now?: () => number;
}

/** Where and by which clock a run keeps its result for a repeat. */
interface Reuse {
  dir: string;
  now: () => number;
  /** Resolves once the client's answers are written (the run's own client sees them through wrappers). */
  answersStored: () => Promise<void>;
}

export interface Pipeline {
  find(input: FindInput, listener?: PipelineListener, signal?: AbortSignal): Promise<FindResult>;
}

export function createPipeline(options: PipelineOptions): Pipeline {
  const settings = options.settings;
  const http = options.http ?? createHttpClient(settings, { userAgent: options.userAgent });
  const llm = options.llm === undefined ? createLlmClient(settings, options.llmApiKey) : options.llm;
  // With an LLM, routing and queries are its answers, which no cache keeps: nothing is reused.
  const reuse = options.reuseResults !== false && !llm && http.cacheDir
    ? { dir: http.cacheDir, now: options.now ?? Date.now, answersStored: async () => void (await http.storesSettled?.()) }
    : undefined;
  return {
    find: async (input, listener = () => {}, signal) => {
      try {
        return await findCitations(input, { settings, http, llm }, listener, signal, reuse);
      } finally {
        // A run is over, done or cancelled, when what it learnt is on disk: searches write their
        // answers behind them (storeInBackground), papers their readings, and a repeat right
        // after must find them.
        await Promise.all([http.storesSettled?.(), readingWritesSettled()]);
      }
    },
  };
}

/**
 * One run within its limits (runLimits.ts): each service behind a circuit breaker, the LLM's
 * calls bounded, and the whole run bounded by `run.deadlineMs`, at which it returns what it has.
 */
async function findCitations(
  input: FindInput,
  deps: PipelineDeps,
  listener: PipelineListener,
  signal?: AbortSignal,
  reuse?: Reuse,
): Promise<FindResult> {
  // eslint-disable-next-line prefer-const -- assigned below; the limits' warning callback closes over it first
  let run: Run | undefined;
  const limits = new RunLimits(deps.settings, signal, (message) => run?.warn(message));
  run = new Run(listener, limits.signal);
  const state: RunState = {};
  try {
    // The run's answers reach the disk behind it: `find` waits for those writes once, at the end.
    // The ledger notes the answers the result is built from: a kept result expires with the first.
    const ledger = new AnswerLedger();
    const http = ledger.wrap(limits.http(storingBehind(deps.http)));
    return await findWithin(input, { settings: deps.settings, http, llm: limits.llm(deps.llm) }, run, state, reuse && { ...reuse, ledger });
  } catch (error) {
    if (!limits.deadlinePassed) throw error;
    return resultAtDeadline(state, run, deps.settings, limits.deadlineMs);
  } finally {
    limits.dispose();
  }
}

async function findWithin(
  input: FindInput,
  deps: PipelineDeps,
  run: Run,
  state: RunState,
  reuse?: Reuse & { ledger: AnswerLedger },
): Promise<FindResult> {
  const signal = run.signal;
  const { claim, key, kept } = await openRun(input, deps.settings, Boolean(deps.llm), run, reuse);
  state.claim = claim;
  if (kept) return replayResult(kept, run);

  // An informal citation ("Perlmutter et al. (1999)") is searched by its author and year.
  const informal = informalQueries(input.selection, claim.text);
  // Routing and query writing are independent: with an LLM, running them side by side saves
  // a whole model round trip.
  const writeQueries = async () => (await generateQueries(claim, deps.llm, run.warn, signal, resolveCacheDir(deps.settings))).queries;
  const [routing, written] = await Promise.all([
    run.time('routing', () => route(claim, deps.llm, run.warn, signal)).then((routing) => {
      state.routing = routing;
      run.emit({ type: 'routing', routing });
      return routing;
    }),
    input.queries?.length
      ? Promise.resolve(input.queries.map(parseQuery).filter((q) => q.keywords.length > 0 || q.authors?.length))
      : informal ? Promise.resolve(informal) : run.time('queries', writeQueries),
  ]);
  // The default year range (search.years) applies to every query that names none.
  const withYears = (query: Query) => {
    const filter = withDefaultYears(query.filter, deps.settings['search.years']);
    return filter ? { ...query, filter } : query;
  };
  const queries = written.map(withYears);
  announceQueries(queries, state, run);
  const fallback = input.queries?.length ? undefined : mentionFallback(informal, async () => (await writeQueries()).map(withYears));

  // A mention alone ("Wakefield et al. (1998)") is searched as written; its papers are scored against its sentence.
  const scored = informal ? claimAroundMention(claim) : claim;
  state.scored = scored;
  const candidates = await findAndScore({ searched: claim, scored, fallback }, routing, queries, deps, run, state);

  const { lanes, queryTexts = [] } = state;
  const result = run.finish({ claim: claim.text, sentences: claim.sentences, routing, lanes, queries: queryTexts, candidates });
  // Kept for a repeat unless a paper met a failure the same answers may not bring again.
  if (reuse && key && !run.transient) {
    const ttlMs = Math.max(0, deps.settings['cache.ttlHours']) * 3_600_000;
    keepResult({ ...reuse, key, inputKey: inputKey(input, deps.settings), result, ttlMs }, reuse.ledger, reuse.answersStored);
  }
  return result;
}

/**
 * Search, then full text and support scores for the final ranking, while BibTeX and the
 * second-source enrichment run beside them from each candidate's first sighting. Only the
 * search itself stands between the claim and the first candidates.
 */
async function findAndScore(
  { searched: claim, scored, fallback }: { searched: Claim; scored: Claim; fallback?: MentionFallback },
  routing: RoutingDecision,
  written: Query[],
  deps: PipelineDeps,
  run: Run,
  state: RunState,
): Promise<Candidate[]> {
  const store = new CandidateStore(written, claim.text, deps.settings.maxResults, (e) => run.emit(e));
  state.store = store;
  // A search request that goes to the network means hits are on their way: the ranking compiles meanwhile.
  const searchHttp = onNetwork(deps.http, warmRankingWhileWaiting);
  const sources = createSources(deps.settings, searchHttp, run.warn);
  // Crossref answers one request at a time: the candidates' records go out as few lists, and
  // the BibTeX stage reads from them which DOIs Crossref holds before spending a turn on one.
  const batch = new CrossrefBatchClient(deps.http, deps.settings, run.signal);
  const records = { http: storingBehind(batch), settings: deps.settings, signal: run.signal };
  const crossrefHolds = async (doi: string) => (await fetchCrossrefWork(doi, records)) !== undefined;
  const bibtexDeps = { http: deps.http, settings: deps.settings, signal: run.signal };
  const bibtex = new BibtexStage(bibtexDeps, citeKeyRule(deps.settings), store, { crossrefHolds }, () => lookUp());
  // A journal DOI the trust lookup learnt (Crossref's "is preprint of") may ask OpenAlex for a count:
  // lookUp asks it once the search has ended (BibTeX's and trust's plans are unchanged by the patch).
  const trust = new TrustStage(records, store, () => lookUp());
  // BibTeX leaves with the DOI the search answer names, and is asked again when the enrichment
  // names a published one; trust waits for a record's bioRxiv API answer (enrichment.ts says why).
  // A journal's record found before its preprint would be looked up alone and then again as one
  // card with it: a card only the published lanes found waits for the search's end, when every
  // version of it is in, so a repeat (answers arriving in another order) plans the same lookups.
  let searchEnded = false;
  const settledCards = () => store.list().filter((c) => searchEnded || c.sources.some(isPreprintServer));
  const lookUp = () => {
    bibtex.update(settledCards());
    trust.update(settledCards().filter((c) => !enrichment.holds(c.id)));
    // Off the path to the first candidates: OpenAlex is asked once the search has ended, and again
    // for a journal DOI an enrichment names later.
    if (searchEnded) openAccess.update();
  };
  const enrichment = new Enrichment(sources, store, run.signal, lookUp);
  const openAccess = new OpenAccessLookup(bibtexDeps, store, run.warn);

  const started = performance.now();
  const plan = publishedPlan(routing, deps.settings);
  state.lanes = plan.reports;
  run.emit({ type: 'lanes', lanes: plan.reports });
  const search = (queries: Query[]) =>
    searchClaim(routing, queries, {
      sources,
      published: createPublishedSources(deps.settings, searchHttp, run.warn),
      plan,
      claimText: claim.text,
      claimSource: claim.source,
      preprints: deps.settings['search.kind'] !== 'published',
      crossref: { http: deps.http, settings: deps.settings, signal: run.signal },
      maxResults: deps.settings.maxResults,
      signal: run.signal,
      warn: run.warn,
      onHits: (hits) => {
        store.addHits(hits);
        run.markFirstCandidates();
        // No parse worker is started here: getFulltext starts them when a paper's reading is not in
        // the cache and its PDF is (or is on its way), so a repeat whose readings are all cached starts none.
        enrichment.update(store.list());
        lookUp();
      },
    });
  const switched = (queries: Query[]) => {
    store.useQueries(queries);
    announceQueries(queries, state, run);
    run.warn(fallback!.notice);
  };
  const { answer, queries } = await run.time('search', () => searchOrFallBack(written, search, () => store.size > 0, fallback, switched));
  const { lanes } = answer;
  state.lanes = lanes;
  if (lanes.length > 0) run.emit({ type: 'lanes', lanes });
  searchEnded = true;
  lookUp();
  if (store.size === 0) run.warn(noCandidatesWarning(lanes));

  // An enrichment an earlier run left in the cache is applied first (a local read): the full text
  // is then fetched from the URL that run used, so a repeated search asks nothing again. So is a
  // cached OpenAlex or PubMed answer: a repeat chooses with the abstracts they gave, and keeps its result.
  await Promise.all([enrichment.localAnswers(), openAccess.localAnswers()]);
  const searched = store.list();
  const enriched = async (id: string) => {
    const inTime = await Promise.all([enrichment.settledFor(id), openAccess.settledFor(id)]);
    // A paper read without its second source's answer (too slow): a repeat, which has it, may read it otherwise.
    if (inTime.includes(false)) run.transient ??= 'a second source answered after the full text went ahead';
  };
  const choice = new SupportChoice(searched, deps.settings);
  await run.time('support', () => supportStage(searched, scored, queries, { ...deps, store, enriched, reading: choice.reading }, run));
  await Promise.all([enrichment.settle(), openAccess.settle()]);
  if (!choice.held(store)) run.transient ??= 'a second source changed the papers to read after they were chosen';
  // In turn, every lookup started (superseded ones too): a DOI BibTeX found plans a trust lookup,
  // a version of record trust learnt an OpenAlex count.
  await settleInTurn([bibtex, trust, openAccess]);
  run.record('bibtex', started);
  return shownOrder(store.list());
}
