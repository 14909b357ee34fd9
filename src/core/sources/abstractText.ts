// The bioRxiv and medRxiv API give a structured abstract's headings glued to the next word
// ("BACKGROUNDJuvenile-onset …", "METHODSSerum …"): the card would show them so, and the scorer
// would read "methodsserum" for "serum". Each known heading followed by a capitalised word is
// set apart again, as the abstract's authors wrote it.
const HEADINGS = [
  'BACKGROUND', 'INTRODUCTION', 'IMPORTANCE', 'CONTEXT', 'PURPOSE', 'OBJECTIVES?', 'AIMS?', 'RATIONALE',
  'METHODS?', 'DESIGN', 'SETTINGS?', 'PARTICIPANTS', 'INTERVENTIONS?', 'MEASUREMENTS',
  'RESULTS', 'FINDINGS', 'CONCLUSIONS?', 'INTERPRETATION', 'SIGNIFICANCE', 'FUNDING', 'LIMITATIONS',
];
const GLUED = new RegExp(`\\b(${HEADINGS.join('|')})(?=[A-Z][a-z])`, 'g');

/** `text` with structured-abstract headings set apart from the word they were glued to. */
export function separateGluedHeadings(text: string): string {
  return text.replace(GLUED, '$1: ');
}
