// Where a document puts its citations against punctuation. Most write "was observed~\cite{x}.",
// the citation before the full stop; physics (REVTeX), some medical journals and superscript
// styles (natbib's `super`, biblatex's style=nature) write "was observed.\cite{x}", after it. A new
// citation follows the habit of the document's own citations, so it reads like its neighbours.
import { citationMacros } from '../latex/citeMacros';
import { citationSpans } from '../latex/citeSites';
import { blankHiddenText } from '../latex/hidden';

const PUNCTUATION = /^[.,;:!?]$/;
/** A stop that ends an abbreviation, not a clause: "et al.~\cite{x}", "see, e.g.,\cite{x}". */
const ABBREVIATION_END = /(?:\bal|e\.g|i\.e|cf|vs|etc|viz)\.,?$/;

/**
 * True when most of the texts' citations that stand at punctuation stand right after it
 * (".\cite{x}", ",\cite{x}"); false when most stand before it, or none is at punctuation.
 */
export function citesAfterPunctuation(texts: readonly string[]): boolean {
  // The citations every reader counts, the project's own macros (`\refp{x}`) among them.
  const citing = citationMacros(texts);
  let after = 0;
  let before = 0;
  for (const text of texts) {
    const visible = blankHiddenText(text);
    for (const { start, end } of citationSpans(text, citing)) {
      const lead = /\S{0,6}$/.exec(visible.slice(Math.max(0, start - 6), start))![0];
      const next = /^[\s~]*(.?)/.exec(visible.slice(end))![1]!;
      const stop = lead.replace(/~$/, ''); // ".~\cite{x}" stands after the stop too
      if (PUNCTUATION.test(stop.at(-1) ?? '') && !ABBREVIATION_END.test(stop)) after++;
      else if (PUNCTUATION.test(next)) before++;
    }
  }
  return after > before;
}
