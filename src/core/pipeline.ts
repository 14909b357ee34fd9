// The citation pipeline, end to end:
//   claim → routing → queries → search (with fallback) → dedupe + rank
//     → BibTeX from the authority (as candidates arrive) → full text → support scores.
// Each stage lives in its own module; this file only wires them, reports progress events,
// honours cancellation and records timings.
import type {
  Candidate,
  Claim,
  FindResult,
  PipelineListener,
  Query,
  RoutingDecision,
} from './types';
import type { Settings } from './settings';
import type { HttpClient } from './net/types';
import type { LlmClient } from './llm/types';
import type { PipelineDeps } from './deps';
import { parseClaim } from './claim';
import { route } from './routing';
import { generateQueries } from './queries';
import { formatQuery, parseQuery } from './queries/text';
import { createSources } from './sources';
import { searchRepositories, type SearchHit } from './search';
import { dedupeRecords } from './dedupe/dedupe';
import { rankCandidates } from './ranking/candidates';
import { attachBibtex } from './bibtex';
import { createHttpClient } from './net/http';
import { createLlmClient } from './llm/openai';
import { supportStage } from './support';
import { Run } from './run';

export interface FindInput {
  /** LaTeX source of the selected claim. */
  selection: string;
  /** Full LaTeX source of the file: context for routing and queries, never sent to search hosts. */
  document?: string;
  selectionOffset?: number;
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
}

export interface Pipeline {
  find(input: FindInput, listener?: PipelineListener, signal?: AbortSignal): Promise<FindResult>;
}

export function createPipeline(options: PipelineOptions): Pipeline {
  const settings = options.settings;
  const http = options.http ?? createHttpClient(settings, { userAgent: options.userAgent });
  const llm = options.llm === undefined ? createLlmClient(settings, options.llmApiKey) : options.llm;
  return {
    find: (input, listener = () => {}, signal) =>
      findCitations(input, { settings, http, llm }, listener, signal),
  };
}

async function findCitations(
  input: FindInput,
  deps: PipelineDeps,
  listener: PipelineListener,
  signal?: AbortSignal,
): Promise<FindResult> {
  const run = new Run(listener, signal);
  const claim = run.timeSync('claim', () =>
    parseClaim(input.selection, input.document, input.selectionOffset),
  );
  run.emit({ type: 'claim', claim });
  if (!deps.llm) {
    run.warn('No LLM configured (llm.model is empty): routing and queries use the built-in heuristics.');
  }

  // Routing and query writing are independent: with an LLM, running them side by side saves
  // a whole model round trip.
  const [routing, queries] = await Promise.all([
    run.time('routing', () => route(claim, deps.llm, run.warn, signal)).then((routing) => {
      run.emit({ type: 'routing', routing });
      return routing;
    }),
    input.queries?.length
      ? Promise.resolve(input.queries.map(parseQuery).filter((q) => q.keywords.length > 0))
      : run.time('queries', () => generateQueries(claim, deps.llm, run.warn, signal)).then((g) => g.queries),
  ]);
  const queryTexts = queries.map(formatQuery);
  run.emit({ type: 'queries', queries: queryTexts });

  const found = await findCandidates(claim, routing, queries, deps, run);
  const candidates = await run.time('support', () => supportStage(found, claim, queries, deps, run));

  const result: FindResult = {
    claim: claim.text,
    sentences: claim.sentences,
    routing,
    queries: queryTexts,
    candidates,
    warnings: run.warnings,
    timings: run.timings(),
  };
  run.emit({ type: 'done', result });
  return result;
}

/** Search, dedupe and rank, fetching each candidate's BibTeX as soon as it is found. */
async function findCandidates(
  claim: Claim,
  routing: RoutingDecision,
  queries: Query[],
  deps: PipelineDeps,
  run: Run,
): Promise<Candidate[]> {
  const maxResults = deps.settings.maxResults;
  const allHits: SearchHit[] = [];
  const bibtexById = new Map<string, Promise<Candidate>>();
  const rankNow = () =>
    rankCandidates(dedupeRecords(allHits), queries, claim.text).slice(0, maxResults);

  const startBibtex = (candidate: Candidate) => {
    if (bibtexById.has(candidate.id) || run.signal?.aborted) return;
    const pending = attachBibtex(
      candidate,
      { http: deps.http, settings: deps.settings, signal: run.signal },
      deps.settings['citeKey.style'],
    ).then((withBibtex) => {
      run.emit({
        type: 'bibtex',
        id: candidate.id,
        bibtex: withBibtex.bibtex,
        citeKey: withBibtex.citeKey,
        error: withBibtex.bibtexError,
      });
      return withBibtex;
    });
    // Only the final ranking's lookups are awaited; a candidate that dropped out, or a
    // cancelled run, must not leave a rejection nobody handles.
    pending.catch(() => {});
    bibtexById.set(candidate.id, pending);
  };

  await run.time('search', () =>
    searchRepositories(routing, queries, {
      sources: createSources(deps.settings, deps.http, run.warn),
      maxResults,
      signal: run.signal,
      warn: run.warn,
      onHits: (hits) => {
        allHits.push(...hits);
        const ranked = rankNow();
        run.markFirstCandidates();
        run.emit({ type: 'candidates', candidates: ranked });
        ranked.forEach(startBibtex);
      },
    }),
  );

  const ranked = rankNow();
  if (ranked.length === 0) run.warn('No candidates found. Try editing the queries.');
  ranked.forEach(startBibtex);
  return run.time('bibtex', async () => {
    const withBibtex = await Promise.all(ranked.map((c) => bibtexById.get(c.id)!));
    return withBibtex.map((c, i) => ({ ...ranked[i], ...pick(c) }));
  });
}

/** The fields the BibTeX stage adds; the rest of the candidate comes from the final ranking. */
function pick(c: Candidate): Partial<Candidate> {
  return { bibtex: c.bibtex, citeKey: c.citeKey, bibtexSource: c.bibtexSource, bibtexError: c.bibtexError };
}
