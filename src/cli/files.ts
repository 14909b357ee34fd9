// The project's files on disk as the CLI reads and writes them: the `.tex` files under a folder
// for root discovery (core/manuscript/projectFolder.ts), and writes that replace a file whole or
// not at all, through a symbolic link to its target and keeping its mode, and never a file they
// would garble (one not in UTF-8) or one the user marked read-only.
import { access, chmod, constants, lstat, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { applyEdits, type InsertFiles, type PlannedInsert } from '../core/manuscript/insertPlan';
import { projectFolder, readText, sharedFolders, texFilesUnder } from '../core/manuscript/projectFolder';
import { danglingLinkRefusal } from '../core/manuscript/danglingLink';
import { encodingNote, latexSourceVerdict } from '../core/manuscript/latexSource';
import type { TexFiles } from '../core/manuscript/project';
import { FileRefusedError, readInput, UsageError, type CliIo } from './io';


/** Reads files from disk; `list` gives the `.tex` files under `folder`. */
export function diskFiles(folder: string): InsertFiles {
  return {
    read: readText,
    exists: (file) => access(file).then(() => true, () => false),
    list: () => texFilesUnder(folder),
  };
}

/** The LaTeX file a command was given, read, and its project's files (projectFiles). */
export interface LatexProject {
  file: string;
  text: string;
  files: InsertFiles;
}

/**
 * The LaTeX file the user named (`typed`, as typed: the name messages show) and its project; a file
 * that is not LaTeX (binary, UTF-16, no command and no root including it) refused with the reason.
 * `noteTo`'s stderr is told when the file is not UTF-8 and its accented letters are lost to U+FFFD.
 */
export async function latexProject(typed: string, noteTo?: CliIo): Promise<LatexProject> {
  const file = path.resolve(typed);
  const text = await readInput(file, 'LaTeX file');
  // A chapter of prose alone is LaTeX when a root includes it or it names its root (magic comment).
  const files = projectFiles(file, text);
  const verdict = await latexSourceVerdict(file, text, files, typed);
  if (!verdict.ok) throw new UsageError(verdict.reason);
  const note = noteTo && encodingNote(text, typed);
  if (note) noteTo.stderr(`! ${note}\n`);
  return { file, text, files };
}

/**
 * The project around `file` (whose text the caller read: `text`), each file read once (readOnce).
 * Its files are listed from the root's folder, climbed to only when the list is first asked for
 * (a file with a command, or naming its root, is LaTeX without it), by reading the neighbours the
 * include tree reads next.
 */
function projectFiles(file: string, text: string): InsertFiles {
  const read = readOnce(readText, new Map([[file, text]]));
  let folder: Promise<string> | undefined;
  return {
    ...diskFiles(path.dirname(file)),
    read,
    list: async () => texFilesUnder(await (folder ??= projectFolder(file, sharedFolders(), read))),
  };
}

/**
 * Writes `text` to a temporary file beside the file `file` names (a link's target: renaming over
 * the link would leave a copy, and the shared file without the change), with its mode, then
 * renames it over: never half a file.
 */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const target = await existingTarget(file);
  if (target === undefined) await assertNotDangling(file);
  const mode = target === undefined ? undefined : await assertWritable(file, target);
  const destination = target ?? file;
  const temporary = `${destination}.citefinder-${process.pid}.tmp`;
  try {
    // Created with the mode (no moment readable by others), then set again: the umask may have cut it.
    await writeFile(temporary, text, { encoding: 'utf8', mode });
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, destination);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Refuses a file the user cannot write, or marked read-only: no write bit for its owner counts
 * as read-only even for root, who could write it anyway. Gives the file's mode, to keep.
 */
async function assertWritable(file: string, target: string): Promise<number> {
  const mode = (await stat(target)).mode & 0o7777;
  if ((mode & 0o200) !== 0 && (await access(target, constants.W_OK).then(() => true, () => false))) return mode;
  const link = (await lstat(file)).isSymbolicLink() ? ` (a link to "${target}")` : '';
  throw new FileRefusedError(`"${file}"${link} is read-only`);
}

/**
 * Refuses, before anything is written, a file citefinder must not replace: one not in UTF-8 is
 * read with U+FFFD for its other bytes, and writing that back would lose them; one read-only is
 * the user's to keep. A new file passes.
 */
export async function assertEditable(file: string): Promise<void> {
  const target = await existingTarget(file);
  if (target === undefined) return assertNotDangling(file);
  const bytes = await readFile(target);
  // UTF-16 without a byte-order mark decodes as UTF-8 (its ASCII letters beside NUL bytes): no text file has a NUL.
  if (!isUtf8(bytes) || bytes.includes(0)) {
    throw new FileRefusedError(`"${file}" is not UTF-8 (${encodingGuess(bytes)}); citefinder edits UTF-8 files only`);
  }
  await assertWritable(file, target);
}

/** Refuses a symbolic link whose target is missing (core/manuscript/danglingLink.ts says why). */
async function assertNotDangling(file: string): Promise<void> {
  const refusal = await danglingLinkRefusal(file);
  if (refusal) throw new FileRefusedError(refusal);
}

/** Why assertEditable refuses `file`, or undefined when it may be written. */
export async function editRefusal(file: string): Promise<string | undefined> {
  try {
    await assertEditable(file);
    return undefined;
  } catch (error) {
    if (error instanceof FileRefusedError) return error.reason;
    throw error;
  }
}

/** The file a path names, links followed; undefined when there is none yet. */
async function existingTarget(file: string): Promise<string | undefined> {
  try {
    return await realpath(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function encodingGuess(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return 'it looks like UTF-16';
  if (bytes.includes(0)) return 'it has NUL bytes: UTF-16 without a byte-order mark, or not text';
  // Latin-1 leaves 0x80–0x9F to control codes; Windows-1252 puts letters and quotes there.
  return bytes.some((b) => b >= 0x80 && b < 0xa0) ? 'it looks like Windows-1252 or another 8-bit encoding' : 'it looks like Latin-1';
}

/**
 * `read`, each file's first answer kept: what a file held when a batch began, whatever the batch
 * writes since. `known` holds texts the caller already read (the file it was given), not read again.
 */
export function readOnce(read: TexFiles['read'], known: ReadonlyMap<string, string> = new Map()): TexFiles['read'] {
  const first = new Map<string, Promise<string | undefined>>([...known].map(([file, text]) => [file, Promise.resolve(text)]));
  return (file) => {
    if (!first.has(file)) first.set(file, read(file));
    return first.get(file)!;
  };
}

/**
 * An insert's edits on disk, each file replaced whole; `read` gives the text each file's edits were
 * planned on. Every file is checked first: one refused leaves all of them as they were.
 */
export async function writePlan(plan: Pick<PlannedInsert, 'edits' | 'created'>, read: (file: string) => Promise<string>): Promise<void> {
  // A file to create may be a link to nothing: refused too, before anything is written.
  for (const file of plan.edits.keys()) await assertEditable(file);
  for (const [file, edits] of plan.edits) {
    const before = plan.created.includes(file) ? '' : await read(file);
    await writeAtomically(file, applyEdits(before, edits));
  }
}
