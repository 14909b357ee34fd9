// The project's files on disk as the CLI reads and writes them: the `.tex` files under a folder
// for root discovery, and writes that replace a file whole or not at all.
import { access, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { InsertFiles } from '../core/manuscript/insertPlan';

/** As many .tex files as the editor's root search takes (workspace.findFiles with a limit of 500). */
const MAX_TEX_FILES = 500;
/** Folders read before the search gives up: a manuscript is never thousands of folders deep. */
const MAX_FOLDERS = 2_000;

/** Reads files from disk; `list` gives the `.tex` files under `folder`. */
export function diskFiles(folder: string): InsertFiles {
  return {
    read: (file) => readFile(file, 'utf8').catch(() => undefined),
    exists: (file) => access(file).then(() => true, () => false),
    list: () => texFilesUnder(folder),
  };
}

/**
 * The `.tex` files under `folder`, nearest first. node_modules and hidden folders (.git, .cache)
 * are never entered and symbolic links never followed, so a folder holding a repository's
 * dependencies or a loop of links is read in the time its manuscript takes.
 */
export async function texFilesUnder(folder: string, limits = { files: MAX_TEX_FILES, folders: MAX_FOLDERS }): Promise<string[]> {
  const found: string[] = [];
  const queue = [folder];
  for (let read = 0; queue.length > 0 && read < limits.folders && found.length < limits.files; read++) {
    const dir = queue.shift()!;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') queue.push(full);
      else if (entry.isFile() && entry.name.endsWith('.tex') && found.length < limits.files) found.push(full);
    }
  }
  return found;
}

/** Writes `text` to a temporary file beside `file`, then renames it over: never half a file. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.citefinder-${process.pid}.tmp`;
  await writeFile(temporary, text, 'utf8');
  await rename(temporary, file);
}
