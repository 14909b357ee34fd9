// DBLP's publication-search JSON read into a typed record. DBLP's JSON is XML turned into JSON,
// and it shows: a single author is an object rather than a list of one, `venue` and `ee` are a
// string or a list, numbers come as strings, titles end with a period and carry XML entities
// (`Pandora&apos;s box.`), and names carry homonym numbers ("Lei Liu 0049") that are no part
// of the name. Everything here is pure; dblp.ts does the asking.
import { normalizeDoi } from '../identity/work';

/** One author as DBLP lists them. */
export interface DblpAuthor {
  /** The name as printed, without DBLP's homonym number: "Lei Liu". */
  name: string;
  /** DBLP's homonym number ("0049" of "Lei Liu 0049"), when the name has one. */
  homonym?: string;
  /** DBLP's person id ("167/1261-9"). */
  pid?: string;
}

/** What kind of publication DBLP says a record is (from its `type`). */
export type DblpKind =
  | 'conference'
  | 'journal'
  /** "Informal and Other Publications": CoRR (arXiv) preprints above all. */
  | 'informal'
  | 'book'
  | 'editorship'
  | 'part'
  | 'reference'
  | 'data'
  | 'other';

export interface DblpRecord {
  /** DBLP's key, e.g. `conf/cvpr/HeZRS16`; its BibTeX key is `DBLP:` + key. */
  key: string;
  /** The title without DBLP's closing period, entities decoded. */
  title: string;
  /** In order; empty for an editorship (a proceedings volume). */
  authors: DblpAuthor[];
  /** DBLP's short venue ("NeurIPS", "CVPR", "CoRR", "J. Econ. Theory"); several joined by "; ". */
  venue?: string;
  year?: number;
  /** DBLP's type as written, e.g. "Conference and Workshop Papers". */
  type: string;
  kind: DblpKind;
  /** Lower case, as everywhere in citefinder (DBLP upper-cases its `doi` field). */
  doi?: string;
  /** Electronic editions (publisher page, arXiv abstract, OpenReview…), first one first. */
  ee: string[];
  pages?: string;
  volume?: string;
  number?: string;
  /** The arXiv id of a CoRR record (from `volume` "abs/1512.03385" or an arxiv.org `ee`). */
  arxivId?: string;
  /** The record's page on DBLP. */
  url?: string;
  /** DBLP's relevance score of the hit (higher is better); undefined when not given. */
  score?: number;
}

const KIND_BY_TYPE: Readonly<Record<string, DblpKind>> = {
  'Conference and Workshop Papers': 'conference',
  'Journal Articles': 'journal',
  'Informal and Other Publications': 'informal',
  'Informal Publications': 'informal',
  'Books and Theses': 'book',
  Editorship: 'editorship',
  'Parts in Books or Collections': 'part',
  'Reference Works': 'reference',
  'Data and Artifacts': 'data',
};

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** `Pandora&apos;s` → `Pandora's`; numeric references too. Unknown names stay as written. */
export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** "Lei Liu 0049" → { name: "Lei Liu", homonym: "0049" }; DBLP's numbers are four digits. */
export function splitHomonym(raw: string): { name: string; homonym?: string } {
  const match = /^(.*\S)\s+(\d{4})$/.exec(raw.trim());
  return match ? { name: match[1]!, homonym: match[2]! } : { name: raw.trim() };
}

/**
 * A DBLP title without the period DBLP closes every title with. A title that ends with an
 * abbreviation ("… in the U.S.", "… et al.", "…") keeps it: DBLP adds no second period there.
 */
export function dblpTitle(raw: string): string {
  const title = decodeXmlEntities(raw).replace(/\s+/g, ' ').trim();
  if (!title.endsWith('.') || /(?:\b[A-Z]\.[A-Z]\.|\bal\.|\betc\.|\.\.)$/.test(title)) return title;
  return title.slice(0, -1);
}

/** A text field, which DBLP may send as a string, a number, `{text}` or a list of those. */
function texts(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (typeof value === 'string') return value.trim() ? [decodeXmlEntities(value.trim())] : [];
  if (typeof value === 'number') return [String(value)];
  if (typeof value === 'object' && 'text' in value) return texts((value as { text: unknown }).text);
  return [];
}

