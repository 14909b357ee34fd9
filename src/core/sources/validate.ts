// Each record of an answer checked on its own: a field of the wrong type (a number for a title,
// an object for an author list) drops that record, not the whole answer, and never reaches code
// that calls string methods on it. Numbers where text is expected are harmless and kept as text.
import type { EuropePmcAuthor, EuropePmcResult } from './europepmcRecord';
import { isObject, type Raw } from './raw';

/** Thrown inside a check: the record is dropped. */
class Malformed extends Error {}

/** Text or absent; anything else makes the record malformed. */
function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  throw new Malformed();
}

/** For ids, years and versions, which some answers give as numbers: harmless, kept as text. */
function textOrNumber(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return text(value);
}

function object(value: unknown): Raw | undefined {
  if (value === undefined || value === null) return undefined;
  if (isObject(value)) return value;
  throw new Malformed();
}

function list(value: unknown): unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value;
  throw new Malformed();
}

/** Keeps the defined fields only, so a checked record holds nothing it was not checked for. */
function defined<T extends object>(value: T): T {
  // A loop, not Object.fromEntries(Object.entries(…)): called for every author and link of every
  // search answer, on cold code in a new process, where the array round trip cost tens of ms.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) out[key] = field;
  }
  return out as T;
}

/** The items of a list that pass `check`; one bad author does not cost the record its others. */
function each<T>(items: unknown[] | undefined, check: (item: unknown) => T): T[] {
  return (items ?? []).flatMap((item) => {
    try {
      return [check(item)];
    } catch (error) {
      if (error instanceof Malformed) return [];
      throw error;
    }
  });
}

function author(raw: unknown): EuropePmcAuthor {
  const a = object(raw);
  if (!a) throw new Malformed();
  return defined({
    fullName: text(a.fullName),
    firstName: text(a.firstName),
    lastName: text(a.lastName),
    initials: text(a.initials),
    collectiveName: text(a.collectiveName),
  });
}

function fullTextUrl(raw: unknown): { documentStyle?: string; url?: string; availabilityCode?: string } {
  const url = object(raw);
  if (!url) throw new Malformed();
  return defined({ documentStyle: text(url.documentStyle), url: text(url.url), availabilityCode: text(url.availabilityCode) });
}

/** `pubTypeList.pubType`: a list, or a lone string where the record has one type. */
function pubTypes(raw: unknown): string[] | undefined {
  const value = object(raw)?.pubType;
  if (value === undefined || value === null) return undefined;
  return (Array.isArray(value) ? value : [value]).filter((t): t is string => typeof t === 'string');
}

/** A Europe PMC result with every field used of the right type, or undefined. */
export function checkEuropePmcResult(raw: unknown): EuropePmcResult | undefined {
  if (!isObject(raw)) return undefined;
  try {
    const title = text(raw.title);
    if (!title) return undefined;
    const authorList = object(raw.authorList);
    const book = object(raw.bookOrReportDetails);
    const journal = object(object(raw.journalInfo)?.journal);
    const urls = list(object(raw.fullTextUrlList)?.fullTextUrl);
    return defined({
      id: textOrNumber(raw.id),
      source: text(raw.source),
      pmid: textOrNumber(raw.pmid),
      pmcid: text(raw.pmcid),
      isOpenAccess: text(raw.isOpenAccess),
      inEPMC: text(raw.inEPMC),
      pubTypes: pubTypes(raw.pubTypeList),
      doi: text(raw.doi),
      title,
      authorString: text(raw.authorString),
      authorList: authorList ? { author: each(list(authorList.author), author) } : undefined,
      pubYear: textOrNumber(raw.pubYear),
      firstPublicationDate: text(raw.firstPublicationDate),
      abstractText: text(raw.abstractText),
      bookOrReportDetails: book ? defined({ publisher: text(book.publisher) }) : undefined,
      journalInfo: journal ? { journal: defined({ title: text(journal.title) }) } : undefined,
      fullTextUrlList: urls ? { fullTextUrl: each(urls, fullTextUrl) } : undefined,
      citedByCount: typeof raw.citedByCount === 'number' ? raw.citedByCount : undefined,
    });
  } catch (error) {
    if (error instanceof Malformed) return undefined;
    throw error;
  }
}

/** The fields of one bioRxiv/medRxiv `details` record, every one text, or undefined. */
export interface CheckedDetails {
  doi?: string;
  title?: string;
  authors?: string;
  date?: string;
  version?: string;
  category?: string;
  license?: string;
  abstract?: string;
  published?: string;
  server?: string;
  jatsxml?: string;
}

export function checkBiorxivDetails(raw: unknown): CheckedDetails | undefined {
  if (!isObject(raw)) return undefined;
  try {
    const checked = defined({
      doi: text(raw.doi),
      title: text(raw.title),
      authors: text(raw.authors),
      date: textOrNumber(raw.date),
      version: textOrNumber(raw.version),
      category: text(raw.category),
      license: text(raw.license),
      abstract: text(raw.abstract),
      published: text(raw.published),
      server: text(raw.server),
      jatsxml: text(raw.jatsxml),
    });
    return checked.doi ? checked : undefined;
  } catch (error) {
    if (error instanceof Malformed) return undefined;
    throw error;
  }
}

/** Text of an XML value as fast-xml-parser gives it: a string, or an element with `#text`. */
export function xmlText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value['#text'] === 'string') return value['#text'];
  return undefined;
}
