// A work's record read from its authority's BibTeX (doi.org content negotiation): for DOIs that
// Crossref does not register (DataCite, mEDRA, …) or has no record of, the registration agency's
// entry still names the title, authors, venue and year.
import type { CoreDeps } from '../deps';
import { BibtexUnavailableError, fetchBibtex, readBibFields, splitBibtexAuthors } from '../bibtex';
import { latexToUnicode } from '../latex/unicode';
import type { PaperRecord } from '../types';

/** The fields of the DOI's authority BibTeX, or undefined when no authority knows the DOI. Throws when it fails otherwise. */
export async function bibtexFieldsOf(doi: string, deps: CoreDeps): Promise<Record<string, string> | undefined> {
  let bibtex: string;
  try {
    ({ bibtex } = await fetchBibtex({ id: `doi:${doi}`, source: 'crossref', title: '', authors: [], doi }, deps));
  } catch (error) {
    if (error instanceof BibtexUnavailableError && error.attempts.every((a) => /^HTTP 40[4]|^HTTP 410/.test(a.reason))) return undefined;
    throw error;
  }
  return readBibFields(bibtex).fields;
}

/** The record, or undefined when doi.org says there is no such DOI. Throws when it fails otherwise. */
export async function recordFromBibtex(doi: string, deps: CoreDeps): Promise<PaperRecord | undefined> {
  const fields = await bibtexFieldsOf(doi, deps);
  if (!fields) return undefined;
  const year = Number(fields.year);
  const venue = fields.journal ?? fields.booktitle;
  return {
    id: `doi:${doi}`,
    source: 'crossref',
    title: plain(fields.title ?? doi),
    authors: fields.author ? splitBibtexAuthors(fields.author).map(plain) : [],
    year: Number.isInteger(year) && year > 0 ? year : undefined,
    doi,
    url: `https://doi.org/${doi}`,
    journal: venue ? plain(venue) : undefined,
  };
}

/** A BibTeX value as a reader sees it: maths as text (Ω, not dropped), accents as letters. */
function plain(value: string): string {
  return latexToUnicode(value).replace(/\s+/g, ' ').trim();
}
