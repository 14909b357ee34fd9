// Finds the root .tex file of a manuscript and the .bib files it uses, the way LaTeX Workshop
// does: the `% !TeX root` magic comment, then a file with `\documentclass`, then a workspace
// scan; bibliographies from `\bibliography{a,b}` and `\addbibresource{x.bib}`, relative to
// the root's folder. File access is injected so the rules are testable without an editor.
import * as path from 'node:path';
import { latexParser as lp } from 'latex-utensils';
import { stripComments } from '../latex/hidden';
import { usesPackage } from '../latex/packages';
import type { TextEditPlan } from './citeInsert';
import { lineEndingOf, withLineEnding } from '../text/lineEnding';

/** Reads the workspace's .tex files; `list` returns absolute paths. */
export interface TexFiles {
  read(file: string): Promise<string | undefined>;
  /** The project's .tex files; `near`: the file whose root is sought (one outside the workspace has its own folder's). */
  list(near?: string): Promise<string[]>;
}

const MAGIC_ROOT = /^[ \t]*%[ \t]*!\s*tex\s+root\s*=\s*(.+?)\s*$/im;

/** The path named by `% !TeX root = …`, resolved against the file's folder. */
export function magicRoot(text: string, file: string): string | undefined {
  const match = MAGIC_ROOT.exec(text);
  if (!match) return undefined;
  const named = match[1]!;
  const withExtension = path.extname(named) ? named : named + '.tex';
  return path.resolve(path.dirname(file), withExtension);
}

export function hasDocumentClass(text: string): boolean {
  return /\\documentclass\s*(\[[^\]]*\])?\s*\{/.test(stripComments(text));
}

/** The root file for `file`: magic comment, itself if it has \documentclass, else a scan. */
export async function findRootFile(file: string, text: string, files: TexFiles): Promise<string> {
  const magic = magicRoot(text, file);
  if (magic && (await files.read(magic)) !== undefined) return magic;
  if (hasDocumentClass(text)) return file;
  const roots: { file: string; text: string }[] = [];
  for (const candidate of await files.list()) {
    if (candidate === file) continue;
    const candidateText = await files.read(candidate);
    if (candidateText !== undefined && hasDocumentClass(candidateText)) {
      roots.push({ file: candidate, text: candidateText });
    }
  }
  const including = roots.find((root) => includesFile(root.file, root.text, file));
  return including?.file ?? (roots.length === 1 ? roots[0]!.file : file);
}

/** True when `rootText` pulls in `file` with \input, \include, \subfile or \import. */
export function includesFile(rootFile: string, rootText: string, file: string): boolean {
  const dir = path.dirname(rootFile);
  const target = file.replace(/\.tex$/, '');
  return includedNames(stripComments(rootText)).some((named) => path.resolve(dir, named.replace(/\.tex$/, '')) === target);
}

/** File names the text pulls in: \input{f}, \include{f}, \subfile{f}; \import{dir}{f}, \subimport{dir}{f}. */
function includedNames(text: string): string[] {
  const single = /\\(?:input|include|subfile)\s*\{([^}]*)\}/g;
  const withFolder = /\\(?:import|subimport)\s*\{([^}]*)\}\s*\{([^}]*)\}/g;
  return [
    ...[...text.matchAll(single)].map((m) => m[1]!.trim()),
    ...[...text.matchAll(withFolder)].map((m) => path.join(m[1]!.trim(), m[2]!.trim())),
  ];
}

export interface Bibliography {
  /** Absolute .bib paths, in document order, without duplicates. */
  files: string[];
  /** biblatex (\addbibresource) rather than BibTeX (\bibliography). */
  biblatex: boolean;
  natbib: boolean;
}

/** The .bib files the root uses, from its LaTeX AST (regex fallback if it does not parse). */
export function findBibliography(rootFile: string, rootText: string): Bibliography {
  const dir = path.dirname(rootFile);
  const names = bibliographyArguments(rootText);
  const files: string[] = [];
  for (const name of names) {
    const withExtension = name.endsWith('.bib') ? name : name + '.bib';
    const resolved = path.resolve(dir, withExtension);
    if (!files.includes(resolved)) files.push(resolved);
  }
  const uncommented = stripComments(rootText);
  return {
    files,
    biblatex: usesPackage(uncommented, 'biblatex') || /\\addbibresource\b/.test(uncommented),
    natbib: usesPackage(uncommented, 'natbib'),
  };
}


function bibliographyArguments(text: string): string[] {
  const names: string[] = [];
  const add = (command: string, argument: string): void => {
    // `\bibliography{\subfix{bib/refs}}` (subfiles package): the name inside, as LaTeX Workshop reads it.
    const unwrap = (name: string): string => /^\s*\\subfix\s*\{([^{}]*)\}\s*$/.exec(name)?.[1] ?? name;
    const parts = command === 'bibliography' ? argument.split(',') : [argument];
    for (const part of parts.map(unwrap)) if (part.trim()) names.push(part.trim());
  };
  try {
    const ast = lp.parse(text, { timeout: 3000 });
    for (const { node } of lp.findAll(ast.content, lp.isCommand)) {
      if (node.name !== 'bibliography' && node.name !== 'addbibresource') continue;
      const group = node.args.find((a) => a.kind === 'arg.group');
      if (group) add(node.name, lp.stringify(group.content));
    }
  } catch {
    const pattern = /\\(bibliography|addbibresource)\s*(?:\[[^\]]*\])?\s*\{((?:\\subfix\s*\{[^{}]*\}|[^{}])*)\}/g;
    for (const match of stripComments(text).matchAll(pattern)) add(match[1]!, match[2]!);
  }
  return names;
}

/**
 * The edit that makes the root use `bibFile` (a path relative to the root's folder):
 * `\addbibresource{…}` before `\begin{document}` with biblatex, else `\bibliography{…}`
 * (and a style if there is none) before `\end{document}`.
 */
export function bibliographyCommandEdit(rootText: string, bibFile: string, bib: Bibliography): TextEditPlan {
  const relative = bibFile.split(path.sep).join('/');
  if (bib.biblatex) {
    return insertLineBefore(rootText, /\\begin\s*\{document\}/, `\\addbibresource{${relative}}\n`);
  }
  const style = /\\bibliographystyle\s*\{/.test(stripComments(rootText))
    ? ''
    : `\\bibliographystyle{${bib.natbib ? 'plainnat' : 'plain'}}\n`;
  const line = `${style}\\bibliography{${relative.replace(/\.bib$/, '')}}\n`;
  return insertLineBefore(rootText, /\\end\s*\{document\}/, line);
}

/** Inserts `line` at the start of the line matching `anchor`, or appends it when none does; its lines end as the text's do. */
function insertLineBefore(text: string, anchor: RegExp, line: string): TextEditPlan {
  const at = stripComments(text).search(anchor);
  const ending = lineEndingOf(text);
  if (at < 0) {
    const separator = text.endsWith('\n') || text === '' ? '' : '\n';
    return { offset: text.length, deleteLength: 0, insert: withLineEnding(separator + line, ending) };
  }
  return { offset: text.lastIndexOf('\n', at - 1) + 1, deleteLength: 0, insert: withLineEnding(line, ending) };
}
