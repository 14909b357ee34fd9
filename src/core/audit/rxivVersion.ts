// A journal article that gave no text of its own, from PubMed or from arXiv, read through its
// bioRxiv or medRxiv version. Elsevier's Crossref records hold no abstract, and PubMed has none
// for a journal it does not index or a record it has not yet filled. Europe PMC's preprint records
// are searched by the title's words and the first author; only a preprint that names this DOI as
// its journal version is taken (the bioRxiv API's `published`, else Crossref's `is-preprint-of`
// of the preprint's DOI, as the trust check reads it): a similar title is never enough.
import type { CoreDeps } from '../deps';
import { withoutNotice } from '../bibcheck/titles';
import { isPreprintDoi, normalizeDoi } from '../identity/work';
import { isAbortError } from '../net/types';
import { fetchCrossrefWork } from '../sources/crossref';
import type { RxivServer } from '../sources/biorxivDetails';
import { EuropePmcSource } from '../sources/europepmc';
import { titleWordsAndFirstAuthor } from './arxivVersion';
import type { PaperRecord, Query } from '../types';

/** Preprints per server whose journal version is asked: a title this exact finds its own first. */
const MAX_PREPRINTS = 2;

/** All of the title's first words and the first author: undefined when the record has too little to search by. */
export function rxivVersionQuery(record: Pick<PaperRecord, 'title' | 'authors'>): Query | undefined {
  const terms = titleWordsAndFirstAuthor(record);
  return terms && { keywords: terms.words, authors: [terms.first] };
}

/** The preprint whose server names `record`'s DOI as its journal version, details read; undefined when none does. */
export async function findRxivVersion(record: PaperRecord, deps: CoreDeps): Promise<PaperRecord | undefined> {
  const { settings, http, signal } = deps;
  const journalArticle = record.doi && !isPreprintDoi(record.doi) && record.source !== 'arxiv';
  if (!journalArticle || !settings['sources.europepmc.enabled'] || !settings['sources.biorxiv.enabled']) return undefined;
  // A retraction's "RETRACTED:" is Crossref's, not the preprint's.
  const query = rxivVersionQuery({ title: withoutNotice(record.title), authors: record.authors });
  if (!query) return undefined;
  const search = new EuropePmcSource('biorxiv', settings, http);
  const found = await search.searchAlongside({ query, mode: 'all', maxResults: MAX_PREPRINTS, signal }, ['medrxiv']);
  const preprints = [...found.entries()].flatMap(([server, records]) => records.map((r) => ({ server: server as RxivServer, record: r })));
  // Each server's own answer says where its preprint went: asked together, the first in Europe PMC's order taken.
  const detailed = await Promise.all(
    preprints.map(({ server, record: preprint }) => new EuropePmcSource(server, settings, http).enrich(preprint, signal)),
  );
  const doi = normalizeDoi(record.doi)!;
  const confirmed = await Promise.all(detailed.map((preprint) => namesJournalVersion(preprint, doi, deps)));
  return detailed.find((_, i) => confirmed[i]);
}

/** Whether the preprint names `doi` as its journal version: its server's word, else Crossref's. */
async function namesJournalVersion(preprint: PaperRecord, doi: string, deps: CoreDeps): Promise<boolean> {
  if (preprint.publishedDoi) return normalizeDoi(preprint.publishedDoi) === doi;
  if (!preprint.doi) return false;
  try {
    return ((await fetchCrossrefWork(preprint.doi, deps))?.preprintOf ?? []).some((d) => normalizeDoi(d) === doi);
  } catch (error) {
    if (isAbortError(error)) throw error;
    return false; // Crossref failing takes nothing on trust
  }
}

/** "bioRxiv" or "medRxiv", as the card and the message name the server. */
export function rxivName(record: PaperRecord): string {
  return record.source === 'medrxiv' ? 'medRxiv' : 'bioRxiv';
}
