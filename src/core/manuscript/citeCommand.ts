// Which cite command a new citation gets. `auto` (the default) follows the document: `\citep`
// with natbib, `\autocite` with biblatex, `\cite` otherwise. An explicit setting is used as
// written, provided it names a cite command at all.
import { normaliseCiteCommand } from './citeInsert';

export const AUTO_CITE_COMMAND = 'auto';

export interface CitationPackages {
  natbib: boolean;
  biblatex: boolean;
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
  if (packages.biblatex) return { command: '\\autocite', reason: 'the document uses biblatex' };
  if (packages.natbib) return { command: '\\citep', reason: 'the document uses natbib' };
  return { command: '\\cite', reason: 'the document uses neither natbib nor biblatex' };
}
