// How the verdict engine reads a .bib entry's fields: its title with a biblatex subtitle, the year
// of `year` or `date`, the venue as printed (an ADS journal macro expanded), and the one identifier
// the entry names. Kept apart from the engine, which decides on what is read here.
import { identifierOfFields } from '../identity/identifiers';
import { plainLine } from '../latex/plainText';
import type { EntryView } from './judge';
import { expandJournalMacro } from './journalMacros';
import { plainTitle } from './titles';

export type Fields = Readonly<Record<string, string | undefined>>;

function plain(value: string | undefined): string | undefined {
  const text = value === undefined ? undefined : plainLine(value);
  return text || undefined;
}

/** `\apj` (an ADS export) as the journal it prints; plain text would read it as nothing. */
function venueOf(written: string | undefined): string | undefined {
  return written === undefined ? undefined : expandJournalMacro(written);
}

/** The entry's fields as the engine reads them. */
export function entryView(fields: Fields): EntryView | undefined {
  // biblatex keeps a title's part after its colon apart (`subtitle`): the work's title is both.
  const subtitle = fields.subtitle ? plainTitle(fields.subtitle) : undefined;
  const title = fields.title ? [plainTitle(fields.title), subtitle].filter(Boolean).join(': ') : undefined;
  if (!title) return undefined;
  const year = Number((fields.year ?? fields.date ?? '').trim().slice(0, 4));
  const id = identifierOfFields(fields);
  return {
    title,
    author: fields.author,
    year: Number.isInteger(year) && year > 0 ? year : undefined,
    venue: plain(venueOf(fields.journal ?? fields.booktitle ?? fields.journaltitle)),
    doi: id?.kind === 'doi' ? id.doi : undefined,
    arxivId: id?.kind === 'arxiv' ? id.id : undefined,
    pubmed: id?.kind === 'pubmed' || id?.kind === 'pmc' ? id : undefined,
    pages: fields.pages,
    volume: fields.volume,
  };
}
