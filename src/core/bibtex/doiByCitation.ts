// A published record without a DOI: PubMed lists many older articles, and some journals, without
// one, and so do Semantic Scholar's and OpenAlex's records now and then. Crossref often holds the
// work anyway (publishers deposited their back files), so its DOI is searched by the record's
// title and first author. It is taken only when Crossref's work is this one by Check Bibliography's
// rules: the same title up to form, the record's people, a year at most one apart (online and print
// issues), and a published work, never a preprint. Nothing is written from the record itself: the
// BibTeX still comes from the DOI's authority.
import type { CoreDeps } from '../deps';
import { isAbortError } from '../net/types';
import { searchCrossref } from '../sources/crossref';
import type { Candidate, PaperRecord } from '../types';
import { attachBibtex, type BibtexOptions } from './index';
import type { CiteKeyRule } from './keyFormula';
import { compareAuthors, readAuthorList } from '../bibcheck/people';
import { compareTitles } from '../bibcheck/titles';

/** The sources whose records may lack a DOI though the work has one; a preprint server's never do. */
const PUBLISHED_SOURCES = new Set<PaperRecord['source']>(['pubmed', 'semanticscholar', 'openalex']);

/** Years apart a record and Crossref's work may be (Crossref's earliest issue against PubMed's print year). */
const YEARS_APART = 1;

export interface CitationDoi {
  /** Lower-case DOI of Crossref's work, when it is this record's. */
  doi?: string;
  /** What was done, for the card: how the DOI was found, or that Crossref had none. */
  words: string;
}

/** Whether a record can only be cited through a DOI found for it: no DOI, arXiv id or DBLP key. */
export function needsCitationDoi(record: PaperRecord): boolean {
  return !record.doi && !record.publishedDoi && !record.arxivId && !record.dblpKey && PUBLISHED_SOURCES.has(record.source) &&
    Boolean(record.title && record.authors.length && record.year);
}

/**
 * Crossref's DOI of the record's work, searched by its title and first author (one request).
 * Undefined when the record is not one to search for; a failed search says so and finds nothing.
 */
export async function doiByCitation(record: PaperRecord, deps: CoreDeps): Promise<CitationDoi | undefined> {
  if (!needsCitationDoi(record) || !deps.settings['sources.crossref.url']?.trim()) return undefined;
  let works;
  try {
    works = await searchCrossref({ bibliographic: `${record.title} ${record.journal ?? ''} ${record.year}`.trim(), author: record.authors[0], rows: 5 }, deps);
  } catch (error) {
    if (isAbortError(error) || deps.signal?.aborted) throw error;
    return { words: `the record has no DOI, and Crossref could not be searched for one (${(error as Error).message})` };
  }
  const people = readAuthorList(record.authors);
  const match = works.find(
    (work) =>
      work.type !== 'posted-content' &&
      compareTitles(record.title, work.title).agreement === 'same' &&
      work.year !== undefined &&
      Math.abs(work.year - record.year!) <= YEARS_APART &&
      compareAuthors(people, readAuthorList(work.authors)).agreement === 'agrees',
  );
  if (!match) return { words: 'the record has no DOI, and Crossref holds no work with its title, authors and year' };
  return { doi: match.doi.toLowerCase(), words: `its DOI was found at Crossref by its title, authors and year (the ${sourceName(record)} record has none)` };
}

function sourceName(record: PaperRecord): string {
  return record.source === 'pubmed' ? 'PubMed' : record.source === 'semanticscholar' ? 'Semantic Scholar' : 'OpenAlex';
}

/**
 * attachBibtex, with a DOI searched first for a record that has no identifier to ask an authority
 * with. The candidate comes back with the DOI found (its BibTeX note says how), or with why not.
 */
export async function attachBibtexFindingDoi(
  candidate: Candidate,
  deps: CoreDeps,
  rule: CiteKeyRule,
  options: BibtexOptions = {},
): Promise<Candidate> {
  const found = await doiByCitation(candidate, deps);
  if (!found?.doi) {
    const result = await attachBibtex(candidate, deps, rule, options);
    return found && !result.bibtex ? { ...result, bibtexWhy: found.words } : result;
  }
  const result = await attachBibtex({ ...candidate, doi: found.doi }, deps, rule, options);
  const note = `${found.words[0]!.toUpperCase()}${found.words.slice(1)}.`;
  return result.bibtex ? { ...result, bibtexNote: [note, result.bibtexNote].filter(Boolean).join(' ') } : result;
}
