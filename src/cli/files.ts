// The project's files on disk as the CLI reads and writes them: the `.tex` files under a folder
// for root discovery, and writes that replace a file whole or not at all.
import { access, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { InsertFiles } from '../core/manuscript/insertPlan';

/** Reads files from disk; `list` gives the `.tex` files under `folder` (node_modules left out). */
export function diskFiles(folder: string): InsertFiles {
  return {
    read: (file) => readFile(file, 'utf8').catch(() => undefined),
    exists: (file) => access(file).then(() => true, () => false),
    async list() {
      const entries = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
      return entries.filter((e) => e.endsWith('.tex') && !e.split(path.sep).includes('node_modules')).map((e) => path.join(folder, e));
    },
  };
}

/** Writes `text` to a temporary file beside `file`, then renames it over: never half a file. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.citefinder-${process.pid}.tmp`;
  await writeFile(temporary, text, 'utf8');
  await rename(temporary, file);
}
