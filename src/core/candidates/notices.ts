// A notice about another work ("Correction: …", "Erratum to: …", "Retraction note: …", the
// Lancet's "Department of Error") carries that work's title words, so a search ranks it high;
// Springer's "Correction to: <the article's title>" can outrank the article. No claim cites one.
// Europe PMC types its notices (published/europepmc.ts); the other services only title them.

const NOTICE_TITLE =
  /^\s*(?:correction|erratum|errata|corrigendum|addendum|retraction(?:\s+note|\s+notice)?|notice\s+of\s+retraction|(?:editorial\s+)?expression\s+of\s+concern)(?:\s+(?:to|for|on))?\s*(?:[:：]|\.?\s*$)/i;
const DEPARTMENT_OF_ERROR = /^\s*department\s+of\s+error\.?\s*$/i;

/** True for the title of a notice about another work, never for an article about corrections ("Correction of refractive errors"). */
export function isNoticeTitle(title: string): boolean {
  return NOTICE_TITLE.test(title) || DEPARTMENT_OF_ERROR.test(title);
}
