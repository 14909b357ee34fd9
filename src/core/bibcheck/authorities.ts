// The authorities a verdict can ask, behind one small interface so each is asked the way it is
// meant to be (Crossref by DOI and bibliographic search, arXiv by id, DBLP by title search) and
// a test or a benchmark can count or replace them. Every call goes through the run's HttpClient:
// timeouts, retries, pacing, the on-disk cache (a re-check of an unchanged .bib asks nothing).
// A call throws when its authority fails (5xx, junk, timeout): the engine turns that into
// "unavailable", never into "not found".
import type { CoreDeps } from '../deps';
import { normalizeDoi } from '../identity/work';
import { ArxivLookup } from '../sources/arxivLookup';
import { fetchCrossrefWork, searchCrossref, type CrossrefWork } from '../sources/crossref';
import { dblpEnabled, searchDblp, type DblpRecord } from '../sources/dblp';
import { fetchEuropePmcRecord, searchEuropePmcTitle } from '../sources/published/europepmcById';
import { matchSemanticScholarTitle } from '../sources/published/semanticScholar';
import type { EuropePmcId } from '../identity/identifiers';
import type { PaperRecord } from '../types';
import { splitBibtexAuthors } from '../bibtex';
import { bibtexFieldsOf } from '../works/bibtexRecord';
import { plainLine as plainText } from '../latex/plainText';
import { RecordCache } from './recordCache';
import type { AuthorityRecord } from './verdict';

export interface TitleQuery {
  title: string;
  /** Search these words instead of the whole title (a near-miss title's surviving half). */
  words?: string;
  /** One author's name as written (its family name narrows the search). */
  author?: string;
  year?: number;
  /** DBLP: how many hits to ask for (10 by default; a team's works need more). */
  hits?: number;
}

export interface Authorities {
  /** Crossref's record of a DOI; undefined when Crossref has none. */
  crossrefByDoi(doi: string): Promise<AuthorityRecord | undefined>;
  /** doi.org's record of a DOI that Crossref does not register; undefined when it does not resolve. */
  doiOrgByDoi(doi: string): Promise<AuthorityRecord | undefined>;
  arxivById(id: string): Promise<AuthorityRecord | undefined>;
  crossrefSearch(query: TitleQuery): Promise<AuthorityRecord[]>;
  /** Absent until a DBLP client is configured: the engine then asks Crossref only. */
  dblpSearch?(query: TitleQuery): Promise<AuthorityRecord[]>;
  /** Europe PMC's record of a PubMed or PMC id; absent when Europe PMC is switched off. */
  europePmcById?(id: EuropePmcId): Promise<AuthorityRecord | undefined>;
  /** PubMed's and PMC's records of a title (Europe PMC); absent when Europe PMC is switched off. */
  europePmcSearch?(query: TitleQuery): Promise<AuthorityRecord[]>;
  /** Semantic Scholar's best match for a title; absent when it is switched off. */
  semanticScholarMatch?(title: string): Promise<AuthorityRecord | undefined>;
}

/** Crossref's `type` values for preprints. */
const PREPRINT_TYPES = new Set(['posted-content']);

export function recordOfCrossref(work: CrossrefWork): AuthorityRecord {
  const short = work.shortContainerTitle;
  return {
    authority: 'crossref',
    id: work.doi,
    title: work.title,
    // A two-word family name kept whole ("Dalla Serra, Mauro"): the entry's "Dalla Serra, M." is that person.
    authors: work.bibtexAuthors ?? work.authors,
    year: work.year,
    venue: work.containerTitle ?? work.institution,
    venueShort: short ? [short] : undefined,
    doi: work.doi,
    pages: work.page,
    articleNumber: work.articleNumber,
    volume: work.volume,
    url: work.url ?? `https://doi.org/${work.doi}`,
    preprint: PREPRINT_TYPES.has(work.type ?? ''),
  };
}

export function recordOfArxiv(record: PaperRecord): AuthorityRecord {
  return {
    authority: 'arxiv',
    id: record.arxivId ?? record.id.replace(/^arxiv:/, ''),
    title: record.title,
    authors: record.authors,
    year: record.year,
    venue: record.journal,
    doi: record.publishedDoi,
    arxivId: record.arxivId,
    url: record.url,
    preprint: true,
  };
}

/** doi.org's BibTeX for a DOI (another agency's, or one Crossref lacks); undefined when it does not resolve. */
async function doiOrgRecord(doi: string, deps: CoreDeps): Promise<AuthorityRecord | undefined> {
  const fields = await bibtexFieldsOf(doi, deps);
  if (!fields) return undefined;
  const year = Number(fields.year);
  const venue = fields.journal ?? fields.booktitle;
  return {
    authority: 'doi.org',
    id: doi,
    title: plainText(fields.title ?? doi),
    authors: fields.author ? splitBibtexAuthors(fields.author).map(plainText) : [],
    year: Number.isInteger(year) && year > 0 ? year : undefined,
    venue: venue ? plainText(venue) : undefined,
    doi,
    pages: fields.pages,
    volume: fields.volume,
    url: `https://doi.org/${doi}`,
    preprint: false,
  };
}

