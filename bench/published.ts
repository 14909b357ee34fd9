// Published-search benchmark (issue 30): does a claim find the published paper it should cite?
//   SciFact dev claims        → the Europe PMC lane, over SciFact's 5,183 abstracts served as
//                               PubMed (MED) records (id = pmid = doc_id; no DOI, year, journal
//                               or authors, which SciFact does not give).
//   CL-SciSumm train citances → the DBLP and Semantic Scholar lanes, over a pool of CS works: the
//                               40 training reference papers (Reference_XML title + abstract, ACL
//                               Anthology id, a DBLP-style key) among real distractors (HALLMARK's
//                               DBLP records, arXiv cs.CL, arXiv daily picks, arXiv OAI cs records,
//                               S2ORC CS metadata); Semantic Scholar also holds the SciFact abstracts.
// Each claim runs through the pipeline (createPipeline, no LLM: heuristic queries; search.kind
// 'published' so the preprint servers are not asked; fulltext.enabled false: abstracts only), and
// again with the claim's own words as one user-edited query (the naive baseline). Reported:
// success@5, success@10 and MRR of the cited paper among the candidates returned (maxResults 10).
// Goals: success@10 ≥ 0.85 (SciFact) and ≥ 0.70 (CL-SciSumm), never below the naive baseline.
//
// The corpus server (bench/lib/publishedCorpusServer.ts) ranks as the services do, by relevance:
// Europe PMC's default order is relevance, emulated by BM25 (title ×2) over the records that pass
// its boolean query (AND/OR/phrases as test/standin/tinySearch.ts reads them); DBLP requires every
// word as a prefix of a title/author/venue/year word, then BM25; Semantic Scholar ranks every
// record sharing a word by BM25, tolerating missing words. Everything else the pipeline asks
// (Crossref, doi.org, …) goes to the test stand-in: nothing leaves the machine.
//
// The retrieval passes relax the product's DBLP and Semantic Scholar spacing (intervalMs 0) so a
// thousand claims take minutes, not hours; a separate manners pass (--timing N claims of each set)
// runs with the product's own pacing and realistic latencies, and reports first candidates ÷ the
// fastest lane's round trip (of the lanes whose first search found records, plus any wait its
// spacing forced after the previous claim's requests; goal ≤ 1.1) and the requests that broke a service's published limit
// (goal 0; SERVICE_LIMITS in publishedCorpusServer.ts, Semantic Scholar answering 429 as its pool does).
// Usage: node dist/bench/published.js --data /work/shared/datasets [--set scifact|clscisumm] [--limit N] [--timing N] [--trace]
// --serve only starts the corpus server and prints its settings (to try it with curl); --direct prints only the
// reference figures of the claim's words sent straight to each service (no pipeline).
// Dev and train splits only: SciFact claims_dev, CL-SciSumm Training-Set-2018.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startStandIn } from '../test/standin';
import { loadClaims } from './lib/scifact-data';
import { citanceAsClaim, loadClSciSumm } from './lib/clscisumm-data';
import { loadCsPool, loadPubmedDocs, normalTitle, type CsWork, type PubmedDoc } from './lib/publishedCorpusData';
import { startCorpusServer, limitBreaches, SERVICE_LIMITS, type CorpusServer, type CorpusService, type ServedRequest } from './lib/publishedCorpusServer';
import { citesPubmed, citesWork, firstCitedRank, formatFigures, retrievalFigures, type CitedTest, type RankedCandidate } from './lib/publishedCorpusScore';
import { latexSelection, naiveQuery, runClaim, type ClaimRun, type PipelineFactory } from './lib/publishedCorpusRun';
import { directSearch, type DirectSearch } from './lib/publishedCorpusDirect';
import { supportedWork } from '../src/core/coverage/clearCitation';

interface Task {
  claim: string;
  isCited: CitedTest;
  /** A cited paper whose text contradicts the claim (SciFact's REFUTE evidence). */
  contradicts?: CitedTest;
}

interface TaskSet {
  name: string;
  goal: number;
  tasks: Task[];
  /** The services a user would paste this set's claims into (reference figures, no pipeline). */
  direct: DirectSearch[];
}

