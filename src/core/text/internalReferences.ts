// The words with which a manuscript points at its own figures, tables, equations and sections
// ("Fig.~\ref{fig:loss}", "see Table 2", "Eq. (5)"): no topic to search for. The claim stage drops
// them with their \ref; the heuristic queries drop them where a plain-text claim numbers them.

const LABELS =
  String.raw`(?:Supplementary\s+|Suppl\.\s+|Extended\s+Data\s+)?(?:Figs?\.|Figures?|Tabs?\.|Tables?|Eqs?\.|Eqns?\.|Equations?|Secs?\.|Sections?|§|Appendi(?:x|ces)|Chaps?\.|Chapters?|Thms?\.|Theorems?|Lemmas?|Props?\.|Propositions?|Corollar(?:y|ies)|Defs?\.|Definitions?|Algs?\.|Algorithms?)`;
/** "see ", "cf. ", "see also " before the label. */
const LEAD = String.raw`(?:\b(?:see|cf\.)(?:\s|~)+(?:also\s+)?)?`;
/** A figure's or section's number as printed: "3", "4.2", "1a", "S1", "(5)", "2–4", "2, 3 and 5". */
const NUMBER = String.raw`\(?[A-Z]?\d+(?:\.\d+)*[a-z]?\)?`;
const NUMBERS = String.raw`${NUMBER}(?:\s*(?:[–,-]|and|&)\s*${NUMBER})*`;

/** A label before a \ref-family command (and the "(" of "Eq.~(\ref{…})"): the command itself renders as nothing. */
const BEFORE_REF = new RegExp(
  String.raw`${LEAD}(?<![\p{L}\\])${LABELS}(?:\s|~|\\[ ,])*(?=\(?\\(?:ref|eqref|autoref|cref|Cref|vref|Vref|nameref|pageref)\s*\{)`,
  'giu',
);
/** A label with its number in plain text. */
const NUMBERED = new RegExp(String.raw`${LEAD}(?<!\p{L})${LABELS}\s*${NUMBERS}(?![\p{L}\d])`, 'giu');

/** LaTeX without the labels that name a \ref ("as shown in Fig.~\ref{fig:loss}" → "as shown in \ref{fig:loss}"). */
export function withoutLabelsOfRefs(latex: string): string {
  return latex.replace(BEFORE_REF, '');
}

/** Plain text without numbered internal references ("(see Fig. 3)" → "()"). */
export function withoutNumberedReferences(text: string): string {
  return text.replace(NUMBERED, '');
}
