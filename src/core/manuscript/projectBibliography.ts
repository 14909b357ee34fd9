// The bibliography of a whole manuscript: `\bibliography{a,b}`, `\addbibresource[…]{x.bib}` (and
// biblatex's \addglobalbib / \addsectionbib) in the root or in any file it includes, resolved
// like LaTeX Workshop does (against the root's folder, then the including file's). What cannot
// take new entries — a remote resource, a URL, another datatype, a glob, a name built by a macro —
// is reported as skipped with the reason. Also: which citation package is in use, and the edit
// that makes the manuscript use one more .bib.
import * as path from 'node:path';
import { bibliographyCommandEdit, type Bibliography } from './project';
import { blankHiddenText } from '../latex/hidden';
import { usesPackage } from '../latex/packages';
import type { TextEditPlan } from './citeInsert';
import { lineEndingOf, withLineEnding } from '../text/lineEnding';
import type { ProjectTree } from './projectTree';
import { pathFromRoot } from './projectRoot';

export interface BibliographyCommand {
  /** The .tex file that holds it. */
  file: string;
  command: string;
  /** Offsets of the key group's content `{…}` in that file's text. */
  argumentStart: number;
  argumentEnd: number;
}

export interface SkippedResource {
  name: string;
  /** The .tex file that names it. */
  file: string;
  reason: string;
}

export interface ProjectBibliography extends Bibliography {
  skipped: SkippedResource[];
  commands: BibliographyCommand[];
  /** Named .bib files (of `files`) found nowhere in the project: perhaps the TeX installation's (IEEEabrv, a ~/texmf library). */
  missing: string[];
}

/** Classes that load natbib themselves. */
const NATBIB_CLASSES = /^(elsarticle|aastex\d*|revtex4(-\d)?)$/;
// The argument may be wrapped in the subfiles package's \subfix{…} (a path that works from the
// subfile and from the main file): read as LaTeX Workshop reads it, the name inside.
const COMMAND = /\\(bibliography|nobibliography|addbibresource|addglobalbib|addsectionbib)\s*(\[[^\]]*\])?\s*\{((?:\\subfix\s*\{[^{}]*\}|[^{}])*)\}/g;

/** `\subfix{bib/refs}` → `bib/refs`; any other name as it is. */
export function unwrapSubfix(name: string): string {
  return /^\s*\\subfix\s*\{([^{}]*)\}\s*$/.exec(name)?.[1] ?? name;
}


/** Why a resource cannot take new entries, or undefined when it is a local .bib file. */
function skipReason(name: string, options: string): string | undefined {
  if (/\blocation\s*=\s*remote\b/.test(options)) return 'a remote resource (location=remote)';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(name)) return 'a URL, not a local file';
  const datatype = /\bdatatype\s*=\s*([A-Za-z]+)/.exec(options)?.[1];
  if (datatype && datatype.toLowerCase() !== 'bibtex') return `not a BibTeX file (datatype=${datatype})`;
  if (/\bglob\b/.test(options) || /[*?]/.test(name)) return 'a glob pattern';
  if (name.includes('\\')) return 'a name built by a macro';
  return undefined;
}

/** Every bibliography command of the tree, the .bib files they name and the packages in use. */
export async function findProjectBibliography(tree: ProjectTree, exists: (file: string) => Promise<boolean>): Promise<ProjectBibliography> {
  const rootDir = path.dirname(tree.root);
  const result: ProjectBibliography = { files: [], biblatex: false, natbib: false, skipped: [], commands: [], missing: [] };
  for (const { file, text } of tree.files) {
    // What \iffalse or a comment environment hides names no bibliography the PDF uses.
    const uncommented = blankHiddenText(text);
    result.biblatex ||= usesPackage(uncommented, /^biblatex(-.+)?$/) || /\\addbibresource\b/.test(uncommented);
    result.natbib ||= usesPackage(uncommented, /^natbib$/);
    const documentClass = /\\documentclass\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}/.exec(uncommented)?.[1]?.trim();
    if (documentClass && NATBIB_CLASSES.test(documentClass)) result.natbib = true;
    for (const match of uncommented.matchAll(COMMAND)) {
      const command = match[1]!;
      const options = match[2] ?? '';
      const argument = match[3]!;
      const argumentEnd = match.index + match[0].length - 1;
      result.commands.push({ file, command, argumentStart: argumentEnd - argument.length, argumentEnd });
      const names = command === 'bibliography' || command === 'nobibliography' ? argument.split(',') : [argument];
      for (const raw of names.map((n) => unwrapSubfix(n).trim()).filter(Boolean)) {
        const reason = skipReason(raw, options);
        if (reason) {
          result.skipped.push({ name: raw, file, reason });
          continue;
        }
        const resolved = await resolveBib(raw, [rootDir, path.dirname(file)], exists);
        if (result.files.includes(resolved.file)) continue;
        result.files.push(resolved.file);
        if (!resolved.exists) result.missing.push(resolved.file);
      }
    }
  }
  return result;
}

