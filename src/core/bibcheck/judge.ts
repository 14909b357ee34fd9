// One entry held against one authority record, field by field: which fields agree up to form,
// which differ, which the entry could gain, and the verdict that follows. No network here.
import { compareAuthors, readAuthorList, type AuthorComparison } from './people';
import { compareTitles } from './titles';
import { pagesKey, volumeKey } from './compare';
import { isKnownVenue, isPreprintVenue, isSeriesName, sameVenue } from './venues';
import { journalRefVersion } from './journalRef';
import { authorityLabel, type AuthorityRecord, type EntryVerdict, type FieldEvidence, type FixableField, type MismatchKind } from './verdict';
import type { EuropePmcId } from '../identity/identifiers';
import { plural } from '../text/plural';

/** What the engine reads from a .bib entry (plain strings, as written). */
export interface EntryView {
  title: string;
  author?: string;
  year?: number;
  venue?: string;
  doi?: string;
  arxivId?: string;
  pages?: string;
  volume?: string;
  /** A PubMed or PMC id (biblatex's `eprinttype = {pubmed}`, a `pmid` field), when no DOI or arXiv id. */
  pubmed?: EuropePmcId;
  /** The entry stands in a list most of whose works are the life sciences' (field.ts). */
  inLifeSciencesList?: boolean;
}

export interface JudgeContext {
  /** The record was reached through the entry's own DOI or arXiv id (not a title search). */
  viaIdentifier: boolean;
  /** For a preprint record: its published version, when an authority has one. */
  published?: AuthorityRecord;
  /** The identifier the entry named, as the message says it ("PMID:40120586"); the DOI by default. */
  namedBy?: string;
}

/** How many years after the preprint a venue version may carry (ICLR 2021 for an arXiv 2020 paper). */
const PREPRINT_SHIFT_YEARS = 2;

function venueNames(record: AuthorityRecord): string[] {
  return [record.venue, ...(record.venueShort ?? [])].filter((v): v is string => !!v && !isSeriesName(v));
}

function venueAgrees(entryVenue: string, record: AuthorityRecord): boolean {
  return venueNames(record).some((v) => sameVenue(entryVenue, v));
}

function authorKinds(comparison: AuthorComparison): MismatchKind | undefined {
  switch (comparison.agreement) {
    case 'agrees':
      return undefined;
    case 'missing':
      return 'authors-missing';
    case 'invented':
      return 'authors-invented';
    case 'swapped':
      return 'authors-swapped';
  }
}

interface VenueYear {
  kinds: MismatchKind[];
  fixable: FixableField[];
  evidence: FieldEvidence[];
}

/** The venue and year claims against the record (and its published version, for a preprint). */
function judgeVenueAndYear(entry: EntryView, record: AuthorityRecord, found: AuthorityRecord | undefined): VenueYear {
  // arXiv's journal reference naming the entry's venue is the published version, as one found elsewhere would be.
  const published = found ?? journalRefVersion(record, entry.venue);
  const kinds: MismatchKind[] = [];
  const fixable: FixableField[] = [];
  const recordVenue = venueNames(record)[0];
  const venue: FieldEvidence = { field: 'venue', entry: entry.venue, authority: recordVenue, status: 'agrees' };
  const year: FieldEvidence = { field: 'year', entry: entry.year?.toString(), authority: record.year?.toString(), status: 'agrees' };
  // The version the entry's venue claim is about: the published one when the entry names a venue.
  let against = record;
  if (!entry.venue || isPreprintVenue(entry.venue)) {
    if (!record.preprint && recordVenue && !entry.venue) {
      venue.status = 'missing';
      fixable.push('venue');
    } else if (!record.preprint && entry.venue) {
      venue.status = 'differs';
      venue.note = 'cited as a preprint; the authority has the published version';
      fixable.push('published-version');
    } else if (published || record.doi) {
      venue.note = `published as ${published ? (venueNames(published)[0] ?? published.id) : record.doi}`;
      fixable.push('published-version');
    }
  } else if (record.preprint && !published) {
    venue.status = 'differs';
    venue.note = 'the authority has only a preprint of this work';
    kinds.push('preprint-as-published');
  } else {
    if (record.preprint && published) {
      against = published;
      venue.authority = venueNames(published)[0];
    }
    const names = venueNames(against);
    if (names.length === 0) venue.status = 'unknown';
    else if (!venueAgrees(entry.venue, against)) {
      venue.status = 'differs';
      kinds.push(isKnownVenue(entry.venue) ? 'wrong-venue' : 'nonexistent-venue');
      if (!isKnownVenue(entry.venue)) venue.note = 'no authority knows this venue';
    }
  }
  if (entry.year === undefined) year.status = against.year ? 'missing' : 'unknown';
  else if (against.year === undefined) year.status = 'unknown';
  else if (entry.year !== against.year) {
    year.authority = against.year.toString();
    const shift = entry.year - against.year;
    const preprintShift = against.preprint && shift > 0 && shift <= PREPRINT_SHIFT_YEARS;
    // A venue paper cited with the year of its preprint (the preprint a year or two earlier).
    const earlierPreprint = !against.preprint && shift < 0 && -shift <= PREPRINT_SHIFT_YEARS;
    if (preprintShift) year.note = 'a preprint and its venue a year or two apart';
    else if (earlierPreprint) {
      year.note = "ours is the preprint's year; the venue's is later";
      fixable.push('year');
    }
    else {
      year.status = 'differs';
      kinds.push('wrong-year');
    }
  }
  return { kinds, fixable, evidence: [venue, year] };
}

