// A reference whose title cannot be read is identified from what it does print, never guessed:
// - a title an authority has that the string holds word for word (the whole string searched);
// - for a style that prints no title (REVTeX's PRL form), its DOI's or arXiv id's work: taken when
//   it has the printed first author and year, and held against the printed authors when it does
//   not (a DOI of another work, or authors swapped in); an identifier that names nothing is
//   "not found" as it is in a .bib (saying which work the printed volume and page name, if any);
// - with no identifier, the work Crossref has with the printed first author, year, volume and
//   first page: four facts that name one article ("A. Einstein et al., Phys. Rev. 47, 777 (1935)").
// - with no identifier, volume or page but two or more people, a year and a venue (a conference
//   paper as PRL prints it: "N. Hansen, Y. Lin, …, in ICLR (2023)"), DBLP's one work by those people,
//   in that order, in that year (at that venue, when several are).
// What is still not identified stays "unreadable".
import type { Authorities } from '../bibcheck/authorities';
import { compareAuthors, printedFamily, readAuthorList, sameFamily, type AuthorList, type Person } from '../bibcheck/people';
import { isPreprintVenue, sameVenue } from '../bibcheck/venues';
import { decodeEntities, plainTitle, titleTokens, withoutNotice } from '../bibcheck/titles';
import { latexToUnicode } from '../latex/unicode';
import { plainLine } from '../latex/plainText';
import { authorityLabel, type AuthorityName, type AuthorityRecord, type EntryVerdict } from '../bibcheck/verdict';
import { isAbortError } from '../net/types';
import { identifiersOf } from './identifiers';
import { compactFields } from './fields';
import type { ReferenceFields } from './types';

/** Where a title-less reference's title came from. */
export type TitleSource = 'identifier' | 'identifier-other-work' | 'identifier-alone' | 'citation' | 'team';

export interface Identified {
  fields: ReferenceFields;
  titleFrom?: TitleSource;
  /** The identifier names no work at its authorities: the reference's verdict, with nothing to search by. */
  unresolved?: EntryVerdict;
  /**
   * The taken title as a reader reads it ("ε-Accurate"), shown once the reference is checked; the
   * check reads `fields.title`, the words a .bib title's maths spells ("epsilon -Accurate").
   */
  shownTitle?: string;
}

/** The arXiv id a reference prints, as such or as arXiv's own DOI (10.48550/arXiv.2205.01068, DataCite's, not Crossref's). */
export function arxivIdOf(fields: ReferenceFields): string | undefined {
  return fields.arxiv ?? /^10\.48550\/arxiv\.(.+?)(?:v\d+)?$/i.exec(fields.doi ?? '')?.[1];
}

export async function identifyUntitled(text: string, fields: ReferenceFields, authorities: Authorities): Promise<Identified> {
  const identified = await identify(text, fields, authorities);
  const taken = identified.fields.title;
  // An authority's title may write maths as LaTeX (DBLP's "$\varepsilon$-Accurate"); the reference's fields are plain text,
  // whose dollars the synthetic entry escapes, so the taken title is made plain as a .bib title would be read.
  if (!taken || taken === fields.title) return identified;
  const shownTitle = withoutNotice(decodeEntities(plainLine(latexToUnicode(taken))));
  return { ...identified, fields: { ...identified.fields, title: plainTitle(taken) }, shownTitle };
}

async function identify(text: string, fields: ReferenceFields, authorities: Authorities): Promise<Identified> {
  const id = identifierOf(fields);
  // A publisher's deposit at Crossref is often its DOI alone, a JATS citation its PMID alone: the identifier is what there is to check.
  const alone = !!id && !fields.author && identifiersOf(text).rest.split(/\s+/).length < 4;
  if (text.split(/\s+/).length < 4 && !alone) return { fields };
  try {
    if (id) return await byIdentifier(text, fields, id, authorities, alone);
    // A string read as authors, venue, volume, page and year holds no title to find: one search, by those.
    if (printsCitation(fields)) {
      const cited = await byCitation(fields, authorities);
      return cited ? { fields: { ...fields, title: cited.title }, titleFrom: 'citation' } : { fields };
    }
    if (printsTeam(fields)) {
      const work = await byTeam(fields, authorities);
      if (work) return { fields: { ...fields, title: work.title }, titleFrom: 'team' };
    }
    const title = titleHeldBy(text, await authorities.crossrefSearch({ title: text }));
    return title ? { fields: { ...fields, title } } : { fields };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { fields };
  }
}

/** The identifier a title-less reference is identified by: its arXiv id, else its DOI, else its PMID or PMCID (Europe PMC's). */
type PrintedId = { arxiv: string } | { doi: string } | { pmid: string } | { pmcid: string };

function identifierOf(fields: ReferenceFields): PrintedId | undefined {
  const arxiv = arxivIdOf(fields);
  if (arxiv) return { arxiv };
  if (fields.doi) return { doi: fields.doi };
  if (fields.pmid) return { pmid: fields.pmid };
  return fields.pmcid ? { pmcid: fields.pmcid } : undefined;
}

