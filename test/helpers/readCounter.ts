// Counts the files an in-process CLI run reads through node:fs/promises' readFile, so a test can say
// that each file of a project is read once. The CLI's own `readFile` calls go through this module
// object (the bundle keeps node built-ins as they are), so replacing its method sees every read.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixturePath } from '../standin/server';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const fsPromises = require('node:fs/promises') as { readFile: (...args: unknown[]) => Promise<unknown> };

export interface CountedProject {
  /** A copy of the coverage fixture (arXiv:2212.11826's main.tex and intro.tex). */
  dir: string;
  /** Every path read since the project was made, in order. */
  reads: string[];
  /** How many times the project's file `name` was read. */
  readsOf(name: string): number;
  /** Puts readFile back and removes the copy. */
  close(): void;
}

/** Copies the coverage fixture to a temporary folder and counts reads until close(). */
export function countedProject(prefix: string): CountedProject {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(fixturePath('coverage', 'qpk'), dir, { recursive: true });
  const realReadFile = fsPromises.readFile;
  const reads: string[] = [];
  fsPromises.readFile = (file: unknown, ...rest: unknown[]) => {
    reads.push(String(file));
    return realReadFile(file, ...rest);
  };
  return {
    dir,
    reads,
    readsOf: (name) => reads.filter((file) => file === join(dir, name)).length,
    close: () => {
      fsPromises.readFile = realReadFile;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
