// How many typeset references are read back into the fields their .bib entry gave: each item (found
// by its \bibitem key) read by src/core/references' fieldsOfItem, each field compared up to form
// (titles and venues as the check compares them, authors as people, pages by the first page).
// A field the entry lacks is not counted; one the style does not print counts as missed.
import { compareTitles } from '../../src/core/bibcheck/titles';
import { compareAuthors, readAuthorList } from '../../src/core/bibcheck/people';
import { sameVenue } from '../../src/core/bibcheck/venues';
import { fieldsOfItem, type ReferenceFields, type ReferenceItem } from '../../src/core/references';
import { latexToPlainText } from '../../src/core/latex/plainText';
import { trimPart, withoutPlaceAndDate } from '../../src/core/references/venuePart';

export interface EntryLike {
  key: string;
  fields: Record<string, string>;
}

export const READ_FIELDS = ['title', 'author', 'year', 'venue', 'pages', 'doi', 'arxiv'] as const;
export type ReadField = (typeof READ_FIELDS)[number];

/** Per field: entries that have it, and how many of them were read back right. */
export type FieldTally = Record<ReadField, { right: number; of: number; missed: string[] }>;

const firstPage = (pages: string) => latexToPlainText(pages).split(/\s*[-–—]+\s*/)[0]!.replace(/\s+/g, '');
const placeless = (venue: string) => withoutPlaceAndDate(trimPart(venue));

/** The entry's value of a field, and whether the read fields hold it. */
function judged(field: ReadField, entry: Record<string, string>, read: ReferenceFields): boolean | undefined {
  switch (field) {
    case 'title':
      return entry.title ? compareTitles(read.title ?? '', entry.title).agreement === 'same' : undefined;
    case 'author':
      return entry.author ? compareAuthors(readAuthorList(read.author ?? ''), readAuthorList(entry.author)).agreement === 'agrees' : undefined;
    case 'year':
      return entry.year ? read.year?.slice(0, 4) === entry.year : undefined;
    case 'venue': {
      // The reader leaves a proceedings' place and dates out on purpose ("…, ICLR 2017, Toulon, France, April 24-26,
      // 2017"): so does the comparison.
      const venue = entry.journal ?? entry.booktitle;
      return venue ? sameVenue(placeless(read.venue ?? ''), placeless(latexToPlainText(venue))) : undefined;
    }
    case 'pages':
      return entry.pages ? firstPage(read.pages ?? '') === firstPage(entry.pages) : undefined;
    case 'doi':
      return entry.doi ? read.doi?.toLowerCase() === entry.doi.toLowerCase() : undefined;
    case 'arxiv':
      return entry.eprint ? read.arxiv?.toLowerCase() === entry.eprint.toLowerCase() : undefined;
  }
}

export function fieldReading(items: ReferenceItem[], entries: EntryLike[]): FieldTally {
  const byKey = new Map(items.map((item) => [item.key ?? '', item]));
  const tally = Object.fromEntries(READ_FIELDS.map((f) => [f, { right: 0, of: 0, missed: [] as string[] }])) as FieldTally;
  for (const entry of entries) {
    const item = byKey.get(entry.key);
    const read = item ? fieldsOfItem(item) : {};
    for (const field of READ_FIELDS) {
      const right = judged(field, entry.fields, read);
      if (right === undefined) continue;
      tally[field].of++;
      if (right) tally[field].right++;
      else tally[field].missed.push(entry.key);
    }
  }
  return tally;
}

/** "title 1117/1119 · author 1110/1119 · …" (fields no entry has left out). */
export function tallyLine(tally: FieldTally): string {
  return READ_FIELDS.filter((f) => tally[f].of > 0)
    .map((f) => `${f} ${tally[f].right}/${tally[f].of}`)
    .join(' · ');
}
