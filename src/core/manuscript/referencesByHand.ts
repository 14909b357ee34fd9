// A manuscript whose references are written by hand in a thebibliography (a physics letter's
// \bibitem list, a .bbl pasted in for arXiv) and that names no .bib: an insert has no .bib to add
// its entry to, and a \bibliography line added beside the list would print a second reference
// list. The CLI's inserts refuse such a project and say where its list is.
import * as path from 'node:path';
import { blankHiddenText } from '../latex/hidden';
import { lineStarts, positionOf } from '../latex/lines';
import type { ProjectBibliography } from './projectBibliography';
import type { ProjectTree } from './projectTree';

/** Where the hand-written list starts (1-based line), when the project names no .bib and has one. */
export interface ReferencesByHand {
  file: string;
  line: number;
}

const LIST_START = /\\begin\s*\{thebibliography\}/;

export function referencesByHand(tree: ProjectTree, bibliography: ProjectBibliography): ReferencesByHand | undefined {
  if (bibliography.commands.length > 0) return undefined;
  for (const { file, text } of tree.files) {
    const at = LIST_START.exec(blankHiddenText(text))?.index;
    if (at !== undefined) return { file, line: positionOf(lineStarts(text), at).line + 1 };
  }
  return undefined;
}

/** An insert refused: the project's references are a thebibliography, not a .bib. */
export class ReferencesByHandError extends Error {
  override name = 'ReferencesByHandError';
  constructor(readonly list: ReferencesByHand, root: string) {
    const where = `${path.relative(path.dirname(root), list.file) || list.file}:${list.line}`;
    super(`the manuscript writes its references by hand (\\begin{thebibliography} at ${where}) and names no .bib: ` +
      'there is no .bib to add the entry to; cite the work there yourself with its \\bibitem');
  }
}
