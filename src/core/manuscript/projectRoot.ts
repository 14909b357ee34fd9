// The root file of a manuscript, found the way LaTeX Workshop finds it: a chain of
// `% !TeX root = …` comments followed to its end (a loop stops at the file that closes it), a
// subfile (`\documentclass[../main.tex]{subfiles}`) resolved to its main file, a file with its
// own \documentclass, else the one root in the workspace whose include tree holds the file.
// File access is injected (TexFiles) so every rule is unit-tested without an editor.
import * as path from 'node:path';
import { hasDocumentClass, magicRoot, type TexFiles } from './project';
import { stripComments } from '../latex/hidden';
import { walkIncludes } from './projectTree';

export type RootReason = 'magic comment' | 'subfiles' | 'documentclass' | 'included' | 'only root' | 'itself';

export interface RootFile {
  file: string;
  text: string;
  /** How it was found, for the log. */
  reason: RootReason;
}

/** At most this many links in a chain of magic comments or subfile parents. */
const MAX_CHAIN = 32;

/** The main file named by `\documentclass[main]{subfiles}`, resolved against the subfile's folder. */
export function subfilesParent(text: string, file: string): string | undefined {
  const match = /\\documentclass\s*\[([^\]]+)\]\s*\{subfiles\}/.exec(stripComments(text));
  if (!match) return undefined;
  const named = match[1]!.trim();
  return path.resolve(path.dirname(file), path.extname(named) ? named : named + '.tex');
}

/** Follows magic comments from `file`; undefined when there is none or a link is missing. */
async function followMagicChain(file: string, text: string, files: TexFiles): Promise<{ file: string; text: string } | undefined> {
  // Like LaTeX Workshop, the starting file is not in the chain: a loop ends at the first target seen twice.
  const seen: string[] = [];
  let current: { file: string; text: string } | undefined;
  for (let next = magicRoot(text, file); next !== undefined && seen.length <= MAX_CHAIN; ) {
    const nextText = await files.read(next);
    if (nextText === undefined) return undefined; // a chain to nowhere: LaTeX Workshop drops it too
    current = { file: next, text: nextText };
    if (seen.includes(next)) break; // a loop: the file that closes it is the root
    seen.push(next);
    next = magicRoot(nextText, next);
  }
  return current;
}

/** A subfile's main file, itself a subfile's perhaps; the file itself when it is no subfile. */
async function climbSubfiles(
  start: { file: string; text: string },
  files: TexFiles,
): Promise<{ file: string; text: string; climbed: boolean }> {
  let current = start;
  const seen = new Set([start.file]);
  for (let i = 0; i < MAX_CHAIN; i++) {
    const parent = subfilesParent(current.text, current.file);
    if (!parent || seen.has(parent)) break;
    const parentText = await files.read(parent);
    if (parentText === undefined) break;
    seen.add(parent);
    current = { file: parent, text: parentText };
  }
  return { ...current, climbed: current.file !== start.file };
}

/**
 * The root's text when `file` (whose text is `text`) is another file of its project: a chapter,
 * an included file or a subfile, whose title, abstract and macros are the root's. Undefined for a root.
 */
export async function chapterRootText(file: string, text: string, files: TexFiles): Promise<string | undefined> {
  const root = await resolveRootFile(file, text, files);
  return root.file === file ? undefined : root.text;
}

/** The root file for `file` (whose current text is `text`). */
export async function resolveRootFile(file: string, text: string, files: TexFiles): Promise<RootFile> {
  const magic = await followMagicChain(file, text, files);
  if (magic) {
    const main = await climbSubfiles(magic, files);
    return { file: main.file, text: main.text, reason: main.climbed ? 'subfiles' : 'magic comment' };
  }
  const main = await climbSubfiles({ file, text }, files);
  if (main.climbed) return { file: main.file, text: main.text, reason: 'subfiles' };
  if (hasDocumentClass(text)) return { file, text, reason: 'documentclass' };
  return scanForRoot(file, text, files);
}

/** The workspace's roots (files with a \documentclass that are not subfiles) whose tree holds `file`. */
async function scanForRoot(file: string, text: string, files: TexFiles): Promise<RootFile> {
  const roots: { file: string; text: string }[] = [];
  for (const candidate of await files.list(file)) {
    if (candidate === file) continue;
    const candidateText = await files.read(candidate);
    if (candidateText === undefined || !hasDocumentClass(candidateText) || subfilesParent(candidateText, candidate)) continue;
    roots.push({ file: candidate, text: candidateText });
  }
  for (const root of roots) {
    const tree = await walkIncludes(root.file, root.text, files);
    if (tree.files.some((f) => f.file === file)) return { ...root, reason: 'included' };
  }
  // The one root of the files listed may include it in a way not followed (a macro's \input), if
  // it lies in that root's folder; a file elsewhere is no part of that manuscript.
  const only = roots.length === 1 ? roots[0]! : undefined;
  if (only && isWithin(path.dirname(only.file), file)) return { ...only, reason: 'only root' };
  return { file, text, reason: 'itself' };
}

function isWithin(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** `file` as the root names it: relative to the root's folder, with `/` between folders on every system (as LaTeX writes paths). */
export function pathFromRoot(root: string, file: string): string {
  return path.relative(path.dirname(root), file).split(path.sep).join('/');
}