async function recordOf(id: PrintedId, authorities: Authorities): Promise<AuthorityRecord | undefined> {
  if ('arxiv' in id) return authorities.arxivById(id.arxiv);
  if ('doi' in id) return doiRecord(id.doi, authorities);
  if (!authorities.europePmcById) return undefined;
  return authorities.europePmcById('pmid' in id ? { kind: 'pubmed', pmid: id.pmid } : { kind: 'pmc', pmcid: id.pmcid });
}

async function byIdentifier(
  text: string,
  fields: ReferenceFields,
  id: PrintedId,
  authorities: Authorities,
  alone: boolean,
): Promise<Identified> {
  const record = await recordOf(id, authorities);
  if (!record) {
    // A mistyped identifier beside an article's author, volume and page: the engine then says which work those name.
    const cited = printsCitation(fields) ? await byCitation(fields, authorities) : undefined;
    if (cited) return { fields: { ...fields, title: cited.title }, titleFrom: 'citation' };
    // Europe PMC not asked (turned off): nothing is known of the PMID.
    if (('pmid' in id || 'pmcid' in id) && !authorities.europePmcById) return { fields };
    return { fields, unresolved: unresolvedVerdict(id) };
  }
  const title = titleHeldBy(text, [record]);
  if (title) return { fields: { ...fields, title } };
  // Nothing printed to hold the work against: it stands for the reference (the engine still asks whether it was
  // retracted, and holds a printed year against it), rather than its authors being called "missing".
  if (alone) return { fields: { ...workFields(record), ...fields, title: record.title }, titleFrom: 'identifier-alone' };
  const printed = firstPerson(fields.author ?? '');
  // Without a printed author there is nothing to hold the identifier's work against.
  if (!printed) return { fields };
  const same = sameFirstFamily(printed, record.authors) && (!fields.year || Number(fields.year) === record.year);
  return { fields: { ...fields, title: record.title }, titleFrom: same ? 'identifier' : 'identifier-other-work' };
}

function workFields(record: AuthorityRecord): ReferenceFields {
  return compactFields({ author: record.authors.join(' and '), venue: record.venue, year: record.year ? String(record.year) : undefined });
}

async function doiRecord(doi: string, authorities: Authorities): Promise<AuthorityRecord | undefined> {
  return (await authorities.crossrefByDoi(doi)) ?? (await authorities.doiOrgByDoi(doi));
}

/** The title of a record that the string holds word for word. */
function titleHeldBy(text: string, records: (AuthorityRecord | undefined)[]): string | undefined {
  const words = ` ${titleTokens(text).join(' ')} `;
  return records.find((r) => r && titleTokens(r.title).length >= 2 && words.includes(` ${titleTokens(r.title).join(' ')} `))?.title;
}

function firstFamily(authors: string | string[]): string | undefined {
  return firstPerson(authors)?.family;
}

function firstPerson(authors: string | string[]): Person | undefined {
  return readAuthorList(authors).people[0];
}

/** The record's first author has the printed first author's family name (a two-word one perhaps split: "M. Dalla Serra"). */
function sameFirstFamily(printed: Person, authors: string[]): boolean {
  const first = firstPerson(authors);
  return !!first && sameFamily(printed, first);
}

/** First author, year, volume and first page: enough to name one article. */
function printsCitation(fields: ReferenceFields): boolean {
  return !!(firstFamily(fields.author ?? '') && fields.year && fields.volume && firstPage(fields.pages));
}

/** Crossref's work with the printed first author, year, volume and first page (printsCitation holds). */
async function byCitation(fields: ReferenceFields, authorities: Authorities): Promise<AuthorityRecord | undefined> {
  const printed = firstPerson(fields.author ?? '')!;
  const page = firstPage(fields.pages)!;
  // Crossref's bibliographic search is built for reference strings: venue, volume, page and year.
  const records = await authorities.crossrefSearch({ title: [fields.venue, fields.volume, page, fields.year].filter(Boolean).join(' '), author: printed.written });
  return records.find(
    (r) =>
      sameFirstFamily(printed, r.authors) &&
      r.year === Number(fields.year) &&
      r.volume === fields.volume &&
      (firstPage(r.pages) === page || r.articleNumber?.toLowerCase() === page),
  );
}

/** People a reference must name for them to pick out one work of a year: one name is a crowd. */
const TEAM_SIZE = 2;
/** Names sent to DBLP, which requires every word: enough to narrow the answer to the team. */
const TEAM_QUERY_NAMES = 4;
/** DBLP hits asked for: a team's works over the years. */
const TEAM_HITS = 100;

/** Two or more people, a year and a venue (asked after printsCitation: no volume and page to search by). */
function printsTeam(fields: ReferenceFields): boolean {
  return readAuthorList(fields.author ?? '').people.length >= TEAM_SIZE && !!fields.year && !!fields.venue?.trim();
}