/** Round trips of the real services, roughly (not measured here): they make the timing pass honest. */
const LATENCY: Partial<Record<CorpusService, number>> = { europepmc: 600, dblp: 500, semanticscholar: 800, openalex: 300 };

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { data: { type: 'string' }, set: { type: 'string' }, limit: { type: 'string' }, timing: { type: 'string' }, trace: { type: 'boolean' }, serve: { type: 'boolean' }, direct: { type: 'boolean' } } });
  if (!values.data) throw new Error('usage: node dist/bench/published.js --data DATASETS_DIR [--set scifact|clscisumm] [--limit N] [--timing N]');
  const limit = values.limit !== undefined ? Number(values.limit) : Infinity;
  const timing = Number(values.timing ?? 5);
  const data = values.data;
  for (const needed of ['scifact/claims_dev.jsonl', 'scifact/corpus.jsonl', 'cl-scisumm/Training-Set-2018']) {
    if (!existsSync(join(data, needed))) return void console.log(`published: skipped, ${join(data, needed)} is absent`);
  }
  const pubmed = loadPubmedDocs(join(data, 'scifact'));
  const pool = loadCsPool(data);
  const server = await startCorpusServer({ pubmed, cs: pool });
  if (values.serve) return void console.log(`serving until stopped: ${JSON.stringify(server.settings)}`);
  const home = mkdtempSync(join(tmpdir(), 'citefinder-published-'));
  process.env.XDG_CACHE_HOME = home; // the pacing timetables of this run alone
  const standIn = await startStandIn({});
  try {
    console.log(`Europe PMC: ${pubmed.length} SciFact abstracts as MED records. CS pool (DBLP, Semantic Scholar): ${pool.length} works — ${poolMakeUp(pool)}; ` +
      `Semantic Scholar also holds the ${pubmed.length} SciFact abstracts.`);
    const sets = [scifactSet(data, pubmed), clscisummSet(data, pool)]
      .filter((s) => !values.set || setKey(s.name).startsWith(setKey(values.set)));
    const factory = await pipelineFactory({ ...standIn.settings, ...server.settings }, home);
    const summary: string[] = [];
    for (const set of sets.filter(() => limit > 0)) {
      await directPass(set, server, limit, values.trace ?? false);
      if (!values.direct) summary.push(await retrievalPass(set, factory, limit, values.trace ?? false));
    }
    if (values.direct) return;
    summary.push(await mannersPass(sets, factory, server, timing, values.trace ?? false));
    console.log(`\n${summary.join('\n')}`);
  } finally {
    await Promise.all([server.close(), standIn.close()]);
    rmSync(home, { recursive: true, force: true });
  }
}

function scifactSet(data: string, pubmed: PubmedDoc[]): TaskSet {
  const byPmid = new Map(pubmed.map((d) => [d.pmid, d]));
  const claims = loadClaims(join(data, 'scifact'), 'dev').filter((c) => c.cited_doc_ids.length > 0);
  const citedDocs = (ids: number[]) => ids.flatMap((id) => byPmid.get(String(id)) ?? []);
  const contradicting = (c: (typeof claims)[number]) =>
    Object.entries(c.evidence).filter(([, sets]) => sets.some((set) => set.label === 'REFUTE' || set.label === 'CONTRADICT')).map(([id]) => Number(id));
  const tasks = claims.map((c) => ({
    claim: c.claim,
    isCited: citesPubmed(citedDocs(c.cited_doc_ids)),
    contradicts: citesPubmed(citedDocs(contradicting(c))),
  }));
  return { name: 'SciFact dev → Europe PMC', goal: 0.85, tasks, direct: ['europepmc-and', 'europepmc-or'] };
}

function clscisummSet(data: string, pool: CsWork[]): TaskSet {
  const { citances } = loadClSciSumm(join(data, 'cl-scisumm'), 'train');
  const byAcl = new Map(pool.filter((w) => w.acl).map((w) => [w.acl!, w]));
  // One task per distinct citing sentence of a paper (annotators repeat some).
  const seen = new Set<string>();
  const tasks: Task[] = [];
  for (const citance of citances) {
    const claim = citanceAsClaim(citance.text);
    const work = byAcl.get(citance.paper);
    const key = `${citance.paper} ${normalTitle(claim)}`;
    if (!work || !claim || seen.has(key)) continue;
    seen.add(key);
    tasks.push({ claim, isCited: citesWork(work) });
  }
  return { name: 'CL-SciSumm train → DBLP + Semantic Scholar', goal: 0.7, tasks, direct: ['dblp', 'semanticscholar'] };
}

function poolMakeUp(pool: CsWork[]): string {
  const counts = new Map<string, number>();
  for (const work of pool) counts.set(work.origin, (counts.get(work.origin) ?? 0) + 1);
  return [...counts].map(([origin, n]) => `${origin} ${n}`).join(', ');
}

/** A set's name as --set matches it: 'CL-SciSumm' is chosen by clscisumm, cl-scisumm or cl. */
const setKey = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Pipelines on the bench's settings: every service on loopback, the published lanes on the corpus server. */
async function pipelineFactory(services: Record<string, string>, home: string): Promise<PipelineFactory> {
  const { createPipeline } = await import('../src/core/pipeline/index');
  const { resolveSettings } = await import('../src/core/settings/index');
  return (paced) => {
    const relaxed = paced ? {} : { 'sources.dblp.intervalMs': 0, 'sources.semanticscholar.intervalMs': 0 };
    const settings = resolveSettings({ ...services, 'cache.dir': mkdtempSync(join(home, 'cache-')), 'search.kind': 'published',
      'fulltext.enabled': false, 'llm.model': '', ...relaxed }, {});
    return createPipeline({ settings, llm: null });
  };
}

