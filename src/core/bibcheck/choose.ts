// Which of an authority's search hits is the entry's work: the same title (up to form) first,
// then the one whose authors, venue and year agree most; a title one or two words off counts
// only when the authors say it is the same work. A preprint hit brings its published version
// along when the same answer holds one.
import type { EntryView } from './judge';
import { compareAuthors, readAuthorList } from './people';
import { compareTitles, type TitleAgreement } from './titles';
import { sameVenue } from './venues';
import type { AuthorityRecord } from './verdict';

export interface Chosen {
  record: AuthorityRecord;
  titleAgreement: TitleAgreement;
  score: number;
  /** For a preprint record: a published record of the same title among the hits. */
  published?: AuthorityRecord;
}

/** A near title is the same work only when at least this share of the entry's authors are its authors. */
const NEAR_TITLE_AUTHOR_SHARE = 0.5;

export function choose(entry: EntryView, records: readonly AuthorityRecord[]): Chosen | undefined {
  const authors = readAuthorList(entry.author ?? '');
  const scored = records.flatMap((record) => {
    const title = compareTitles(entry.title, record.title);
    if (title.agreement === 'other') return [];
    const people = compareAuthors(authors, readAuthorList(record.authors));
    const share = authors.people.length ? people.matched / authors.people.length : 0;
    if (title.agreement === 'near' && share < NEAR_TITLE_AUTHOR_SHARE) return [];
    const venue = entry.venue && [record.venue, ...(record.venueShort ?? [])].some((v) => v && sameVenue(entry.venue!, v)) ? 0.5 : 0;
    const year = entry.year !== undefined && entry.year === record.year ? 0.1 : 0;
    const score = (title.agreement === 'same' ? 2 : 1 - title.distance * 0.1) + share + venue + year + (record.preprint ? 0 : 0.2);
    return [{ record, titleAgreement: title.agreement, score }];
  });
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best) return undefined;
  const published = best.record.preprint ? scored.find((s) => s.titleAgreement === 'same' && !s.record.preprint)?.record : undefined;
  return { ...best, ...(published ? { published } : {}) };
}
