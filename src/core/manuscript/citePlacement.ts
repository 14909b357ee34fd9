// Where a document puts its citations against punctuation. Most write "was observed~\cite{x}.",
// the citation before the full stop; physics (REVTeX), some medical journals and superscript
// styles (natbib's `super`, biblatex's style=nature) write "was observed.\cite{x}", after it. A new
// citation follows the habit of the document's own citations, so it reads like its neighbours.
import { blankHiddenText } from '../latex/hidden';

/** A citation command (not \nocite) with its optional arguments and key group, what stands before it, and the next character. */
const CITATION = /(?<=(\S{0,6}))\\((?!nocite\b)[A-Za-z]*cite[A-Za-z]*)\*?(?:\s*\[[^\]]*\])*\s*\{[^{}]*\}(?=[\s~]*(.?))/g;
const PUNCTUATION = /^[.,;:!?]$/;
/** A stop that ends an abbreviation, not a clause: "et al.~\cite{x}", "see, e.g.,\cite{x}". */
const ABBREVIATION_END = /(?:\bal|e\.g|i\.e|cf|vs|etc|viz)\.,?$/;

/**
 * True when most of the texts' citations that stand at punctuation stand right after it
 * (".\cite{x}", ",\cite{x}"); false when most stand before it, or none is at punctuation.
 */
export function citesAfterPunctuation(texts: readonly string[]): boolean {
  let after = 0;
  let before = 0;
  for (const text of texts) {
    for (const [, lead, , next] of blankHiddenText(text).matchAll(CITATION)) {
      const stop = lead!.replace(/~$/, ''); // ".~\cite{x}" stands after the stop too
      if (PUNCTUATION.test(stop.at(-1) ?? '') && !ABBREVIATION_END.test(stop)) after++;
      else if (PUNCTUATION.test(next!)) before++;
    }
  }
  return after > before;
}
