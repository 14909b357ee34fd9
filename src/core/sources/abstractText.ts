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

/**
 * `text` without the "Abstract" heading some services give as its first word: OpenAlex rebuilds
 * an abstract from a word index that holds the publisher's heading ("Abstract Large language
 * models have shown …", "ABSTRACT Understanding the effects …"). Only before a capitalised word,
 * and not for a work whose title says "abstract" ("Abstract Meaning Representation …").
 */
export function withoutAbstractHeading(text: string, title: string): string {
  if (/\babstract/i.test(title)) return text;
  return text.replace(/^\s*(?:Abstract|ABSTRACT)\s*[:.]?\s+(?=[A-Z0-9])/, '');
}
