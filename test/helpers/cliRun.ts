// Runs the real dist/cli.js in a child process with only the given environment (plus PATH and
// HOME), as the CLI tests need it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, standInEnv, type StandIn } from '../standin';
import { CLI } from './paths';

export { CLI };


export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, maxBuffer: 1 << 24 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

export interface CliStandIn {
  standIn: StandIn;
  /** A fresh temporary folder (the CLI's cache is in `.cache` below it). */
  dir: string;
  /** The CITEFINDER_* variables that point the CLI at the stand-in, without pacing or retries. */
  env: Record<string, string>;
}

/** The stand-in services and a temporary folder for one CLI test. */
export async function startCliStandIn(prefix: string, extraEnv: Record<string, string> = {}): Promise<CliStandIn> {
  const standIn = await startStandIn();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const env = { ...standInEnv(standIn), CITEFINDER_CACHE_DIR: join(dir, '.cache'), CITEFINDER_SOURCES_ARXIV_INTERVALMS: '0', CITEFINDER_SOURCES_DBLP_INTERVALMS: '0', CITEFINDER_HTTP_RETRIES: '0', ...extraEnv };
  return { standIn, dir, env };
}

export async function stopCliStandIn(cli: CliStandIn | undefined): Promise<void> {
  await cli?.standIn.close();
  if (cli) rmSync(cli.dir, { recursive: true, force: true });
}
