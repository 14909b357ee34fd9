// Is this file part of a LaTeX manuscript? A chapter that holds only prose (no command at all) is
// one when a root \input's / \include's / \subfile's it, or when it names its root in a magic
// comment (`% !TeX root = ../main.tex`), as LaTeX Workshop treats it. Anything else without a
// single command is most likely not LaTeX (a .bib, a README) and is refused with the reason.
import { resolveRootFile } from './projectRoot';
import { notUtf8TextReason } from './utf8Text';
import type { TexFiles } from './project';

export type LatexSourceVerdict =
  | { ok: true; why: 'commands' | 'magic comment' | 'included' | 'subfiles' }
  | { ok: false; reason: string };

/**
 * A file read as UTF-8 that was not (Latin-1 with `\usepackage[latin1]{inputenc}`, Windows-1252): it is read
 * all the same, its accented letters each one U+FFFD, and the reader must be told, as those words then
 * match nothing. Undefined for a UTF-8 file.
 */
export function encodingNote(text: string, shownName: string): string | undefined {
  if (!text.includes('\uFFFD')) return undefined;
  return `"${shownName}" is not UTF-8 (Latin-1, perhaps): its accented letters are read as "\uFFFD" and match nothing; save it as UTF-8 to keep them.`;
}

export async function latexSourceVerdict(file: string, text: string, files: TexFiles, shownName = file): Promise<LatexSourceVerdict> {
  const notText = notUtf8TextReason(text, shownName);
  if (notText) return { ok: false, reason: notText };
  if (/\\[A-Za-z]+/.test(text)) return { ok: true, why: 'commands' };
  const root = await resolveRootFile(file, text, files);
  if (root.reason === 'magic comment' || root.reason === 'included' || root.reason === 'subfiles') return { ok: true, why: root.reason };
  return {
    ok: false,
    reason: `"${shownName}" does not look like LaTeX (no command in it), and no root file includes it or is named in a "% !TeX root = …" magic comment.`,
  };
}
