// Which folder the CLI scans for the root of a file: a chapter in chapters/ is included by the
// main.tex one level up, which a scan of chapters/ alone would never see. LaTeX Workshop scans the
// whole workspace; without one, go up from the file's folder to the nearest folder that holds a
// file with \documentclass (at most a few levels, never past a repository's top). The home folder,
// the temporary folder and the file system's root are no one's manuscript: a stray paper.tex in
// ~ or /tmp must not make the whole of it the project to scan.
import { readdir, readFile, stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import * as path from 'node:path';
import { hasDocumentClass } from '../core/manuscript/project';

const MAX_LEVELS_UP = 3;

/** Folders the climb never enters. */
export function sharedFolders(): string[] {
  return [homedir(), tmpdir()].filter((dir) => dir !== '').map((dir) => path.resolve(dir));
}

export async function projectFolder(file: string, neverScan: string[] = sharedFolders()): Promise<string> {
  let dir = path.dirname(file);
  for (let level = 0; level <= MAX_LEVELS_UP; level++) {
    if (await holdsRoot(dir, file)) return dir;
    const isRepositoryTop = await stat(path.join(dir, '.git')).then(() => true, () => false);
    const parent = path.dirname(dir);
    if (isRepositoryTop || parent === dir || parent === path.parse(parent).root || neverScan.includes(parent)) break;
    dir = parent;
  }
  return path.dirname(file);
}

async function holdsRoot(dir: string, file: string): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const candidate = path.join(dir, name);
    if (!name.endsWith('.tex') || candidate === file) continue;
    const text = await readFile(candidate, 'utf8').catch(() => '');
    if (hasDocumentClass(text)) return true;
  }
  return false;
}
