// One Crossref work record read defensively: a field of the wrong type is dropped, never passed
// on, and a record without a DOI or a title is no record. Only the fields citefinder uses are kept.
import { readCitationCount } from '../identity/citationCount';
import { normalizeDoi } from '../identity/work';
import type { CitationCount } from '../types';
import { isObject, type Raw } from './raw';

/** Crossref's kinds of editorial notice (`updated-by` / `update-to` entries). */
export type NoticeType = 'retraction' | 'withdrawal' | 'expression_of_concern' | 'correction' | 'other';

export interface CrossrefNotice {
  type: NoticeType;
  /** The notice's own DOI (for `updated-by`) or the DOI it updates (for `update-to`). */
  doi: string;
  /** Who asserted it: `retraction-watch`, `publisher`. */
  source?: string;
  /** YYYY-MM-DD when known. */
  date?: string;
  label?: string;
}

export interface CrossrefWork {
  doi: string;
  /** Crossref's type: `journal-article`, `posted-content`, `proceedings-article`, … */
  type?: string;
  title: string;
  /** "Given Family", in order. */
  authors: string[];
  /**
   * The same names as BibTeX reads them: "Family, Given" where the family name is more than one
   * word ("Dalla Serra, Mauro"), which "Given Family" would split at its last word (Serra).
   */
  bibtexAuthors?: string[];
  year?: number;
  containerTitle?: string;
  /** Crossref's abbreviated venue (`short-container-title`), e.g. "ApJ", "Lancet"; not always given. */
  shortContainerTitle?: string;
  volume?: string;
  issue?: string;
  page?: string;
  /** The article number an online journal gives instead of pages (Sci. Rep.'s 16696). */
  articleNumber?: string;
  publisher?: string;
  /** Plain text (Crossref's JATS tags removed). */
  abstract?: string;
  url?: string;
  /** For posted content: the server (`bioRxiv`, `medRxiv`, …). */
  institution?: string;
  /** Notices about this work (it was retracted, corrected, …). */
  updatedBy: CrossrefNotice[];
  /** On a notice itself: the works it updates. */
  updateTo: CrossrefNotice[];
  /** For a preprint: DOIs of its published versions (`relation.is-preprint-of`). */
  preprintOf: string[];
  /** For a published work: DOIs of its preprints (`relation.has-preprint`). */
  hasPreprint: string[];
  /** Citations Crossref's members deposited (`is-referenced-by-count`); left out when 0. */
  citedBy?: CitationCount;
  /** The references its publisher deposited (`reference`), when there are any. */
  references?: CrossrefReference[];
}

/** One deposited reference in Crossref's own field names (`DOI`, `article-title`, `author`, `unstructured`, …), text values only. */
export type CrossrefReference = Readonly<Record<string, string>>;

function str(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.replace(/\s+/g, ' ').trim() : undefined;
}

/** Crossref gives titles and container titles as lists of strings. */
function first(value: unknown): string | undefined {
  return Array.isArray(value) ? value.map(str).find((s) => s !== undefined) : str(value);
}