/** An entry held against arXiv's record that claims no venue (or a preprint server's) cites the preprint. */
function citesPreprintOnArxiv(entry: EntryView, record: AuthorityRecord): boolean {
  return record.authority === 'arxiv' && (!entry.venue || isPreprintVenue(entry.venue));
}

/** The verdict on `entry` given the authority `record` it was held against. */
export function judge(entry: EntryView, record: AuthorityRecord, context: JudgeContext): EntryVerdict {
  const kinds: MismatchKind[] = [];
  const fixable: FixableField[] = [];
  const titles = compareTitles(entry.title, record.title);
  const title: FieldEvidence = { field: 'title', entry: entry.title, authority: record.title, status: titles.agreement === 'same' ? 'agrees' : 'differs' };
  // A preprint's title often changes at publication: an entry citing the venue may carry the published one.
  const published = context.published;
  if (titles.agreement !== 'same' && published && compareTitles(entry.title, published.title).agreement === 'same') {
    Object.assign(title, { authority: published.title, status: 'agrees', note: "the published version's title" });
  } else if (titles.agreement === 'near') {
    kinds.push('title-near-miss');
    title.note = `${plural(titles.distance, 'word')} ${titles.distance === 1 ? 'differs' : 'differ'}`;
  } else if (titles.agreement === 'other') {
    kinds.push(context.viaIdentifier ? 'doi-other-work' : 'title-near-miss');
    title.note = 'another title';
  }
  const authors = compareAuthors(readAuthorList(entry.author ?? ''), readAuthorList(record.authors));
  const author: FieldEvidence = { field: 'author', entry: entry.author, authority: record.authors.join(' and '), status: authors.agreement === 'agrees' ? 'agrees' : 'differs' };
  if (authors.onlyFirstListed) Object.assign(author, { status: 'unknown', note: `${authorityLabel(record.authority)} lists only the first author` });
  else if (authors.unmatched.length) author.note = `not the authority's: ${authors.unmatched.join('; ')}`;
  else if (authors.left.length) author.note = `left out: ${authors.left.join('; ')}`;
  const authorKind = authorKinds(authors);
  if (authorKind) kinds.push(authorKind);
  else if (authors.reordered && record.authors.length) {
    // The right people in another order: a reader finds the work, but the printed first name is wrong.
    Object.assign(author, { status: 'differs', note: `another order: the first author is ${record.authors[0]}` });
    fixable.push('author');
  }
  const venueYear = judgeVenueAndYear(entry, record, context.published);
  kinds.push(...venueYear.kinds);
  fixable.push(...venueYear.fixable);
  const doi: FieldEvidence = { field: 'doi', entry: entry.doi, authority: record.doi ?? context.published?.doi, status: 'agrees' };
  if (!entry.doi && doi.authority && citesPreprintOnArxiv(entry, record)) {
    // arXiv's DOI is the journal version's: written into a preprint's entry, the next check held the
    // preprint's title against the journal's record (a near miss). "published as" says it instead.
    Object.assign(doi, { status: 'unknown', note: "the published version's; the entry cites the preprint" });
  } else if (!entry.doi && doi.authority) {
    doi.status = 'missing';
    fixable.push('doi');
  } else if (!doi.authority) doi.status = 'unknown';
  // A journal that numbers articles (Sci. Rep., Nat. Commun.) deposits no pages: the printed number is its article number.
  const pages = pagesEvidence(entry.pages, record.pages ?? (entry.pages ? record.articleNumber : undefined));
  const volume = smallField('volume', entry.volume, record.preprint ? undefined : record.volume, volumeKey);
  for (const e of [pages, volume]) if (e.status === 'missing' || e.status === 'differs') fixable.push(e.field as FixableField);
  const evidence = [title, author, ...venueYear.evidence, doi, pages, volume];
  // The DOI's work has another title and other authors: the DOI is real, the rest made up.
  if (context.viaIdentifier && titles.agreement !== 'same' && authorKind === 'authors-swapped' && !kinds.includes('doi-other-work')) kinds.unshift('doi-other-work');
  // A title from one work and authors from another: the merged entry HALLMARK describes.
  if (!context.viaIdentifier && authorKind === 'authors-swapped' && venueYear.kinds.length) kinds.unshift('merged-works');
  if (kinds.includes('doi-other-work') && kinds[0] !== 'doi-other-work') {
    kinds.splice(kinds.indexOf('doi-other-work'), 1);
    kinds.unshift('doi-other-work');
  }
  if (kinds.length) {
    const [kind, ...otherKinds] = kinds;
    return {
      verdict: 'mismatch',
      kind,
      ...(otherKinds.length ? { otherKinds } : {}),
      confidence: kind === 'title-near-miss' ? 0.8 : 0.9,
      authority: record.authority,
      record,
      ...(context.published ? { published: context.published } : {}),
      evidence,
      searched: [],
      message: mismatchMessage(kind!, record, evidence, context.namedBy),
    };
  }
  const verdict = fixable.length ? 'verified-fixable' : 'verified';
  return {
    verdict,
    ...(context.published ? { published: context.published } : {}),
    ...(fixable.length ? { fixable } : {}),
    confidence: context.viaIdentifier ? 0.98 : 0.95,
    authority: record.authority,
    record,
    evidence,
    searched: [],
    message: `Verified at ${authorityLabel(record.authority)} (${record.id})${fixableWords(fixable, evidence)}.`,
  };
}

