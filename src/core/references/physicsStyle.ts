// Physics' title-less form, as PRL, PRD and most APS and AIP journals print a reference (and as a
// PDF of one reads): "A. Einstein, B. Podolsky, and N. Rosen, Phys. Rev. 47, 777 (1935).",
// "B. P. Abbott et al. (LIGO Scientific and Virgo Collaborations), Phys. Rev. Lett. 116, 061102 (2016)."
// Elsevier's physics journals put the year before the page ("Commun. Math. Phys. 198 (1998) 689"), and
// astronomy (MNRAS, A&A, ApJ) the authors family name first and the year after them ("Potekhin A. Y.,
// Yakovlev D. G., 1999, Astron. Astrophys., 346, 345"). Authors, venue, volume, first page or article
// number, year: no title to read, so the reference is identified by those facts (untitled.ts),
// never by a title guessed from the venue. A paper cited by its arXiv id alone ("C. Stanley and
// T. Windisch, arXiv:1605.08386 (2016).") is authors and year: its id names the work.
import { authorField } from './authors';
import { FAMILY, INITIALS, NAME } from './names';

const AUTHORS = String.raw`${NAME}(?:(?:, and |, & |, | and | & )${NAME})*(?: et al\.)?(?: \([^)]{2,80}\)| \[[^\]]{2,80}\])?`;
/** A venue word: an abbreviation ("Phys.", "U.S.A."), a capital word or letter ("Lett", "D"), "2D", "(London)", a joining word. */
const VENUE_WORD = /^(?:\p{Lu}[\p{L}.&'’-]*|\d\p{Lu}|\(\p{Lu}\p{L}+\)|of|and|the|in|&|für|de)$/u;
const AUTHORS_FIRST = new RegExp(String.raw`^(${AUTHORS}),\s+`, 'u');
/** A page, a range, or an article number ("061102", "A59", Science Advances' "eabg3771"). */
const PAGE = String.raw`[A-Za-z]{0,4}\d{1,7}(?:\s*[-–—]+\s*[A-Za-z]?\d{1,7})?`;
const YEAR = String.raw`(?:1[6-9]|20)\d\d`;
/** The end: a period or comma, an old arXiv id in brackets ("[hep-th/9802068]", read by identifiers.ts), an erratum. */
const END = String.raw`(?:[\s.,;]*\[[^\]]{0,80}\])*[\s.,;]*$`;
/** "Phys. Rev. 47, 777 (1935)", "New J. Phys. 18 (12), 123017 (2016)", "J. Phys. A 53, no.40, 404002 (2020)". */
const VOLUME_PAGE_YEAR = new RegExp(String.raw`^((?:\p{Lu}|\d\p{Lu})[^,]{0,80}?)\s+(\d{1,5})(?:\s*\(\d{1,4}\)|,\s*no\.\s?\d{1,4})?,\s+(${PAGE})\s+\((${YEAR})[a-z]?\)${END}`, 'u');
/** "Commun. Math. Phys. 198 (1998) 689", INSPIRE's "Phys. Rev. D 92 (2015) no.3, 032002". */
const VOLUME_YEAR_PAGE = new RegExp(String.raw`^((?:\p{Lu}|\d\p{Lu})[^,]{0,80}?)\s+(\d{1,5})\s+\((${YEAR})[a-z]?\)(?:,| no\.\s?\d{1,3},)?\s+(${PAGE})${END}`, 'u');
/** A collaboration named before its people ("Planck Collaboration, Aghanim, N., …"): not a person, left out. */
const COLLABORATION = String.raw`\p{Lu}[\p{L}-]*(?: \p{Lu}[\p{L}-]*){0,3} Collaboration`;
/** Astronomy's "Family I. I." (A&A: "Family, I."), then the year, venue, volume and page between commas. */
const FAMILY_FIRST = String.raw`${FAMILY},? ${INITIALS}`;
const ASTRONOMY = new RegExp(
  String.raw`^(?:${COLLABORATION},? )?(${FAMILY_FIRST}(?:(?:,? & |, | and )${FAMILY_FIRST})*(?:,? et al\.)?),? (${YEAR})[a-z]?, ([^,]{0,80}), (\d{1,5}), (${PAGE})${END}`,
  'u',
);

/**
 * What is left of a paper cited by its identifier alone once identifiers.ts took the id: "C. Stanley and
 * T. Windisch, arXiv:1605.08386 (2016).", "…, arXiv preprint arXiv:1605.08386 (2016).", "…, (2016), arXiv:1605.08386 [math.CO]."
 */
const IDENTIFIER_ONLY = new RegExp(String.raw`^(?:arXiv\s+)?(?:(?:preprint|e-?prints?)\s*)?[,.]?\s*(?:\(?(${YEAR})[a-z]?\)?)?${END}`, 'iu');

export interface PhysicsTail {
  venue: string;
  volume: string;
  pages: string;
  year: string;
}

/**
 * A conference paper as PRL prints it, after the authors: "in ICLR (2023)", "in Advances in Neural
 * Information Processing Systems 34, edited by A. Beygelzimer (Curran, 2021) pp. 1–12".
 */
const IN_PROCEEDINGS = new RegExp(
  String.raw`^in\s+((?:\p{Lu}|\d)[^()]{1,150}?)(?:,\s+edited by [^()]{1,200}?)?\s+\((?:[^()]{0,120}?,\s*)?(${YEAR})\)(?:,?\s+pp?\.\s*(${PAGE}))?${END}`,
  'u',
);

/**
 * A title-less reference's fields, authors as a .bib's; the venue absent where the text lost it, no
 * volume or page for a proceedings paper.
 */
export type TitlelessFields = { author: string; year?: string; venue?: string; volume?: string; pages?: string };

/** "Phys. Rev. D 10, 2445 (1974).": venue, volume, first page (or range, or article number), year. */
export function physicsTail(text: string): PhysicsTail | undefined {
  const trimmed = text.trim();
  const pageFirst = VOLUME_PAGE_YEAR.exec(trimmed);
  const yearFirst = pageFirst ? undefined : VOLUME_YEAR_PAGE.exec(trimmed);
  const parts = pageFirst ? pageFirst.slice(1) : yearFirst ? [yearFirst[1], yearFirst[2], yearFirst[4], yearFirst[3]] : [];
  const [venue, volume, pages, year] = parts;
  return venue && isVenue(venue) ? { venue, volume: volume!, pages: pagesOf(pages!), year: year! } : undefined;
}

/** The fields of a title-less reference; undefined when the string is not one. */
export function titlelessParts(text: string): TitlelessFields | undefined {
  const trimmed = text.trim();
  const astronomy = ASTRONOMY.exec(trimmed);
  if (astronomy) {
    const [, authors, year, venue, volume, pages] = astronomy;
    // An empty venue is a journal macro the text lost (\apj): the rest still names the article.
    if (venue && !isVenue(venue)) return undefined;
    return { author: familyFirstAuthors(authors!), year: year!, venue: venue || undefined, volume: volume!, pages: pagesOf(pages!) };
  }
  const authors = AUTHORS_FIRST.exec(trimmed);
  if (!authors) return undefined;
  const rest = trimmed.slice(authors[0].length);
  const tail = physicsTail(rest) ?? proceedingsTail(rest) ?? identifierOnlyTail(rest);
  const author = tail && authorField(authors[1]!.replace(/ (?:\([^)]*\)|\[[^\]]*\])$/, ''));
  return author ? { ...tail, author } : undefined;
}