/** A PubMed or PMC record: the journal article as indexed, named by its PMID (else PMCID). */
export function recordOfEuropePmc(record: PaperRecord): AuthorityRecord {
  return {
    authority: 'europepmc',
    id: record.pmid ? `PMID:${record.pmid}` : (record.pmcid ?? record.id),
    title: record.title,
    authors: record.authors,
    year: record.year,
    venue: record.journal,
    doi: record.doi,
    url: record.url,
    preprint: false,
  };
}

/**
 * A Semantic Scholar paper. Its venue is not held against the entry (S2 writes venues loosely and
 * keeps an arXiv paper's venue empty): the record answers whether the work exists, by whom, when.
 */
export function recordOfSemanticScholar(record: PaperRecord): AuthorityRecord {
  return {
    authority: 'semanticscholar',
    id: record.url?.replace(/^.*\/paper\//, '') ?? record.id,
    title: record.title,
    authors: record.authors,
    year: record.year,
    doi: record.doi,
    arxivId: record.arxivId,
    url: record.url,
    preprint: false,
  };
}

export function recordOfDblp(record: DblpRecord): AuthorityRecord {
  const venue = record.venue?.split('; ')[0];
  return {
    authority: 'dblp',
    id: record.key,
    title: record.title,
    authors: record.authors.map((a) => a.name),
    year: record.year,
    venue,
    venueShort: venue ? [venue] : undefined,
    doi: record.doi,
    arxivId: record.arxivId,
    pages: record.pages,
    volume: record.volume,
    url: record.url,
    preprint: record.kind === 'informal' || venue === 'CoRR',
  };
}

/** DBLP matches every word: punctuation and one-letter words only narrow it by accident. */
function dblpQuery(query: TitleQuery): string {
  const words = (query.words ?? query.title).replace(/[^\p{L}\p{N}\s'-]+/gu, ' ').split(/\s+/).filter((w) => w.length > 1);
  const family = query.words && query.author ? query.author.split(/\s+/).at(-1) : undefined;
  return [...(family ? [family] : []), ...words].join(' ');
}

/**
 * One call per DOI and run: entries naming the same work at the same time share the answer
 * instead of each sending the request before the cache holds it.
 */
function once<T>(name: string, call: (doi: string) => Promise<T>): (doi: string) => Promise<T> {
  const calls = new Map<string, Promise<T>>();
  return (doi) => {
    const key = `${name}:${doi.toLowerCase()}`;
    let answer = calls.get(key);
    if (!answer) {
      answer = call(doi);
      calls.set(key, answer);
      // A failure is not kept: the next entry asks again.
      answer.catch(() => calls.delete(key));
    }
    return answer;
  };
}

/** Crossref, arXiv and (unless switched off) DBLP, Europe PMC and Semantic Scholar, through the run's HttpClient. */
export function networkAuthorities(deps: CoreDeps): Authorities {
  const arxiv = new ArxivLookup(deps.settings, deps.http, deps.signal);
  const arxivAnswers = new RecordCache(deps.settings);
  const asked = new Map<string, Promise<AuthorityRecord | undefined>>();
  return {
    crossrefByDoi: once(`crossref`, async (doi: string) => {
      const work = await fetchCrossrefWork(doi, deps);
      return work ? recordOfCrossref(work) : undefined;
    }),
    doiOrgByDoi: once('doi.org', (doi: string) => doiOrgRecord(normalizeDoi(doi) ?? doi, deps)),
    arxivById(id) {
      // One lookup per id and run, so that ids asked up front share arXiv's id_list requests.
      let answer = asked.get(id);
      if (!answer) {
        // Ids asked together share a request even when one's cache read comes back late: the
        // request waits for every read in flight, and each id missing from the cache joins it.
        const release = arxiv.hold();
        answer = (async () => {
          const key = `arxiv:${id}`;
          let lookup: Promise<PaperRecord | undefined>;
          try {
            const cached = await arxivAnswers.get(key);
            if (cached !== undefined) return cached ?? undefined;
            lookup = arxiv.lookup(id);
          } finally {
            release();
          }
          const found = await lookup;
          const record = found ? recordOfArxiv(found) : undefined;
          await arxivAnswers.put(key, record);
          return record;
        })();
        asked.set(id, answer);
      }
      return answer;
    },
    async crossrefSearch(query) {
      const works = await searchCrossref({ bibliographic: query.title, author: query.author, rows: 5 }, deps);
      return works.map(recordOfCrossref);
    },
    ...(deps.settings['sources.europepmc.enabled']
      ? {
          async europePmcById(id: EuropePmcId) {
            const record = await fetchEuropePmcRecord(id, deps);
            return record ? recordOfEuropePmc(record) : undefined;
          },
          async europePmcSearch(query: TitleQuery) {
            return (await searchEuropePmcTitle(query.title, deps)).map(recordOfEuropePmc);
          },
        }
      : {}),
    ...(deps.settings['sources.semanticscholar.enabled']
      ? {
          async semanticScholarMatch(title: string) {
            const record = await matchSemanticScholarTitle(title, deps);
            return record ? recordOfSemanticScholar(record) : undefined;
          },
        }
      : {}),
    ...(dblpEnabled(deps.settings)
      ? {
          async dblpSearch(query: TitleQuery) {
            return (await searchDblp(dblpQuery(query), deps, { hits: query.hits ?? 10 })).map(recordOfDblp);
          },
        }
      : {}),
  };
}
