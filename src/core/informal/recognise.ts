// Informal citations in a selection: "Perlmutter et al. (1999)", "[Riess 1998]",
// "(Smith and Jones, 2020)", "the BERT paper by Devlin et al. 2018", or a pasted reference-list
// line. What they share is an author's family name and a year; prose without both is not one.
import { parseReferenceLine } from './referenceLine';
import { FAMILY, YEAR } from './names';
import type { InformalCitation } from './citation';

export type { InformalCitation, TextSpan } from './citation';

// As LaTeX writes it too: "et~al.", "\emph{et al.}", "\textit{et al.}".
const ET_AL = String.raw`(?:\s+|~)(?:\\(?:emph|textit)\{)?et(?:\s+|~)al\.?\}?`;
/** Space before a year, LaTeX's too ("et al.\ (1999)", "et al.~(1999)"): part of the year's span, which a citation replaces. */
const GAP = String.raw`(?:\\\s|~|\s)`;
/** What makes a family name a list of people: " et al." or ", Chang, Lee and Toutanova" after it. */
export const SEVERAL_AUTHORS = String.raw`(?:${ET_AL}|(?:,\s*${FAMILY})*,?\s+(?:and|&)\s+${FAMILY})`;
/** "Perlmutter et al.", "Smith and Jones", "Devlin, Chang, Lee and Toutanova". */
const NAMES = String.raw`(${FAMILY}${SEVERAL_AUTHORS}?)`;

/** Capitalised words that precede a year in prose without being anyone's name. */
const NOT_A_NAME = new Set(
  ('In Since From By Until After Before During Of The Table Figure Fig Section Eq Equation Chapter ' +
    'January February March April May June July August September October November December ' +
    'Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Spring Summer Autumn Fall Winter Early Late')
    .split(' '),
);

/** Bracketed: "[Riess 1998]", "(Perlmutter et al., 1999)", "(Smith and Jones, 2020)". */
const BRACKETED = new RegExp(String.raw`[\[(]\s*${NAMES},?\s+${YEAR}\s*[\])]`, 'gu');
/** Narrative with the year in parentheses, or brackets as older styles print it: "Perlmutter et al. (1999)", "Kogure [1990]". */
const NARRATIVE = new RegExp(String.raw`${NAMES}(${GAP}*(?:\(\s*${YEAR}\s*\)|\[\s*${YEAR}\s*\]))`, 'gu');
/** Narrative with a bare year, only for several authors: "Devlin et al. 2018". */
const NARRATIVE_BARE_YEAR = new RegExp(String.raw`${NAMES}(,?${GAP}+${YEAR})\b`, 'gu');
/** "the BERT paper by …": the words before "paper by" name the work. */
const TITLE_BEFORE_BY = /\bthe\s+(.{1,60}?)\s+(?:paper|article|study|work|preprint|model)\s+(?:by|of|from)\s+$/iu;

/**
 * Digits every pattern here needs (YEAR's): a selection without them is no citation. Checked
 * first because the name patterns (Unicode letter classes) take milliseconds to compile in a new
 * process, on the way to the first search request of every claim without a year.
 */
const YEAR_DIGITS = /(?:1[6-9]|20)\d{2}/;

/** The informal citation in `selection`, or undefined when there is none. */
export function recogniseInformalCitation(selection: string): InformalCitation | undefined {
  if (!YEAR_DIGITS.test(selection)) return undefined;
  return parseReferenceLine(selection) ?? findMention(selection);
}

function findMention(text: string): InformalCitation | undefined {
  for (const match of text.matchAll(BRACKETED)) {
    const authors = familyNames(match[1]!);
    if (!authors) continue;
    const span = { start: match.index, end: match.index + match[0].length };
    return { authors, year: Number(match[2]), kind: 'bare', span };
  }
  const narrative = [
    ...[...text.matchAll(NARRATIVE)],
    ...[...text.matchAll(NARRATIVE_BARE_YEAR)].filter((m) => severalAuthors(m[1]!)),
  ].sort((a, b) => a.index - b.index);
  for (const match of narrative) {
    const authors = familyNames(match[1]!);
    if (!authors) continue;
    const yearStart = match.index + match[1]!.length;
    const span = { start: match.index, end: match.index + match[0].length };
    const titleWords = TITLE_BEFORE_BY.exec(text.slice(0, match.index))?.[1];
    return {
      authors,
      year: Number(match[3] ?? match[4]),
      ...(titleWords ? { titleWords } : {}),
      kind: 'in-sentence',
      span,
      yearSpan: { start: yearStart, end: span.end },
    };
  }
  return undefined;
}

function severalAuthors(names: string): boolean {
  return /\bet(?:\s+|~)al\b|\s(?:and|&)\s/u.test(names);
}

/** Family names of a name list, or undefined when its first "name" is an ordinary word ("In 2019"). */
export function familyNames(names: string): string[] | undefined {
  const parts = names
    .replace(new RegExp(ET_AL + '$', 'u'), '')
    .split(/\s*,\s*|\s+(?:and|&)\s+/u)
    .map((n) => n.trim())
    .filter(Boolean);
  if (parts.length === 0 || NOT_A_NAME.has(parts[0]!)) return undefined;
  return parts;
}