/** "; it could correct year (1998 → 1999) and add doi": a value the entry has is a correction, not an addition. */
function fixableWords(fixable: FixableField[], evidence: FieldEvidence[]): string {
  const corrections: string[] = [];
  const additions: string[] = [];
  for (const field of fixable) {
    const e = evidence.find((f) => f.field === field);
    if (field === 'author') {
      corrections.push(`the order of the authors (first: ${e?.authority?.split(' and ')[0] ?? '?'})`);
      continue;
    }
    if (e?.entry && e.authority) corrections.push(`${field} (${e.entry} → ${e.authority})`);
    else additions.push(field);
  }
  const parts = [corrections.length ? `correct ${corrections.join(', ')}` : '', additions.length ? `add ${additions.join(', ')}` : ''].filter(Boolean);
  return parts.length ? `; it could ${parts.join(' and ')}` : '';
}

/**
 * Physics styles print the first page only ("Lancet 351, 637"): the start of the authority's range agrees. So
 * does a range whose start is the authority's only page (Crossref holds "637" where the reference prints 637–41).
 */
function pagesEvidence(ours: string | undefined, theirs: string | undefined): FieldEvidence {
  const evidence = smallField('pages', ours, theirs, pagesKey);
  if (evidence.status !== 'differs' || !(startsRange(ours!, theirs!) || startsRange(theirs!, ours!))) return evidence;
  return { ...evidence, status: 'agrees', note: 'the first page' };
}

/** `page` is a single page ("637", "e33693") that starts `range`. */
function startsRange(page: string, range: string): boolean {
  const first = page.trim().toLowerCase();
  return /^[a-z]{0,4}\d+$/.test(first) && pagesKey(range).toLowerCase().split('-')[0] === first;
}

/** Pages and volume: a wrong or missing one is worth fixing, not alarming. */
function smallField(field: 'pages' | 'volume', ours: string | undefined, theirs: string | undefined, normal: (v: string) => string): FieldEvidence {
  if (!theirs) return { field, entry: ours, status: 'unknown' };
  if (!ours) return { field, authority: theirs, status: 'missing' };
  return { field, entry: ours, authority: theirs, status: normal(ours).toLowerCase() === normal(theirs).toLowerCase() ? 'agrees' : 'differs' };
}

const KIND_TEXT: Record<MismatchKind, string> = {
  'title-near-miss': 'the title differs from the real one',
  'authors-swapped': 'the authors are not the work\'s authors',
  'authors-missing': 'authors are missing',
  'authors-invented': 'some authors are not the work\'s',
  'wrong-venue': 'the venue is not where the work appeared',
  'nonexistent-venue': 'the venue is not one any authority knows',
  'preprint-as-published': 'a preprint is cited as published',
  'wrong-year': 'the year is wrong',
  'doi-other-work': 'the DOI names another work',
  'merged-works': 'the entry mixes two works',
};

function mismatchMessage(kind: MismatchKind, record: AuthorityRecord, evidence: FieldEvidence[], namedBy?: string): string {
  const differing = evidence.filter((e) => e.status === 'differs').map((e) => `${e.field}: "${e.authority ?? ''}"`);
  const text = kind === 'doi-other-work' && namedBy ? `${namedBy} names another work` : KIND_TEXT[kind];
  return `Mismatch: ${text}. ${authorityLabel(record.authority)} (${record.id}) has ${differing.join(', ')}.`;
}
