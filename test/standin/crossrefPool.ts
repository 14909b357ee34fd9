// Works a test or benchmark registers with the Crossref stand-in (HALLMARK's pool_dev.jsonl,
// say), written as Crossref writes them: only works that have a DOI, the DOI in lower case,
// given/family names without DBLP's homonym numbers, the venue's full name in
// `container-title` and its abbreviation in `short-container-title`, dates as `date-parts`, in
// the field layout of the recorded work JSON (test/fixtures/crossref). Registered works answer
// `/works/{doi}` and the bibliographic search (crossrefSearch.ts).
import type { StandIn } from './server';
import type { PoolRecord } from './dblp';

/** A work in Crossref's JSON layout (the fields the stand-in writes). */
export type CrossrefPoolWork = Record<string, unknown> & { DOI: string; title: string[] };

interface VenueForm {
  /** Crossref's `container-title`; `{year}` is the work's year. */
  container: string;
  short: string[];
  type: string;
  publisher: string;
}

/**
 * How Crossref names the venues of DBLP's short names that HALLMARK's DOI-bearing works use
 * (AAAI registers its proceedings as journal articles; IEEE names each year's CVPR/ICCV volume).
 */
const VENUES: Readonly<Record<string, VenueForm>> = {
  AAAI: { container: 'Proceedings of the AAAI Conference on Artificial Intelligence', short: ['AAAI'], type: 'journal-article', publisher: 'Association for the Advancement of Artificial Intelligence (AAAI)' },
  CVPR: { container: '{year} IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)', short: [], type: 'proceedings-article', publisher: 'IEEE' },
  ICCV: { container: '{year} IEEE/CVF International Conference on Computer Vision (ICCV)', short: [], type: 'proceedings-article', publisher: 'IEEE' },
  'Mach. Learn.': { container: 'Machine Learning', short: ['Mach Learn'], type: 'journal-article', publisher: 'Springer Science and Business Media LLC' },
  Nature: { container: 'Nature', short: ['Nature'], type: 'journal-article', publisher: 'Springer Science and Business Media LLC' },
  ECCV: { container: 'Lecture Notes in Computer Science', short: [], type: 'book-chapter', publisher: 'Springer Nature Switzerland' },
};

const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'du', 'le', 'la', 'dos', 'das', 'ter', 'ten']);

/** "Satinder Singh 0001" → { given: "Satinder", family: "Singh" }; "James von Brecht" keeps "von" in the family name. */
export function crossrefName(dblpName: string): { given?: string; family: string } {
  const words = dblpName.replace(/\s+\d{4}$/, '').trim().split(/\s+/);
  let split = words.length - 1;
  while (split > 1 && PARTICLES.has(words[split - 1]!.toLowerCase())) split--;
  const family = words.slice(split).join(' ');
  const given = words.slice(0, split).join(' ');
  return given ? { given, family } : { family };
}

/** A pool record as Crossref's `/works/{doi}` message, or undefined when it has no DOI. */
export function crossrefWorkOf(record: PoolRecord): CrossrefPoolWork | undefined {
  if (!record.doi) return undefined;
  const doi = record.doi.toLowerCase();
  const venue = record.venue ? VENUES[record.venue] : undefined;
  const container = venue ? venue.container.replace('{year}', String(record.year)) : record.venue ?? undefined;
  const date = { 'date-parts': [[record.year]] };
  const work: CrossrefPoolWork = {
    publisher: venue?.publisher ?? 'Crossref stand-in',
    'short-container-title': venue?.short ?? [],
    DOI: doi,
    type: venue?.type ?? (record.type === 'article' ? 'journal-article' : 'proceedings-article'),
    page: record.pages,
    source: 'Crossref',
    title: [record.title],
    prefix: doi.split('/')[0],
    volume: record.volume,
    author: record.authors.map((name, i) => ({ ...crossrefName(name), sequence: i === 0 ? 'first' : 'additional', affiliation: [] })),
    'container-title': container ? [container] : [],
    published: date,
    issued: date,
    URL: `https://doi.org/${doi}`,
    relation: {},
    score: 1,
  };
  for (const key of Object.keys(work)) if (work[key] === undefined) delete work[key];
  return work;
}

const worksByStandIn = new WeakMap<StandIn, Map<string, CrossrefPoolWork>>();

/** The works registered with this stand-in, by lower-case DOI. */
export function registeredCrossrefWorks(standIn: StandIn): ReadonlyMap<string, CrossrefPoolWork> {
  return worksByStandIn.get(standIn) ?? new Map();
}

/**
 * Adds the works that have a DOI to the stand-in's Crossref (a DOI already registered is
 * replaced); returns how many were added. Records stay until the stand-in closes.
 */
export function registerCrossrefWorks(standIn: StandIn, records: Iterable<PoolRecord>): number {
  const works = [...records].map(crossrefWorkOf).filter((w): w is CrossrefPoolWork => w !== undefined);
  addCrossrefWorks(standIn, works);
  return works.length;
}

/** Adds works already in Crossref's layout (a DOI already registered is replaced). */
export function addCrossrefWorks(standIn: StandIn, added: Iterable<CrossrefPoolWork>): void {
  let works = worksByStandIn.get(standIn);
  if (!works) {
    works = new Map();
    worksByStandIn.set(standIn, works);
  }
  for (const work of added) works.set(work.DOI.toLowerCase(), work);
}