/** The claim's words straight to each service (no pipeline): how hard the served corpora make the task. */
async function directPass(set: TaskSet, server: CorpusServer, limit: number, trace: boolean): Promise<void> {
  const tasks = set.tasks.slice(0, limit);
  console.log(`\n=== ${set.name}: ${tasks.length} claims; reference, no pipeline: the claim's words sent straight to a service`);
  for (const search of set.direct) {
    const ranks: (number | undefined)[] = [];
    for (const task of tasks) {
      ranks.push(firstCitedRank(await directSearch(server, search, task.claim), task.isCited));
      if (trace) console.log(`  ${search} ${ranks.at(-1) ?? '-'}  ${task.claim.slice(0, 100)}`);
    }
    console.log(formatFigures(`${search}: the claim's words`, retrievalFigures(ranks)));
  }
}

async function retrievalPass(set: TaskSet, factory: PipelineFactory, limit: number, trace: boolean): Promise<string> {
  const tasks = set.tasks.slice(0, limit);
  console.log(`--- ${set.name}: the pipeline`);
  const started = performance.now();
  const pipeline = factory(false);
  const naivePipeline = factory(false);
  const ranks: (number | undefined)[] = [];
  const naiveRanks: (number | undefined)[] = [];
  let refusedRuns = 0;
  const clear = { chosen: 0, right: 0, contradicting: 0 };
  for (const [i, task] of tasks.entries()) {
    const selection = latexSelection(task.claim);
    const run = await runClaim(pipeline, { selection });
    const naive = await runClaim(naivePipeline, { selection, queries: [naiveQuery(task.claim)] });
    refusedRuns += Number(run.refused ?? false) + Number(naive.refused ?? false);
    ranks.push(firstCitedRank(run.candidates as RankedCandidate[], task.isCited));
    naiveRanks.push(firstCitedRank(naive.candidates as RankedCandidate[], task.isCited));
    const chosen = supportedWork(run.candidates, task.claim).candidate;
    clear.chosen += Number(Boolean(chosen));
    clear.right += Number(Boolean(chosen && task.isCited(chosen)));
    clear.contradicting += Number(Boolean(chosen && task.contradicts?.(chosen)));
    if (trace) traceRun(task.claim, run, ranks.at(-1), naiveRanks.at(-1), chosen && `${task.isCited(chosen) ? 'cited' : 'other'} ${chosen.score?.toFixed(2)}`);
    if ((i + 1) % 50 === 0) console.log(`  … ${i + 1} claims, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const figures = retrievalFigures(ranks);
  const naive = retrievalFigures(naiveRanks);
  console.log(formatFigures('pipeline (heuristic queries)', figures));
  console.log(formatFigures('naive (the claim as one query)', naive));
  console.log(clearCitationLine(clear, tasks.length, ranks));
  if (refusedRuns) console.log(`  ${refusedRuns} runs refused by the pipeline (counted as not found; --trace says why)`);
  const met = figures.success10 >= set.goal && figures.success10 >= naive.success10 && figures.mrr >= naive.mrr;
  return `${set.name}: success@10 ${figures.success10.toFixed(3)} (goal ≥ ${set.goal}), naive ${naive.success10.toFixed(3)}; MRR ${figures.mrr.toFixed(3)}, naive ${naive.mrr.toFixed(3)} — ${met ? 'goal met' : 'goal NOT met'} ` +
    `(${tasks.length} claims, ${((performance.now() - started) / 1000).toFixed(0)} s)`;
}

/**
 * What `coverage --insert` would cite on its own (a work that clearly supports the claim, BibTeX
 * aside: SciFact's records have no DOI), against the first card, which a writer who cites without
 * reading would take.
 */
function clearCitationLine(clear: { chosen: number; right: number; contradicting: number }, claims: number, ranks: (number | undefined)[]) {
  const first = ranks.filter((r) => r === 1).length;
  const share = (a: number, b: number) => (b ? (a / b).toFixed(3) : '-');
  return `  clear citation (coverage --insert's rule): chosen for ${clear.chosen} of ${claims} claims (${share(clear.chosen, claims)}), ` +
    `the cited paper in ${clear.right} (precision ${share(clear.right, clear.chosen)}; ${clear.contradicting} of them contradict the claim); ` +
    `the first card is the cited paper in ${first} (${share(first, claims)})`;
}

function traceRun(claim: string, run: ClaimRun, rank: number | undefined, naiveRank: number | undefined, clear?: string): void {
  const stages = Object.entries(run.stages).map(([k, v]) => `${k} ${v}`).join(', ');
  const scores = run.candidates.slice(0, 3).map((c) => `${c.support?.label ?? '-'} ${c.score?.toFixed(2) ?? '-'}`).join(', ');
  console.log(`  ${rank ?? '-'} / naive ${naiveRank ?? '-'}  clear ${clear ?? '-'}  [${scores}]  ${claim.slice(0, 100)}  [${run.queries.join(' | ')}] ${run.totalMs} ms (${stages})` +
    `${run.warnings.length ? ` warnings: ${run.warnings.join('; ')}` : ''}`);
}

const isSearch = (r: ServedRequest) => /^\/(?:webservices\/rest\/search|search\/publ\/api|graph\/v1\/paper\/search)\?/.test(r.url) && r.endAt !== undefined;

/**
 * The soonest a lane of this run could show candidates: its first search's round trip, plus the
 * wait its spacing forced after the previous run's last request to it (as bench/pipeline.ts counts
 * arXiv's). Only lanes whose first search found records count: an empty answer shows nothing.
 */
function fastestLaneMs(requests: ServedRequest[], from: number, started: number): number | undefined {
  const firsts = [...new Set(requests.slice(from).filter(isSearch).map((r) => r.service))]
    .map((service) => requests.slice(from).find((r) => r.service === service && isSearch(r))!)
    .filter((first) => (first.found ?? 0) > 0);
  const bounds = firsts.map((first) => {
    const service = first.service;
    const earlier = requests.slice(0, from).filter((r) => r.service === service).at(-1);
    const forced = earlier ? Math.max(0, earlier.at + (SERVICE_LIMITS[service].minSpacingMs ?? 0) - started) : 0;
    return forced + first.endAt! - first.at;
  });
  return bounds.length ? Math.min(...bounds) : undefined;
}

/** The first claims of each set with the product's pacing and realistic round trips, each with a fresh cache. */
async function mannersPass(
  sets: TaskSet[], factory: PipelineFactory, server: CorpusServer, count: number, trace: boolean,
): Promise<string> {
  if (count <= 0) return 'manners pass skipped (--timing 0)';
  console.log(`\n=== manners and first candidates: ${count} claims of each set, the product's pacing, round trips ${JSON.stringify(LATENCY)} ms`);
  // One claim first, unpaced and untimed, so the modules a first run loads are not counted (as bench/pipeline.ts warms up).
  await runClaim(factory(false), { selection: latexSelection(sets[0]?.tasks[0]?.claim ?? 'warm-up') });
  server.setLatency(LATENCY);
  server.setEnforceS2Spacing(true);
  const from = server.requests.length;
  const ratios: number[] = [];
  let untimed = 0;
  for (const task of sets.flatMap((s) => s.tasks.slice(0, count))) {
    const before = server.requests.length;
    const started = Date.now();
    const run = await runClaim(factory(true), { selection: latexSelection(task.claim) });
    const searches = server.requests.slice(before).filter(isSearch);
    const fastest = fastestLaneMs(server.requests, before, started);
    // No candidates, or no published lane asked: nothing to time (counted apart).
    const ratio = run.firstCandidatesMs !== undefined && fastest ? run.firstCandidatesMs / fastest : undefined;
    if (ratio === undefined) untimed++;
    else ratios.push(ratio);
    console.log(`  first candidates ${run.firstCandidatesMs ?? '-'} ms / fastest lane ${fastest ?? '-'} ms = ${ratio?.toFixed(2) ?? 'n/a'}; ` +
      `lanes ${[...new Set(searches.map((r) => r.service))].join(', ') || 'none'}; ${task.claim.slice(0, 70)}`);
    if (trace) {
      for (const r of server.requests.slice(before)) {
        const found = r.found !== undefined ? `, ${r.found} found` : '';
        console.log(`    +${r.at - started} ms ${r.service} ${decodeURIComponent(r.url).slice(0, 160)} → ${r.status ?? '-'} in ${(r.endAt ?? NaN) - r.at} ms${found}`);
      }
    }
  }
  const requests = server.requests.slice(from);
  const breaches = limitBreaches(requests);
  const refused = requests.filter((r) => r.status === 429).length;
  const worst = ratios.length ? Math.max(...ratios).toFixed(2) : 'n/a';
  const total = Object.values(breaches).reduce((a, b) => a + b, 0);
  return `manners: first candidates ÷ fastest lane worst ${worst} (goal ≤ 1.1) over ${ratios.length} claims (${untimed} without candidates or lane); ` +
    `requests breaking a published limit ${total} ${JSON.stringify(breaches)} (goal 0), 429s ${refused}, requests ${requests.length}`;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
