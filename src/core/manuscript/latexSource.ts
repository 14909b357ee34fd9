// Is this file part of a LaTeX manuscript? A chapter that holds only prose (no command at all) is
// one when a root \input's / \include's / \subfile's it, or when it names its root in a magic
// comment (`% !TeX root = ../main.tex`), as LaTeX Workshop treats it. Anything else without a
// single command is most likely not LaTeX (a .bib, a README) and is refused with the reason.
import { resolveRootFile } from './projectRoot';
import type { TexFiles } from './project';

export type LatexSourceVerdict =
  | { ok: true; why: 'commands' | 'magic comment' | 'included' | 'subfiles' }
  | { ok: false; reason: string };

export async function latexSourceVerdict(file: string, text: string, files: TexFiles, shownName = file): Promise<LatexSourceVerdict> {
  // UTF-16 read as UTF-8 keeps its letters, each beside a NUL: no command matches, and the encoding is the reason.
  if (text.includes('\0')) return { ok: false, reason: `"${shownName}" is not UTF-8 text (it has NUL bytes: UTF-16, perhaps); save it as UTF-8.` };
  if (/\\[A-Za-z]+/.test(text)) return { ok: true, why: 'commands' };
  const root = await resolveRootFile(file, text, files);
  if (root.reason === 'magic comment' || root.reason === 'included' || root.reason === 'subfiles') return { ok: true, why: root.reason };
  return {
    ok: false,
    reason: `"${shownName}" does not look like LaTeX (no command in it), and no root file includes it or is named in a "% !TeX root = …" magic comment.`,
  };
}
