// `citefinder find --claim … --json` as a new process, timed as a user at a terminal sees it (from
// the spawn to the exit, and to the run's own start), and the one-line summaries of a run the
// pipeline bench (bench/pipeline.ts) prints.
import { spawn } from 'node:child_process';
import type { FindResult } from '../../src/core/types';

export interface CliRun {
  result: FindResult;
  /** Spawn to exit. */
  wallMs: number;
  /** Spawn to the run's start: Node's start-up, the bundle's load, the settings (NaN in-process). */
  startupMs: number;
  /** Wall-clock time the pipeline started (its startedAt). */
  pipelineStart: number;
  /** The process's id, by which a CPU log names it (bench/builds.ts). */
  pid?: number;
}

/** Runs the CLI bundle `cli` on `claim` with `env`; `cpuProfileDir`: a V8 CPU profile of the process is written there. */
export function runFindCli(cli: string, claim: string, env: NodeJS.ProcessEnv, cpuProfileDir?: string): Promise<CliRun> {
  const started = performance.now();
  const spawnedAt = performance.timeOrigin + started;
  return new Promise((resolve, reject) => {
    // 100 µs samples: a warm repeat's pipeline is ~100 ms, too short for the default 1 ms to tell its parts apart.
    const profile = cpuProfileDir ? ['--cpu-prof', '--cpu-prof-interval', '100', '--cpu-prof-dir', cpuProfileDir] : [];
    const child = spawn(process.execPath, [...profile, cli, 'find', '--claim', claim, '--json'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ended = Date.now();
      if (code !== 0) return reject(new Error(`citefinder find exited with ${code}`));
      const result = JSON.parse(out) as FindResult;
      const startupMs = (result.timings.startedAt ?? NaN) - spawnedAt;
      // The run's own start when it reports one; else the exit less the run (which counts the exit's tail in).
      const pipelineStart = result.timings.startedAt ?? ended - result.timings.totalMs;
      resolve({ result, wallMs: performance.now() - started, startupMs, pipelineStart, pid: child.pid });
    });
  });
}

/** The run's stages and their times: "routing 12, search 640, …". */
export function stagesOf(result: FindResult): string {
  return Object.entries(result.timings.stages).map(([k, v]) => `${k} ${v}`).join(', ');
}

/** How many requests went to each service: "arxiv×2, europepmc×3". */
export function summarise(services: string[]): string {
  const counts = new Map<string, number>();
  for (const s of services) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${s}×${n}`).join(', ');
}
