// The bioRxiv and medRxiv API give a structured abstract's headings glued to the next word
// ("BACKGROUNDJuvenile-onset …", "ObjectiveGuidelines recommend …"): the card would show them so,
// and the scorer would read "methodsserum" for "serum". Each known heading, in capitals or
// capitalised, followed by a capitalised word is set apart again, as the authors wrote it.
const HEADINGS = [
  'Background', 'Introduction', 'Importance', 'Context', 'Purpose', 'Objectives?', 'Aims?', 'Rationale',
  'Methods?', 'Design', 'Settings?', 'Participants', 'Interventions?', 'Measurements',
  'Results', 'Findings', 'Discussion', 'Conclusions?', 'Interpretation', 'Significance', 'Funding', 'Limitations', 'Summary',
];
const FORMS = HEADINGS.flatMap((h) => [h, h.toUpperCase()]); // 'Methods?' and 'METHODS?'
const GLUED = new RegExp(`\\b(${FORMS.join('|')})(?=[A-Z][a-z])`, 'g');

/** `text` with structured-abstract headings set apart from the word they were glued to. */
export function separateGluedHeadings(text: string): string {
  return text.replace(GLUED, '$1: ');
}