/**
 * DBLP's one work by the printed people, in their order, in the printed year: the one at the
 * printed venue when there are several; else the one published work, which the judge then holds
 * against the printed venue. Undefined when none or no single one is.
 */
async function byTeam(fields: ReferenceFields, authorities: Authorities): Promise<AuthorityRecord | undefined> {
  if (!authorities.dblpSearch) return undefined;
  const printed = readAuthorList(fields.author!);
  // The family names' printed words: "Hernández Lobato", not the reader's key "hernandezlobato", which DBLP does not know.
  const families = printed.people.slice(0, TEAM_QUERY_NAMES).flatMap((p) => printedFamily(p.written).split(/[\s-]+/).filter((w) => w.replace(/\P{L}/gu, '').length > 1));
  const records = await authorities.dblpSearch({ title: families.join(' '), hits: TEAM_HITS });
  const team = records.filter((r) => r.year === Number(fields.year) && sameTeam(printed, r.authors));
  const venue = fields.venue!;
  const atVenue = team.filter((r) => [r.venue, ...(r.venueShort ?? [])].some((v) => v && sameVenue(venue, v)));
  if (atVenue.length === 1) return atVenue[0];
  const published = team.filter((r) => !r.preprint);
  return atVenue.length === 0 && published.length === 1 && !isPreprintVenue(venue) ? published[0] : undefined;
}

/** The printed people are the record's, in its order (a list cut with "et al." its first ones). */
function sameTeam(printed: AuthorList, authors: string[]): boolean {
  const comparison = compareAuthors(printed, readAuthorList(authors));
  return comparison.agreement === 'agrees' && !comparison.reordered && !comparison.onlyFirstListed;
}

function firstPage(pages: string | undefined): string | undefined {
  return pages?.trim().split(/\s*[-–—]+\s*/)[0]?.toLowerCase() || undefined;
}

function unresolvedVerdict(id: PrintedId): EntryVerdict {
  const [what, where, query] = unresolvedWhat(id);
  return {
    verdict: 'not-found',
    confidence: 0.9,
    evidence: 'doi' in id ? [{ field: 'doi', entry: id.doi, status: 'differs', note: 'does not resolve' }] : [],
    searched: where.map((authority) => ({ authority, query, hits: 0 })),
    message: `${what}, and the reference prints no title to search by. Searched: ${where.map(authorityLabel).join(', ')}.`,
  };
}

function unresolvedWhat(id: PrintedId): [string, readonly AuthorityName[], string] {
  if ('doi' in id) return [`The DOI ${id.doi} does not resolve (Crossref and doi.org have no such DOI)`, ['crossref', 'doi.org'], `doi:${id.doi}`];
  if ('arxiv' in id) return [`arXiv has no paper ${id.arxiv}`, ['arxiv'], `id:${id.arxiv}`];
  const [name, value] = 'pmid' in id ? ['PMID', id.pmid] : ['PMCID', id.pmcid];
  return [`Europe PMC has no work with ${name} ${value}`, ['europepmc'], 'pmid' in id ? `EXT_ID:${value} AND SRC:MED` : `PMCID:${value}`];
}

/** The identifier a note names: "DOI", "arXiv id", "PMID", "PMCID". */
function idName(fields: ReferenceFields): string {
  if (fields.doi) return 'DOI';
  if (fields.arxiv) return 'arXiv id';
  return fields.pmid ? 'PMID' : fields.pmcid ? 'PMCID' : 'identifier';
}

const NOTES: Record<TitleSource, (fields: ReferenceFields) => string> = {
  identifier: (f) => `The reference prints no title: its ${idName(f)} names a work with its first author and year, whose title was taken.`,
  'identifier-other-work': (f) =>
    `The reference prints no title: its ${idName(f)} names "${f.title}", whose first author or year is not the printed one; the reference was held against that work.`,
  'identifier-alone': (f) =>
    `The reference is its ${idName(f)} alone: the work it names was taken, and only its existence could be checked.`,
  citation: () => 'The reference prints no title: Crossref\'s work with its first author, year, volume and first page was taken.',
  team: () => 'The reference prints no title: DBLP\'s one work by its authors, in their order, in its year was taken.',
};

/** The sentence a verdict gains when the title it checked was not the reference's own. */
export function titleNote(titleFrom: TitleSource, fields: ReferenceFields): string {
  return NOTES[titleFrom](fields);
}

/** Why a reference got no verdict, in a writer's words. */
export function unidentifiedWhy(fields: ReferenceFields): string {
  if (printsCitation(fields))
    return 'It prints no title, and Crossref has no work with its first author, year, volume and first page: it was not checked.';
  if (printsTeam(fields))
    return 'It prints no title, and DBLP has no single work by its authors, in their order, in its year: it was not checked.';
  return 'No title could be read from this reference: it was not checked.';
}
