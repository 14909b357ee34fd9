// Author lists held against the authority's, up to form: BibTeX "Last, First" or "First Last",
// LaTeX accents, initials for given names, DBLP's homonym numbers ("Lei Liu 0049"), and a list
// cut short with "and others" / "et al." (which matches any longer list it starts). What is
// left is a real difference: names missing, names added, or another team altogether.
import { splitBibtexAuthors } from '../bibtex';
import { latexToPlainText } from '../latex/plainText';
import { decodeEntities } from './titles';

export interface Person {
  /** Lower-case ASCII family name, particles and hyphens removed ("vandemeent"). */
  family: string;
  /** Lower-case ASCII given-name tokens ("jean", "baptiste"), initials as one letter. */
  given: string[];
  written: string;
}

export interface AuthorList {
  people: Person[];
  /** The list ends in "others" / "et al.": more authors exist than are named. */
  truncated: boolean;
}

const PARTICLES = new Set(['van', 'von', 'der', 'de', 'den', 'del', 'della', 'di', 'da', 'la', 'le', 'du', 'dos', 'das', 'ter', 'ten', 'bin', 'al']);
const ET_AL = /^(?:others|et\.?\s*al\.?|and\s+others|etal)$/i;
const TRAILING_ET_AL = /\s+et\.?\s*al\.?$/i;

function ascii(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[łŁ]/g, 'l').replace(/[øØ]/g, 'o').replace(/ß/g, 'ss').toLowerCase();
}

/** A name's given and family parts as printed: "Family, Given" or "Given [particles] Family". */
function nameParts(written: string): { givenPart: string; familyPart: string } | undefined {
  // DBLP's XML entities ("d&apos;Amore") are the character, in a .bib as in a record.
  let name = latexToPlainText(decodeEntities(written)).replace(/\s+\d{4}$/, '').replace(/[{}]/g, '').trim();
  if (!name) return undefined;
  const comma = name.indexOf(',');
  // BibTeX's "Family, Jr., Given" (and the "Family, Given, Jr." many write): the suffix is no given name.
  if (comma >= 0) return { familyPart: name.slice(0, comma), givenPart: name.slice(comma + 1).replace(/^\s*(jr|sr|ii|iii|iv)\.?,|,\s*(jr|sr|ii|iii|iv)\.?$/i, '') };
  name = name.replace(/,?\s+(jr|sr|ii|iii|iv)\.?$/i, '');
  const tokens = name.split(/\s+/);
  let at = tokens.length - 1;
  while (at > 1 && PARTICLES.has(ascii(tokens[at - 1]!))) at--;
  return { familyPart: tokens.slice(at).join(' '), givenPart: tokens.slice(0, at).join(' ') };
}

/** The family name as printed, particles and hyphens kept ("Hernández-Lobato"): the words a search service knows. */
export function printedFamily(written: string): string {
  return nameParts(written)?.familyPart.trim() ?? '';
}

/** One name in any of the usual forms. */
export function readPerson(written: string): Person | undefined {
  const parts = nameParts(written);
  if (!parts) return undefined;
  const { givenPart, familyPart } = parts;
  // Particles go ("van Dam" is Dam), unless the family name is one ("Zhiguo Du", "J. De").
  const familyTokens = ascii(familyPart).split(/[\s-]+/);
  const named = familyTokens.filter((t) => !PARTICLES.has(t));
  const family = (named.length ? named : familyTokens).join('').replace(/[^a-z]/g, '');
  const given = ascii(givenPart).split(/[\s.-]+/).map((t) => t.replace(/[^a-z]/g, '')).filter(Boolean);
  if (!family && !given.length) return undefined;
  return { family: family || given.pop()!, given, written };
}

/** A BibTeX `author` field (or a list of names) as people, with its "et al." noted. */
export function readAuthorList(authors: string | readonly string[]): AuthorList {
  let names = typeof authors === 'string' ? splitBibtexAuthors(authors.replace(/\s+/g, ' ')) : [...authors];
  let truncated = false;
  names = names.flatMap((n) => {
    const trimmed = n.trim();
    if (ET_AL.test(trimmed.replace(/[{}]/g, ''))) {
      truncated = true;
      return [];
    }
    if (TRAILING_ET_AL.test(trimmed)) {
      truncated = true;
      return [trimmed.replace(TRAILING_ET_AL, '')];
    }
    return [trimmed];
  });
  return { people: names.map(readPerson).filter((p): p is Person => p !== undefined), truncated };
}

