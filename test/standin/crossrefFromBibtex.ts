// The record the Crossref stand-in answers for a DOI whose authority BibTeX is recorded
// (test/fixtures/bibtex) but whose /works JSON is not. Crossref renders its BibTeX transform from
// its record of the DOI, so a DOI it serves BibTeX for always has a record too; a stand-in that
// answered the BibTeX and 404 for the record would be a Crossref that does not exist. The record
// is written from that recorded BibTeX's own fields, as text (Crossref's JSON holds "Ω", where
// its BibTeX holds LaTeX, or the maths its transform mangled), in the layout of the recorded work
// JSON (test/fixtures/crossref): nothing in it is invented.
import { readBibFields, splitBibtexAuthors } from '../../src/core/bibtex/citeKey';
import { reviewBibtexLatex } from '../../src/core/latex/health';
import { latexToUnicode } from '../../src/core/latex/unicode';

const TYPE_OF_ENTRY: Readonly<Record<string, string>> = {
  article: 'journal-article',
  inproceedings: 'proceedings-article',
  incollection: 'book-chapter',
  book: 'book',
  misc: 'posted-content',
};

/** BibTeX's LaTeX and braces are markup, not part of Crossref's plain strings. */
function plain(value: string): string {
  return latexToUnicode(value).replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();
}

/** "Herger, Michael" or "S. Perlmutter" as Crossref's { given, family }. */
function crossrefAuthor(name: string, index: number): Record<string, unknown> {
  const clean = plain(name);
  const comma = clean.indexOf(',');
  const words = clean.split(' ');
  const [given, family] = comma >= 0
    ? [clean.slice(comma + 1).trim(), clean.slice(0, comma).trim()]
    : [words.slice(0, -1).join(' '), words.at(-1) ?? clean];
  return { ...(given ? { given } : {}), family, sequence: index === 0 ? 'first' : 'additional', affiliation: [] };
}

/** The `/works/{doi}` message for the DOI of a recorded BibTeX entry. */
export function crossrefWorkFromBibtex(doi: string, bibtex: string): Record<string, unknown> {
  const { type, fields } = readBibFields(reviewBibtexLatex(bibtex).bibtex);
  const year = Number.parseInt(fields.year ?? '', 10);
  const container = fields.journal ?? fields.booktitle;
  const work: Record<string, unknown> = {
    DOI: doi,
    type: TYPE_OF_ENTRY[type] ?? 'other',
    title: [plain(fields.title ?? '')],
    author: splitBibtexAuthors(fields.author ?? '').map(crossrefAuthor),
    'container-title': container ? [plain(container)] : [],
    publisher: fields.publisher ? plain(fields.publisher) : undefined,
    volume: fields.volume,
    issue: fields.number,
    page: fields.pages?.replace(/-+/g, '-'),
    prefix: doi.split('/')[0],
    URL: `https://doi.org/${doi}`,
    relation: {},
    ...(Number.isFinite(year) ? { published: { 'date-parts': [[year]] }, issued: { 'date-parts': [[year]] } } : {}),
  };
  for (const key of Object.keys(work)) if (work[key] === undefined) delete work[key];
  return work;
}
