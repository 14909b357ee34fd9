// Runs the real dist/cli.js in a child process with only the given environment (plus PATH and
// HOME), as the CLI tests need it; or keeps what main() prints when a test calls it in-process.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, standInEnv, type StandIn } from '../standin';
import type { CliIo } from '../../src/cli/io';
import { CLI } from './paths';

export { CLI };

/** A CliIo for main() in-process that keeps what it prints on stdout (`out`) and stderr (`err`). */
export interface CapturedIo extends CliIo {
  out: string;
  err: string;
}

export function captured(): CapturedIo {
  const io: CapturedIo = { out: '', err: '', stdout: (t) => void (io.out += t), stderr: (t) => void (io.err += t) };
  return io;
}

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

/** A CLI started in the background, for tests that interrupt it. */
export interface RunningCli {
  child: ChildProcess;
  output(): { stdout: string; stderr: string };
  /** The exit code, listened for from the start: a CLI that ends early cannot be missed. */
  exited: Promise<number | null>;
  /** Resolves once stdout or stderr matches; fails, with the output, if the CLI ends first. */
  printed(pattern: RegExp): Promise<void>;
}

export function startCli(args: string[], env: Record<string, string>): RunningCli {
  const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
  const out = { stdout: '', stderr: '' };
  // 'close', not 'exit': by then every byte the CLI printed has been read.
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => pattern.test(out.stdout) || pattern.test(out.stderr);
      if (check()) return resolve();
      const onData = () => check() && resolve();
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then((code) =>
        check() ? resolve() : reject(new Error(`the CLI ended (${code}) before printing ${pattern}:\n${out.stdout}\n${out.stderr}`)),
      );
    });
  child.stdout.on('data', (chunk: Buffer) => (out.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out.stderr += chunk.toString()));
  return { child, output: () => ({ ...out }), exited, printed };
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