function initialsAgree(a: string[], b: string[]): boolean {
  if (!a.length || !b.length) return true;
  return a[0]![0] === b[0]![0];
}

/** Words that make a name a team's: "The Supernova Cosmology Project", "{ATLAS Collaboration}". */
const TEAM_WORDS = /\b(collaboration|consortium|project|group|team|committee|society|association|network|initiative|investigators|survey|organi[sz]ation|institute|council|alliance|programme|program)\b/i;

function isTeam(p: Person): boolean {
  return TEAM_WORDS.test(p.written);
}

/**
 * Every token of the name run together; a team's leading "The" left out, as a .bib writes
 * `{Supernova Cosmology Project}` where Crossref has "The Supernova Cosmology Project".
 */
function joinedName(p: Person, asTeam: boolean): string {
  const tokens = [...p.given, p.family];
  return (asTeam && tokens[0] === 'the' ? tokens.slice(1) : tokens).join('');
}

/**
 * A two-word family name that "Given Family" split at its last word: "Mauro Dalla Serra" read as
 * Serra with given names "Mauro Dalla", held against "Dalla Serra, M.". The given names before
 * the family name's first word, or undefined when `split`'s last words are not `whole`'s family name.
 */
function givenBeforeSplitFamily(split: Person, whole: Person): string[] | undefined {
  for (let at = split.given.length - 1; at >= 0; at--) {
    const family = split.given.slice(at).join('') + split.family;
    if (family === whole.family) return split.given.slice(0, at);
    if (family.length >= whole.family.length) return undefined;
  }
  return undefined;
}

/**
 * The family name's letters with its particles kept: "Le-Cun" (TeX broke "LeCun" at a line's end, and "Le" reads as
 * a particle there) is "lecun", as "LeCun" is.
 */
function wholeFamily(p: Person): string {
  return ascii(nameParts(p.written)?.familyPart ?? '').replace(/[^a-z]/g, '');
}

/** Two people whose family names agree, one of them perhaps split at its last word ("M. Dalla Serra", "Dalla Serra, M."). */
export function sameFamily(a: Person, b: Person): boolean {
  return a.family === b.family || givenBeforeSplitFamily(a, b) !== undefined || givenBeforeSplitFamily(b, a) !== undefined;
}

/** The same person, up to initials, hyphens and the order of family and given names. */
export function samePerson(a: Person, b: Person): boolean {
  // A team is its whole name: "Project" alone says nothing of which one.
  if (isTeam(a) || isTeam(b)) return joinedName(a, true) === joinedName(b, true);
  if (joinedName(a, false) === joinedName(b, false)) return true;
  if (a.family === b.family || wholeFamily(a) === wholeFamily(b)) return initialsAgree(a.given, b.given);
  const aGiven = givenBeforeSplitFamily(a, b);
  if (aGiven) return initialsAgree(aGiven, b.given);
  const bGiven = givenBeforeSplitFamily(b, a);
  if (bGiven) return initialsAgree(a.given, bGiven);
  // "Zhang Wei" written family-first on one side: the same two tokens, swapped.
  const tokensA = new Set([...a.given, a.family]);
  return b.given.length > 0 && tokensA.has(b.family) && b.given.every((g) => tokensA.has(g)) && [...tokensA].length === b.given.length + 1;
}

export type AuthorAgreement = 'agrees' | 'missing' | 'invented' | 'swapped';

export interface AuthorComparison {
  agreement: AuthorAgreement;
  /** Entry names that match an authority name. */
  matched: number;
  /** Entry names with no match at the authority. */
  unmatched: string[];
  /** Authority names the entry leaves out (when its list is not cut with "et al."). */
  left: string[];
  /** Same people, other order, or a first author who is not the authority's first. */
  reordered: boolean;
  /** The authority lists one person, the entry's first of three or more: the others cannot be checked. */
  onlyFirstListed?: boolean;
}

/** Entries of at least this many people whose authority lists only the first are not judged on the rest. */
const MIN_PEOPLE_FOR_FIRST_ONLY = 3;

/**
 * The entry's authors against the authority's. `agrees`: the same people (an "et al." list
 * naming only people the authority has). `missing`: the entry names fewer without saying
 * "et al.". `invented`: most names are right but some are not the authority's. `swapped`: the
 * names are mostly someone else's.
 */