/** The first of `dirs` where `name`(.bib) exists, else the path in the root's folder. */
async function resolveBib(
  name: string,
  dirs: string[],
  exists: (file: string) => Promise<boolean>,
): Promise<{ file: string; exists: boolean }> {
  const withExtension = name.endsWith('.bib') ? name : name + '.bib';
  const candidates = [...new Set(dirs.map((dir) => path.resolve(dir, withExtension)))];
  for (const candidate of candidates) if (await exists(candidate)) return { file: candidate, exists: true };
  return { file: candidates[0]!, exists: false };
}

/**
 * The named .bib files a new entry may go to: those in the project. A name found nowhere in it is
 * most likely one BibTeX finds in the TeX installation (IEEEabrv, a ~/texmf library): a new file
 * of that name beside the root would hide it, and all its entries and @strings with it. Only when
 * no named file exists, every named one (the first is then created).
 */
export function entryTargets(bibliography: ProjectBibliography): string[] {
  const existing = bibliography.files.filter((file) => !bibliography.missing.includes(file));
  return existing.length ? existing : bibliography.files;
}

export interface BibliographyLineEdit {
  /** The .tex file to change. */
  file: string;
  edit: TextEditPlan;
  /** What it adds, for the question put to the user, e.g. `\addbibresource{refs/new.bib}`. */
  describe: string;
}

/**
 * The edit that makes the manuscript use `bibFile` as well: with biblatex a new
 * `\addbibresource` line after the last one (wherever it is); with BibTeX the name added to the
 * existing `\bibliography{…}` (BibTeX takes one), or a new \bibliography line when there is none.
 */
export function addBibliographyEdit(tree: ProjectTree, bibliography: ProjectBibliography, bibFile: string): BibliographyLineEdit {
  const relative = pathFromRoot(tree.root, bibFile);
  const textOf = (file: string): string => tree.files.find((f) => f.file === file)?.text ?? '';
  if (bibliography.biblatex) {
    const last = bibliography.commands.filter((c) => c.command === 'addbibresource').at(-1);
    const line = `\\addbibresource{${relative}}`;
    if (last) {
      const text = textOf(last.file);
      const lineEnd = text.indexOf('\n', last.argumentEnd);
      const offset = lineEnd < 0 ? text.length : lineEnd + 1;
      const insert = withLineEnding(lineEnd < 0 ? `\n${line}\n` : `${line}\n`, lineEndingOf(text));
      return { file: last.file, edit: { offset, deleteLength: 0, insert }, describe: line };
    }
  } else {
    const existing = bibliography.commands.find((c) => c.command === 'bibliography');
    const name = relative.replace(/\.bib$/, '');
    if (existing) {
      const current = textOf(existing.file).slice(existing.argumentStart, existing.argumentEnd);
      const insert = current.trim() ? `,${name}` : name;
      return {
        file: existing.file,
        edit: { offset: existing.argumentEnd, deleteLength: 0, insert },
        describe: `${name} in \\bibliography{${current.trim() ? current.trim() + ',' : ''}${name}}`,
      };
    }
  }
  const edit = bibliographyCommandEdit(textOf(tree.root), relative, bibliography);
  return { file: tree.root, edit, describe: edit.insert.trim().split('\n').at(-1)! };
}
