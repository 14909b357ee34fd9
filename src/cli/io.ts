// What every CLI command shares: its options, its output streams, and the error for input the
// user must fix. Kept apart from main.ts, which dispatches to the commands.
import { readFile } from 'node:fs/promises';
import { notUtf8TextReason } from '../core/manuscript/utf8Text';

/** Input the user must fix; printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * The command line itself is wrong (an unknown option, a missing value, a file too many): said with the
 * command's usage line. A file that cannot be read or used is a plain UsageError, said alone: the
 * command was typed right, and the whole usage would bury the line that names the file.
 */
export class ArgumentError extends UsageError {
  override name = 'ArgumentError';
}

/** A file citefinder will not write (not UTF-8, read-only): said alone, nothing written, exit code 2. */
export class FileRefusedError extends UsageError {
  override name = 'FileRefusedError';
  /** @param reason why the file is refused (`"refs.bib" is read-only`), said with "nothing was written". */
  constructor(readonly reason: string) {
    super(`${reason}; nothing was written.`);
  }
}

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export interface CliOptions {
  claim?: string;
  contextFile?: string;
  config?: string;
  json: boolean;
  pdf?: string;
  tei?: string;
  /** A bioRxiv/medRxiv JATS full text (`.source.xml`), for `score`. */
  jats?: string;
  /** A year range for this search (overrides `search.years`). */
  years?: string;
}

/** Why a file the user named cannot be read, in words; any other system error is said by its code. */
const UNREADABLE: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of its path is a file, not a folder',
  ELOOP: 'its symbolic links go round in a loop',
};

/**
 * The one line every command gives for a file the user named that cannot be read, `what` saying
 * which kind (`Cannot read PDF file "/home/me/paper.pdf": no such file.`): said alone, exit code 2.
 */
export function unreadableFile(what: string, path: string, error: unknown): UsageError {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === undefined ? (error as Error).message : (UNREADABLE[code] ?? code);
  return new UsageError(`Cannot read ${what} "${path}": ${why}.`);
}

/** Reads a file the user named as UTF-8 text (what is not UTF-8 reads as U+FFFD), turning the system error into a sentence. */
export async function readInput(path: string, what: string): Promise<string> {
  // As readFile(path, 'utf8') decodes: a BOM kept, invalid bytes replaced alike.
  return Buffer.from(await readInputBytes(path, what)).toString('utf8');
}

/** readInput's bytes: for a file that may be binary (a PDF), whose text is decoded by what reads it. */
export async function readInputBytes(path: string, what: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    throw unreadableFile(what, path, error);
  }
}

/** find's --context-file: read as readInput reads, and refused in one line when it is not text (binary, UTF-16). */
export async function readContextFile(path: string): Promise<string> {
  const text = await readInput(path, 'context file');
  const notText = notUtf8TextReason(text, path);
  if (notText) throw new UsageError(notText);
  return text;
}

export function requireClaim(claim: string | undefined): string {
  if (claim === undefined) throw new ArgumentError('Missing --claim TEXT: the sentence or sentences to find citations for.');
  if (!claim.trim()) throw new ArgumentError('The claim is empty: pass the sentence or sentences to find citations for.');
  return claim;
}