function firstText(value: unknown): string | undefined {
  return texts(value)[0];
}

function readAuthor(value: unknown): DblpAuthor | undefined {
  const raw = firstText(value);
  if (!raw) return undefined;
  const { name, homonym } = splitHomonym(raw);
  const pid = value && typeof value === 'object' ? firstText((value as { '@pid'?: unknown })['@pid']) : undefined;
  return { name, ...(homonym ? { homonym } : {}), ...(pid ? { pid } : {}) };
}

function arxivIdOf(volume: string | undefined, ee: string[]): string | undefined {
  const fromVolume = /^abs\/(.+)$/.exec(volume ?? '')?.[1];
  if (fromVolume) return fromVolume;
  for (const link of ee) {
    const id = /arxiv\.org\/abs\/([^\s?#]+?)(?:v\d+)?$/i.exec(link)?.[1];
    if (id) return id;
  }
  return undefined;
}

/** One hit's `info` as a record; undefined when it has no key or no title. */
export function readDblpInfo(info: unknown, score?: number): DblpRecord | undefined {
  if (!info || typeof info !== 'object') return undefined;
  const fields = info as Record<string, unknown>;
  const key = firstText(fields.key);
  const rawTitle = texts(fields.title).join(' ');
  if (!key || !rawTitle) return undefined;
  const authorList = (fields.authors as { author?: unknown } | undefined)?.author;
  const authors = (Array.isArray(authorList) ? authorList : authorList === undefined ? [] : [authorList])
    .map(readAuthor)
    .filter((a): a is DblpAuthor => a !== undefined);
  const type = firstText(fields.type) ?? '';
  const year = Number(firstText(fields.year));
  const ee = texts(fields.ee);
  const volume = firstText(fields.volume);
  const venues = texts(fields.venue);
  const record: DblpRecord = {
    key,
    title: dblpTitle(rawTitle),
    authors,
    type,
    kind: KIND_BY_TYPE[type] ?? 'other',
    ee,
  };
  if (venues.length > 0) record.venue = venues.join('; ');
  if (Number.isInteger(year) && year > 0) record.year = year;
  const doi = normalizeDoi(firstText(fields.doi));
  if (doi) record.doi = doi;
  const pages = firstText(fields.pages);
  if (pages) record.pages = pages;
  if (volume) record.volume = volume;
  const number = firstText(fields.number);
  if (number) record.number = number;
  const arxivId = arxivIdOf(volume, ee);
  if (arxivId) record.arxivId = arxivId;
  const url = firstText(fields.url);
  if (url) record.url = url;
  if (score !== undefined && Number.isFinite(score)) record.score = score;
  return record;
}

/**
 * The hits of a search answer: the full envelope (`{result: {hits: {hit: […]}}}`) or a bare
 * list of hits. A single hit may come as an object; a search with no hits has no `hit` at all.
 * Returns undefined when the shape is not a DBLP search answer.
 */
export function readDblpHits(payload: unknown): DblpRecord[] | undefined {
  let hits: unknown = payload;
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    const result = (payload as { result?: { hits?: { hit?: unknown } } }).result;
    if (!result || typeof result !== 'object' || !result.hits || typeof result.hits !== 'object') return undefined;
    hits = result.hits.hit ?? [];
  }
  const list = Array.isArray(hits) ? hits : hits && typeof hits === 'object' ? [hits] : undefined;
  if (!list) return undefined;
  return list
    .map((hit) => {
      const entry = (hit ?? {}) as { info?: unknown; '@score'?: unknown };
      return readDblpInfo(entry.info, Number(firstText(entry['@score'])));
    })
    .filter((r): r is DblpRecord => r !== undefined);
}

/** An author's name as DBLP prints it, homonym number included ("Lei Liu 0049"). */
export function dblpAuthorName(author: DblpAuthor): string {
  return author.homonym ? `${author.name} ${author.homonym}` : author.name;
}
