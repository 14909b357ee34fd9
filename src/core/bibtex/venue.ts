// A venue as a reader writes it: "The Astrophysical Journal 517, 565–586 (1999)", from the
// authority's BibTeX fields, or from arXiv's journal reference ("Astrophys.J.517:565-586,1999"
// becomes "Astrophys. J. 517, 565–586 (1999)"); never a bare DOI.
import { latexToUnicode } from '../latex/unicode';
import { composeVenue } from './journalRef';

export { venueFromJournalRef } from './journalRef';

type Fields = Readonly<Record<string, string | undefined>>;

/** From BibTeX fields: journal (or booktitle), volume, pages, year; undefined without a venue. */
export function venueFromFields(fields: Fields): string | undefined {
  const name = fields.journal ?? fields.journaltitle ?? fields.booktitle;
  if (!name?.trim()) return undefined;
  const volume = fields.volume?.trim() ? clean(fields.volume) : '';
  const pages = fields.pages?.trim() ? clean(fields.pages).replace(/\s*-+\s*/g, '–') : '';
  const year = (fields.year ?? fields.date?.slice(0, 4))?.trim();
  // Braces that only protect case ("Journal of {NeuroEngineering} …") are left once the LaTeX is read.
  return composeVenue(clean(latexToUnicode(name)), volume, pages, year ? clean(year) : undefined);
}

function clean(value: string): string {
  return value.replace(/[{}]/g, '').trim();
}
