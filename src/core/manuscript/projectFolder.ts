// Which folder is scanned for the root of a file outside any workspace (the CLI's, or one the
// editor opened from elsewhere), and its .tex files: a chapter in chapters/ is included by the
// main.tex one level up, which a scan of chapters/ alone would never see. LaTeX Workshop scans the
// whole workspace; without one, go up from the file's folder to the nearest folder that holds a
// file with \documentclass (at most a few levels, never past a repository's top). The home folder,
// the temporary folder and the file system's root are no one's manuscript: a stray paper.tex in
// ~ or /tmp must not make the whole of it the project to scan.
import { readdir, readFile, stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import * as path from 'node:path';
import { hasDocumentClass, type TexFiles } from './project';

const MAX_LEVELS_UP = 3;

/** Folders the climb never enters. */
export function sharedFolders(): string[] {
  return [homedir(), tmpdir()].filter((dir) => dir !== '').map((dir) => path.resolve(dir));
}

/** A file's text from disk; undefined when it cannot be read. */
export const readText: TexFiles['read'] = (file) => readFile(file, 'utf8').catch(() => undefined);

/** `read`: a caller that reads the project next passes its own, so no file is read twice. */
export async function projectFolder(file: string, neverScan: string[] = sharedFolders(), read: TexFiles['read'] = readText): Promise<string> {
  let dir = path.dirname(file);
  for (let level = 0; level <= MAX_LEVELS_UP; level++) {
    if (await holdsRoot(dir, file, read)) return dir;
    const isRepositoryTop = await stat(path.join(dir, '.git')).then(() => true, () => false);
    const parent = path.dirname(dir);
    if (isRepositoryTop || parent === dir || parent === path.parse(parent).root || neverScan.includes(parent)) break;
    dir = parent;
  }
  return path.dirname(file);
}

async function holdsRoot(dir: string, file: string, read: TexFiles['read']): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const candidate = path.join(dir, name);
    if (!name.endsWith('.tex') || candidate === file) continue;
    if (hasDocumentClass((await read(candidate)) ?? '')) return true;
  }
  return false;
}

/** As many .tex files as the editor's root search takes (workspace.findFiles with a limit of 500). */
const MAX_TEX_FILES = 500;
/** Folders read before the search gives up: a manuscript is never thousands of folders deep. */
const MAX_FOLDERS = 2_000;

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
