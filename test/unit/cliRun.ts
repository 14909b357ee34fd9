// Runs the real dist/cli.js in a child process with only the given environment (plus PATH and
// HOME), as the CLI tests need it.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

export const CLI = resolve(__dirname, '..', '..', '..', 'dist', 'cli.js');

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