/** "in ICLR (2023)": the venue (a trailing volume apart), the year and any pages; never a title. */
function proceedingsTail(text: string): Omit<TitlelessFields, 'author'> | undefined {
  const match = IN_PROCEEDINGS.exec(text.trim());
  if (!match) return undefined;
  const [, printed, year, pages] = match;
  const volume = /\s(\d{1,4})$/.exec(printed!)?.[1];
  const venue = volume ? printed!.slice(0, -volume.length).trim() : printed!.trim();
  return { venue, year: year!, ...(volume ? { volume } : {}), ...(pages ? { pages: pagesOf(pages) } : {}) };
}

/** Nothing but a year (or not even that) where an identifier was: the identifier names the work (untitled.ts). */
function identifierOnlyTail(text: string): Omit<TitlelessFields, 'author'> | undefined {
  const match = IDENTIFIER_ONLY.exec(text.trim());
  return match ? (match[1] ? { year: match[1] } : {}) : undefined;
}

const isVenue = (venue: string) => venue.split(/\s+/).every((word) => VENUE_WORD.test(word));
const pagesOf = (pages: string) => pages.replace(/\s+/g, '').replace(/[–—]+|-+/, '--');

/** "Potekhin A. Y., Baiko D. A., et al." → "Potekhin, A. Y. and Baiko, D. A. and others". */
function familyFirstAuthors(printed: string): string {
  const names = [...printed.matchAll(new RegExp(String.raw`(${FAMILY}),? (${INITIALS})`, 'gu'))].map((m) => `${m[1]}, ${m[2]}`);
  return [...names, ...(/et al\.$/.test(printed) ? ['others'] : [])].join(' and ');
}
