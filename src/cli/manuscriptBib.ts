// `bib check main.tex` and `refs check main.tex` on a manuscript that cites from .bib files
// (\bibliography, \addbibresource, in the root or any file it includes): those files are checked,
// as the editor's Check Bibliography checks the open manuscript's. A project with a
// thebibliography of its own is read as a reference list instead (referenceFile.ts).
import * as path from 'node:path';
import { hasThebibliography } from '../core/references/bibitems';
import { citedKeys } from '../core/latex/citeSites';
import { resolveRootFile } from '../core/manuscript/projectRoot';
import { walkIncludes } from '../core/manuscript/projectTree';
import { findProjectBibliography } from '../core/manuscript/projectBibliography';
import { diskFiles, latexProject } from './files';
import { UsageError, type CliIo } from './io';

/**
 * Where a manuscript's references are: its .bib files, with the keys it cites (`cited`; undefined
 * after a `\\nocite{*}`: every entry), or the .tex file holding its thebibliography.
 */
export type ManuscriptReferences = { bibFiles: string[]; rootDir: string; cited?: Set<string> } | { listFile: string; rootDir: string };

/**
 * Where the references of the manuscript `tex` are (its project's, when it is a chapter): the .bib
 * files it cites from that exist (a missing one is said on stderr), or the file that writes a
 * thebibliography. Neither: a UsageError saying so.
 */
export async function manuscriptReferences(tex: string, io: CliIo): Promise<ManuscriptReferences> {
  // A binary, UTF-16 or non-LaTeX file gets audit's and coverage's verdict, not "no references found".
  const { file, text, files } = await latexProject(tex);
  if (hasThebibliography(text)) return { listFile: file, rootDir: path.dirname(file) };
  // The texts that check read are not read again; the root is sought among the file's own folder's .tex files.
  const disk = { ...diskFiles(path.dirname(file)), read: files.read };
  const root = await resolveRootFile(file, text, disk);
  const tree = await walkIncludes(root.file, root.text, disk);
  const [listed, ...others] = tree.files.filter((f) => hasThebibliography(f.text));
  if (listed) {
    // One list is checked per run (chapterbib, a thesis's per-chapter lists): the others are named, never skipped silently.
    const rootDir = path.dirname(root.file);
    if (others.length) io.stderr(`! ${others.length} more thebibliography in ${others.map((f) => shown(f.file, rootDir)).join(', ')}: check each with refs check FILE.tex.\n`);
    return { listFile: listed.file, rootDir };
  }
  const bibliography = await findProjectBibliography(tree, disk.exists);
  const bibFiles: string[] = [];
  for (const bib of bibliography.files) {
    if (await disk.exists(bib)) bibFiles.push(bib);
    else io.stderr(`! The manuscript names "${shown(bib)}", which does not exist: it is left out.\n`);
  }
  if (bibFiles.length > 0) return { bibFiles, rootDir: path.dirname(root.file), cited: citedKeys(tree.files) };
  const why = bibliography.files.length ? 'none of the .bib files it names exists' : 'it names no .bib file (no \\bibliography or \\addbibresource)';
  throw new UsageError(`No references found for "${tex}": ${why}, and it has no thebibliography.`);
}

/** A path as the writer would type it from `from` (here, by default). */
export function shown(file: string, from = process.cwd()): string {
  return path.relative(from, file) || file;
}
