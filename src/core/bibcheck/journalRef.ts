// arXiv's journal reference ("Phys. Rev. B 85, 115117 (2012)", the authors' own note of where the
// paper appeared): when it names the venue an entry prints, the entry cites the published paper,
// not a preprint passed off as one, even when no other authority was found to hold that version.
import { sameVenue } from './venues';
import type { AuthorityRecord } from './verdict';

/** The journal's name: what comes before the volume ("Phys. Rev. B" of "Phys. Rev. B 85, 115117 (2012)"). */
function journalName(reference: string): string {
  return reference.split(/(?:[\s,]+|(?<=\.))\d+(?=[\s,:(]|$)/)[0]!.replace(/[\s,.;:]+$/, '').trim();
}

/** The year the reference prints, in brackets as physics journals do, else the last one. */
function journalYear(reference: string): number | undefined {
  const years = [...reference.matchAll(/(?<!\d)((?:19|20)\d\d)(?!\d)/g)].map((m) => Number(m[1]));
  const bracketed = /\(((?:19|20)\d\d)\)/.exec(reference)?.[1];
  return bracketed ? Number(bracketed) : years.at(-1);
}

/**
 * The published version an arXiv record's journal reference names, when that journal is the entry's
 * venue; undefined otherwise. Its year is the journal's; without one the preprint's year stands (as a preprint's).
 */
export function journalRefVersion(record: AuthorityRecord, entryVenue: string | undefined): AuthorityRecord | undefined {
  if (record.authority !== 'arxiv' || !record.venue || !entryVenue) return undefined;
  const name = journalName(record.venue);
  if (!name || !sameVenue(entryVenue, name)) return undefined;
  const year = journalYear(record.venue);
  return { ...record, venue: name, venueShort: undefined, year: year ?? record.year, preprint: year === undefined };
}
