// Fault benchmark: `citefinder find --json` as a CLI process with the default settings (10 s
// timeouts, 3 retries, run.deadlineMs 25 s, full text through GROBID) against the stand-in with
// realistic latencies and arXiv's 3 s spacing enforced, while one service at a time is dead
// (it hangs, resets connections, or answers 5xx / 429 / an endless body). Reports each run's wall
// time (process start to exit), the requests the dead service got, and the worst case.
//   goal: no run over 30 s with any single service dead
// Usage: node dist/bench/faults.js [--faults hang,reset,...] [--services arxiv,doi,...]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startStandIn, standInEnv, type StandIn } from '../test/standin';
import { installGrobid } from '../test/standin/grobid';
import { installOpenAi } from '../test/standin/openai';
import { injectFault, type Fault, type InjectedFault } from '../test/standin/faults';
import type { StandInService } from '../test/standin/server';
import type { FindResult } from '../src/core/types';

const CLI = join(__dirname, '..', 'cli.js');
const GOAL_MS = 30_000;
const SUPERNOVA = 'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.';
const YEAST = 'Genetic variants affecting protein abundance in single yeast cells can be mapped in large populations.';

/** Each service with a claim whose run depends on it. */
const SERVICES: { service: StandInService; claim: string; llm?: boolean }[] = [
  { service: 'arxiv', claim: SUPERNOVA },
  { service: 'europepmc', claim: YEAST },
  { service: 'biorxiv', claim: YEAST },
  { service: 'doi', claim: SUPERNOVA },
  { service: 'crossref', claim: SUPERNOVA },
  { service: 'arxivBibtex', claim: SUPERNOVA },
  { service: 'biorxivContent', claim: YEAST },
  { service: 'grobid', claim: YEAST },
  { service: 'openai', claim: SUPERNOVA, llm: true },
];
const DEFAULT_FAULTS: Fault[] = ['hang', 'reset', '500', '503-retry-after', '429', 'endless'];

interface Row {
  case: string;
  wallMs: number;
  code: number | null;
  requests: number;
  candidates: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { faults: { type: 'string' }, services: { type: 'string' } } });
  const faults = (values.faults?.split(',') as Fault[] | undefined) ?? DEFAULT_FAULTS;
  const services = values.services ? SERVICES.filter((s) => values.services!.split(',').includes(s.service)) : SERVICES;
  const home = mkdtempSync(join(tmpdir(), 'citefinder-bench-faults-'));
  const rows: Row[] = [];
  try {
    for (const { service, claim, llm } of services) {
      rows.push(await runCase(`${service} healthy`, service, undefined, claim, llm, home));
      for (const fault of faults) rows.push(await runCase(`${service} × ${fault}`, service, fault, claim, llm, home));
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  const faulty = rows.filter((r) => !r.case.endsWith('healthy'));
  const worst = faulty.reduce((a, b) => (b.wallMs > a.wallMs ? b : a), faulty[0]!);
  const over = faulty.filter((r) => r.wallMs > GOAL_MS);
  console.log(`\nworst run with one service dead: ${(worst.wallMs / 1000).toFixed(1)} s (${worst.case}); goal < ${GOAL_MS / 1000} s` +
    `${over.length ? `; OVER THE GOAL: ${over.map((r) => r.case).join(', ')}` : '; every run within the goal'}`);
  const failed = rows.filter((r) => r.code !== 0);
  if (failed.length) console.log(`runs that did not exit 0: ${failed.map((r) => `${r.case} (${r.code})`).join(', ')}`);
}

async function runCase(
  name: string,
  service: StandInService,
  fault: Fault | undefined,
  claim: string,
  llm: boolean | undefined,
  home: string,
): Promise<Row> {
  const standIn = await startStandIn({
    latency: { arxiv: 800, europepmc: 600, biorxiv: 300, doi: 300, arxivBibtex: 300, files: 500, biorxivContent: 500, medrxivContent: 500 },
    arxivSpacingMs: 3000,
    anyPreprintPdf: true,
  });
  installGrobid(standIn).setMode('slow', { slowMs: 1500 });
  if (llm)
    installOpenAi(standIn, {
      reply: () => JSON.stringify({ discipline: 'physics', primary: 'arxiv', secondary: 'biorxiv', reason: 'x', confidence: 0.9 }),
    });
  let injected: InjectedFault | undefined;
  if (fault) injected = injectFault(standIn, service, fault);
  const cacheDir = mkdtempSync(join(home, 'cache-'));
  try {
    const started = performance.now();
    const { code, result } = await runCli(claim, standIn, home, cacheDir, llm);
    const row: Row = {
      case: name,
      wallMs: performance.now() - started,
      code,
      requests: standIn.requests.filter((r) => r.service === service).length,
      candidates: result?.candidates.length ?? 0,
    };
    const named = result?.warnings.filter((w) => /skipped for the rest|deadline|could not be searched|The LLM at/.test(w)) ?? [];
    console.log(
      `${name.padEnd(32)} ${(row.wallMs / 1000).toFixed(1).padStart(5)} s  exit ${code}  ${String(row.requests).padStart(3)} requests to ${service}` +
        `  ${row.candidates} candidates${named.length ? `  | ${named[0]!.slice(0, 110)}` : ''}`,
    );
    return row;
  } finally {
    injected?.release();
    await standIn.close();
  }
}

function runCli(
  claim: string,
  standIn: StandIn,
  home: string,
  cacheDir: string,
  llm: boolean | undefined,
): Promise<{ code: number | null; result?: FindResult }> {
  const env = {
    ...process.env,
    ...standInEnv(standIn),
    XDG_CACHE_HOME: home, // the arXiv timetable these processes share, as a user's would
    CITEFINDER_CACHE_DIR: cacheDir,
    CITEFINDER_LLM_MODEL: llm ? 'stand-in-model' : '',
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'find', '--claim', claim, '--json'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      let result: FindResult | undefined;
      try {
        result = JSON.parse(out) as FindResult;
      } catch {
        result = undefined;
      }
      resolve({ code, result });
    });
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
