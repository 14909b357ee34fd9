// Which cite command a new citation gets. `auto` (the default) follows the document: the
// parenthetical command its own citations use most (a REVTeX paper loads natbib but writes
// `\cite`; a project citing through `\newcommand{\refp}[1]{\citep{#1}}` writes `\refp`), else
// `\citep` with natbib, `\autocite` with biblatex, `\cite` otherwise. An explicit setting is
// used as written, provided it names a cite command at all.
import { citationMacros, type CitationMacro } from '../latex/citeMacros';
import { citeCommandUses } from '../latex/citeSites';
import { normaliseCiteCommand } from './citeInsert';

export const AUTO_CITE_COMMAND = 'auto';

export interface CitationPackages {
  natbib: boolean;
  biblatex: boolean;
  /** The parenthetical cite command the document's own citations use most (documentCiteCommand). */
  used?: string;
}

/** Commands that cite in brackets (or a footnote); narrative ones (\citet, \textcite) say nothing of the habit. */
const PARENTHETICAL = /^(cite|citep|parencite|autocite|footcite|supercite|smartcite)$/;

/**
 * The parenthetical cite command the texts use most, as written (`\cite`, `\refp`); undefined when
 * they cite nothing. Comments, verbatim and macro definitions are no use.
 */
export function documentCiteCommand(texts: string[]): string | undefined {
  const macros = citationMacros(texts);
  const counts = new Map<string, number>();
  for (const name of citeCommandUses(texts, macros)) {
    if (PARENTHETICAL.test(name) || isKeyOnlyMacro(name, macros)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const [top] = [...counts].sort((a, b) => b[1] - a[1]);
  return top ? `\\${top[0]}` : undefined;
}

/**
 * A project macro a new citation can be written with: `\refp{key}` for `\newcommand{\refp}[1]{\citep{#1}}`.
 * Its body is one parenthetical cite command (perhaps through another such macro), its one
 * braced argument is the key; one that prints more (`see~\citet{#1}`) is not.
 */
function isKeyOnlyMacro(name: string, macros: ReadonlyMap<string, CitationMacro>, depth = 0): boolean {
  const macro = macros.get(name);
  if (!macro?.wraps || depth > 5) return false;
  const braced = macro.parameters.flatMap((kind, index) => (kind === 'mandatory' ? [index + 1] : []));
  if (braced.length !== 1 || !macro.keyParameters.has(braced[0]!)) return false;
  return PARENTHETICAL.test(macro.wraps) || isKeyOnlyMacro(macro.wraps, macros, depth + 1);
}

export interface CiteCommandChoice {
  command: string;
  /** Why `auto` chose it, or why the setting was not used. */
  reason: string;
}

/** The command for `setting` (`auto`, `\citep`, `parencite`, …) in a document using `packages`. */
export function chooseCiteCommand(setting: string, packages: CitationPackages): CiteCommandChoice {
  const trimmed = setting.trim();
  if (trimmed && trimmed.toLowerCase() !== AUTO_CITE_COMMAND) {
    const command = normaliseCiteCommand(trimmed);
    // A setting that is no cite command (`\input`, `\textbf`) would insert something else entirely.
    if (/cite/i.test(command)) return { command, reason: 'citefinder.cite.command' };
    return { ...automatic(packages), reason: `"${trimmed}" is not a cite command, so the document decides` };
  }
  return automatic(packages);
}

function automatic(packages: CitationPackages): CiteCommandChoice {
  if (packages.used) return { command: packages.used, reason: `the document's own citations use ${packages.used}` };
  if (packages.biblatex) return { command: '\\autocite', reason: 'the document uses biblatex' };
  if (packages.natbib) return { command: '\\citep', reason: 'the document uses natbib' };
  return { command: '\\cite', reason: 'the document uses neither natbib nor biblatex' };
}
