// Two builds side by side on a shared machine: the pipeline bench's claims, each run by both builds
// in turn (A, B, B, A, A, B, …) as CLI processes against the same stand-in, so that both see the
// same load. Each turn is a cold run in a fresh cache, then a warm repeat in that cache (a new
// process). Printed per build, as medians over the turns: when the first search request left
// after the claim, first candidates, the total, and the warm repeat's pipeline time and stages.
// Wall-clock ratios on a busy 2-core machine move with the neighbours; paired turns move less, and
// CPU time least: each process's CPU time (user + system, all threads) from the moment the CLI's
// code is loaded to its exit is printed too (a preload reads process.cpuUsage() then and at exit),
// so Node's start-up and the bundle's loading are not in it.
// Usage: node dist/bench/builds.js --against OTHER_DIST [--rounds N] [--claim TEXT]
//   OTHER_DIST: another build's dist folder (e.g. out/before/dist); this build is dist/ beside this file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startStandIn, standInEnv, type StandIn } from '../test/standin';
import { closedPort } from '../test/helpers/ports';
import { lowerMedian as median } from './lib/median';
import { runFindCli } from './lib/findCli';

const CLAIMS = [
  'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.',
  'Genetic variants affecting protein abundance in single yeast cells can be mapped in large populations.',
  'Machine learning models can predict in-hospital mortality from electronic health records.',
];
// The pipeline bench's latencies (bench/pipeline.ts) and arXiv's 3 s spacing.
const LATENCY = { arxiv: 800, europepmc: 600, biorxiv: 300, doi: 300, crossref: 300, datacite: 300, arxivBibtex: 300,
  files: 500, biorxivContent: 500, medrxivContent: 500, dblp: 400, semanticscholar: 500, openalex: 300 };

/**
 * Appends `pid cpuMs` to $CPU_LOG at exit: CPU time since the CLI's code finished loading, cli/main or, for a
 * repeat answered from its kept result, cli/kept (which never loads cli/main: its CPU read NaN).
 */
const PRELOAD = `
const Module = require('node:module');
const load = Module._load;
let start;
Module._load = function (request, ...rest) {
  const loaded = load.call(this, request, ...rest);
  if (start === undefined && /cli[\\/](main|kept)(\\.js)?$/.test(request)) start = process.cpuUsage();
  return loaded;
};
process.on('exit', () => {
  if (start === undefined) return;
  const used = process.cpuUsage(start);
  require('node:fs').appendFileSync(process.env.CPU_LOG, process.pid + ' ' + ((used.user + used.system) / 1000).toFixed(1) + '\\n');
});
`;

interface Turn {
  coldCpuMs: number;
  warmCpuMs: number;
  firstRequestMs: number;
  firstCandidatesMs: number;
  totalMs: number;
  warmMs: number;
  warmRequests: number;
  warmStages: Record<string, number>;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { against: { type: 'string' }, rounds: { type: 'string' }, claim: { type: 'string' } } });
  if (!values.against) throw new Error('usage: node dist/bench/builds.js --against OTHER_DIST [--rounds N] [--claim TEXT]');
  const builds = { A: resolve(values.against, 'cli.js'), B: join(__dirname, '..', 'cli.js') };
  const rounds = Math.max(1, Number(values.rounds ?? 4) || 4);
  const standIn = await startStandIn({
    latency: LATENCY, arxivSpacingMs: 3000, anyPreprintPdf: true, preprintJats: true, openAccessJats: true,
  });
  const home = mkdtempSync(join(tmpdir(), 'citefinder-builds-'));
  const preload = join(home, 'cpu.js');
  writeFileSync(preload, PRELOAD);
  const env = { ...process.env, ...standInEnv(standIn), CITEFINDER_GROBID_URL: `http://127.0.0.1:${await closedPort()}`,
    XDG_CACHE_HOME: home, CITEFINDER_LLM_MODEL: '', NODE_OPTIONS: `--require ${preload}`, CPU_LOG: join(home, 'cpu.log') };
  console.log(`A = ${builds.A}\nB = ${builds.B}`);
  try {
    for (const claim of values.claim ? [values.claim] : CLAIMS) {
      const turns: Record<'A' | 'B', Turn[]> = { A: [], B: [] };
      for (let round = 0; round < rounds; round++) {
        // A B, then B A: neither build always runs right after the other's arXiv request or its disk writes.
        for (const name of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
          turns[name].push(await turn(builds[name], claim, standIn, { ...env, CITEFINDER_CACHE_DIR: mkdtempSync(join(home, 'cache-')) }));
        }
      }
      console.log(`\n${claim}`);
      for (const name of ['A', 'B'] as const) console.log(`  ${name}: ${summary(turns[name])}`);
    }
  } finally {
    await standIn.close();
    rmSync(home, { recursive: true, force: true });
  }
}

async function turn(cli: string, claim: string, standIn: StandIn, env: NodeJS.ProcessEnv): Promise<Turn> {
  const from = standIn.requests.length;
  const cold = await runFindCli(cli, claim, env);
  const pipelineStart = cold.pipelineStart;
  const search = standIn.requests.slice(from).find((r) => ['arxiv', 'europepmc'].includes(r.service));
  const before = standIn.requests.length;
  const warm = await runFindCli(cli, claim, env);
  return {
    coldCpuMs: cpuOf(cold.pid, env.CPU_LOG!),
    warmCpuMs: cpuOf(warm.pid, env.CPU_LOG!),
    firstRequestMs: search ? Math.max(0, search.at - pipelineStart) : NaN,
    firstCandidatesMs: cold.result.timings.firstCandidatesMs ?? NaN,
    totalMs: cold.result.timings.totalMs,
    warmMs: warm.result.timings.totalMs,
    warmRequests: standIn.requests.length - before,
    warmStages: warm.result.timings.stages,
  };
}

function cpuOf(pid: number | undefined, log: string): number {
  const line = readFileSync(log, 'utf8').split('\n').find((l) => l.startsWith(`${pid} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}

function summary(turns: Turn[]): string {
  const med = (f: (t: Turn) => number) => median(turns.map(f)).toFixed(0);
  const stages = Object.keys(turns[0]?.warmStages ?? {}).map((stage) => `${stage} ${med((t) => t.warmStages[stage] ?? NaN)}`).join(', ');
  return `cold: first request +${med((t) => t.firstRequestMs)} ms, first candidates ${med((t) => t.firstCandidatesMs)} ms, ` +
    `total ${med((t) => t.totalMs)} ms, CPU ${med((t) => t.coldCpuMs)} ms; warm repeat ${med((t) => t.warmMs)} ms, CPU ${med((t) => t.warmCpuMs)} ms ` +
    `(each: ${turns.map((t) => t.warmMs).join(' ')}; requests ${turns.reduce((n, t) => n + t.warmRequests, 0)}; stages ${stages}) — medians of ${turns.length}`;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
