// The project's files on disk as the CLI reads and writes them: the `.tex` files under a folder
// for root discovery (core/manuscript/projectFolder.ts), and writes that replace a file whole or
// not at all.
import { access, readFile, rename, writeFile } from 'node:fs/promises';
import { applyEdits, type InsertFiles, type PlannedInsert } from '../core/manuscript/insertPlan';
import { texFilesUnder } from '../core/manuscript/projectFolder';


/** Reads files from disk; `list` gives the `.tex` files under `folder`. */
export function diskFiles(folder: string): InsertFiles {
  return {
    read: (file) => readFile(file, 'utf8').catch(() => undefined),
    exists: (file) => access(file).then(() => true, () => false),
    list: () => texFilesUnder(folder),
  };
}

/** Writes `text` to a temporary file beside `file`, then renames it over: never half a file. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.citefinder-${process.pid}.tmp`;
  await writeFile(temporary, text, 'utf8');
  await rename(temporary, file);
}

/** `read`, each file's first answer kept: what a file held when a batch began, whatever the batch writes since. */
export function readOnce(read: (file: string) => Promise<string | undefined>): (file: string) => Promise<string | undefined> {
  const first = new Map<string, Promise<string | undefined>>();
  return (file) => {
    if (!first.has(file)) first.set(file, read(file));
    return first.get(file)!;
  };
}

/** An insert's edits on disk, each file replaced whole; `read` gives the text each file's edits were planned on. */
export async function writePlan(plan: Pick<PlannedInsert, 'edits' | 'created'>, read: (file: string) => Promise<string>): Promise<void> {
  for (const [file, edits] of plan.edits) {
    const before = plan.created.includes(file) ? '' : await read(file);
    await writeAtomically(file, applyEdits(before, edits));
  }
}