function objects(value: unknown): Raw[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** `{"date-parts": [[2010, 2, 6]]}` → "2010-02-06" (as far as the parts go). */
function dateOf(value: unknown): string | undefined {
  const parts = isObject(value) && Array.isArray(value['date-parts']) ? value['date-parts'][0] : undefined;
  if (!Array.isArray(parts) || typeof parts[0] !== 'number') return undefined;
  return parts
    .filter((p): p is number => typeof p === 'number' && Number.isInteger(p))
    .slice(0, 3)
    .map((p, i) => (i === 0 ? String(p) : String(p).padStart(2, '0')))
    .join('-');
}

function yearOf(record: Raw): number | undefined {
  // Not 'created': that is when the DOI was registered, years after some proceedings.
  for (const field of ['published', 'published-print', 'published-online', 'issued', 'posted']) {
    const year = Number(dateOf(record[field])?.slice(0, 4));
    if (Number.isInteger(year) && year > 0) return year;
  }
  return undefined;
}

/** Names must be text: a number where a name belongs means the record is not what it claims. */
function nameOf(value: unknown): string | undefined {
  return typeof value === 'string' ? str(value) : undefined;
}

function authorName(raw: Raw): string | undefined {
  const given = nameOf(raw.given);
  const family = nameOf(raw.family);
  if (family) return given ? `${given} ${family}` : family;
  return nameOf(raw.name);
}

/** The name with its family part kept whole: a two-word family name goes first, before a comma. */
function bibtexAuthorName(raw: Raw): string | undefined {
  const given = nameOf(raw.given);
  const family = nameOf(raw.family);
  if (family && given && /\s/.test(family)) return `${family}, ${given}`;
  return authorName(raw);
}

const NOTICE_TYPES: Readonly<Record<string, NoticeType>> = {
  retraction: 'retraction',
  withdrawal: 'withdrawal',
  removal: 'withdrawal',
  expression_of_concern: 'expression_of_concern',
  'expression-of-concern': 'expression_of_concern',
  correction: 'correction',
  erratum: 'correction',
  corrigendum: 'correction',
};

function notices(value: unknown): CrossrefNotice[] {
  return objects(value).flatMap((raw) => {
    const doi = normalizeDoi(str(raw.DOI));
    const kind = str(raw.type)?.toLowerCase();
    if (!doi || !kind) return [];
    const notice: CrossrefNotice = { type: NOTICE_TYPES[kind] ?? 'other', doi };
    const source = str(raw.source);
    const date = dateOf(raw.updated);
    const label = str(raw.label);
    if (source) notice.source = source;
    if (date) notice.date = date;
    if (label) notice.label = label;
    return [notice];
  });
}

function relatedDois(relation: unknown, name: string): string[] {
  if (!isObject(relation)) return [];
  return objects(relation[name])
    .filter((r) => str(r['id-type'])?.toLowerCase() === 'doi')
    .map((r) => normalizeDoi(str(r.id)))
    .filter((d): d is string => d !== undefined);
}

/**
 * Crossref abstracts are JATS XML; the card and the scorer want its words, without the heading the
 * publisher deposited before them (`<jats:title>ABSTRACT</jats:title>`).
 */
function plainAbstract(value: unknown): string | undefined {
  const withoutHeading = str(value)?.replace(/^\s*<jats:title>\s*(?:abstract|summary)\s*<\/jats:title>/i, '');
  const text = withoutHeading?.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text || undefined;
}

/** The work in `message`, or undefined when it has no DOI or no title. */
export function readCrossrefWork(message: unknown): CrossrefWork | undefined {
  if (!isObject(message)) return undefined;
  const doi = normalizeDoi(str(message.DOI));
  const title = first(message.title);
  if (!doi || !title) return undefined;
  const work: CrossrefWork = {
    doi,
    title,
    authors: objects(message.author).map(authorName).filter((a): a is string => a !== undefined),
    bibtexAuthors: objects(message.author).map(bibtexAuthorName).filter((a): a is string => a !== undefined),
    updatedBy: notices(message['updated-by']),
    updateTo: notices(message['update-to']),
    preprintOf: relatedDois(message.relation, 'is-preprint-of'),
    hasPreprint: relatedDois(message.relation, 'has-preprint'),
  };
  const optional: Partial<CrossrefWork> = {
    type: str(message.type),
    year: yearOf(message),
    containerTitle: first(message['container-title']),
    shortContainerTitle: first(message['short-container-title']),
    volume: str(message.volume),
    issue: str(message.issue),
    page: str(message.page),
    articleNumber: str(message['article-number']),
    publisher: str(message.publisher),
    abstract: plainAbstract(message.abstract),
    url: str(message.URL),
    institution: objects(message.institution).map((i) => str(i.name)).find(Boolean),
    citedBy: readCitationCount(message['is-referenced-by-count'], 'crossref', false),
    references: depositedReferences(message.reference),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (work as unknown as Raw)[key] = value;
  }
  return work;
}

function depositedReferences(value: unknown): CrossrefReference[] | undefined {
  const textOnly = (raw: Raw) => Object.fromEntries(Object.entries(raw).flatMap(([k, v]) => (str(v) === undefined ? [] : [[k, str(v)!]])));
  const references = objects(value).map(textOnly);
  return references.length ? references : undefined;
}