export function compareAuthors(entry: AuthorList, authority: AuthorList): AuthorComparison {
  const matches = matchPeople(entry.people, authority.people);
  const unmatched = entry.people.filter((_, i) => matches[i]! < 0).map((p) => p.written);
  const positions = matches.filter((at) => at >= 0);
  const free = authority.people.filter((_, i) => !positions.includes(i));
  const matched = positions.length;
  // Some deposits list the first author only (older Lancet records at Crossref: "AJ Wakefield" for 13
  // authors): the rest are unknown to the authority, not wrong.
  const [first, only] = [entry.people[0], authority.people[0]];
  // Two names and "et al." say as much as three: a list of many (Vancouver's "Wakefield AJ, Murch SH, et al.").
  const many = entry.people.length >= MIN_PEOPLE_FOR_FIRST_ONLY || (entry.truncated && entry.people.length >= 2);
  if (authority.people.length === 1 && many && first && only && samePerson(first, only))
    return { agreement: 'agrees', matched: 1, unmatched: [], left: [], reordered: false, onlyFirstListed: true };
  const left = entry.truncated || authority.truncated ? [] : free.map((p) => p.written);
  // Out of order, or a list cut with "others" that opens with someone other than the first author:
  // an author-year style prints the first name, so "Jones et al." for Smith, Jones, … is wrong.
  const reordered = positions.some((p, i) => i > 0 && p < positions[i - 1]!) || (matches[0] ?? -1) > 0;
  let agreement: AuthorAgreement;
  if (entry.people.length === 0) agreement = entry.truncated ? 'invented' : 'missing';
  else if (unmatched.length === 0) agreement = left.length ? 'missing' : 'agrees';
  else if (matched / entry.people.length >= 0.5 && matched > 0) agreement = 'invented';
  else agreement = 'swapped';
  return { agreement, matched, unmatched, left, reordered };
}

/** Each entry person's place in the authority's list (the first one free that is the same person), -1 for none. */
function matchPeople(entry: readonly Person[], authority: readonly Person[]): number[] {
  const free = authority.map((_, i) => i);
  return entry.map((person) => {
    const at = free.findIndex((i) => samePerson(person, authority[i]!));
    return at < 0 ? -1 : free.splice(at, 1)[0]!;
  });
}

const PLACEHOLDER_NAMES = /^(john|jane|richard|mary) (q\.? )?doe$|^(first|second|third|some|an?|the)? ?author( name)?$|^anonymous$|^unknown( author)?$|^et\.? ?al\.?$|^(author|name) ?\d*$|^(foo|bar|lorem ipsum)$|^firstname lastname$/i;

/** Names no real author has: "John Doe", "Author Name", "et al" standing alone as an author. */
export function placeholderNames(authors: string | undefined): string[] {
  if (!authors) return [];
  const names = splitBibtexAuthors(authors.replace(/\s+/g, ' ')).map((n) => latexToPlainText(n).replace(/[{}]/g, '').trim());
  const found = names.filter((n) => PLACEHOLDER_NAMES.test(n.replace(/,\s*/, ' ')));
  // "et al" alone is the whole author list: nobody is named.
  const onlyEtAl = names.length > 0 && names.every((n) => ET_AL.test(n));
  return onlyEtAl ? names : found.filter((n) => !ET_AL.test(n) || names.length === 1);
}

/**
 * The entry's `author` field put in the authority's order, each name as the entry writes it (its
 * accents and braces kept). A list cut with "others" gains the authority's names before the last one
 * it names. Undefined when a name is not the authority's: then there is nothing to reorder.
 */
export function inAuthorityOrder(entryAuthors: string, authorityAuthors: readonly string[]): string | undefined {
  const entry = readAuthorList(entryAuthors);
  const authority = readAuthorList(authorityAuthors);
  const matches = matchPeople(entry.people, authority.people);
  if (matches.length === 0 || matches.includes(-1)) return undefined;
  const written = new Map(matches.map((at, i) => [at, entry.people[i]!.written]));
  const last = entry.truncated ? Math.max(...written.keys()) : authority.people.length - 1;
  const names = authority.people.slice(0, last + 1).flatMap((p, i) => {
    const own = written.get(i);
    if (own !== undefined) return [own];
    // A name the full list leaves out stays out (that is another finding); DBLP's homonym number goes.
    return entry.truncated ? [p.written.replace(/\s+\d{4}$/, '')] : [];
  });
  return [...names, ...(entry.truncated ? ['others'] : [])].join(' and ');
}
