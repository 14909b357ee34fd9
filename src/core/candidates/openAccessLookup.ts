// What a published hit lacks, from OpenAlex by DOI: DBLP has no abstracts, Crossref few, and a
// journal's record rarely names an open PDF. A lookup of one work by DOI is free with or without
// an OpenAlex key, so each shown candidate with a DOI but no abstract or no full-text link is
// looked up once, off the path to the first candidates; the answer fills the gaps and never
// replaces what the record has. The full text of a candidate waits for its lookup (capped), so
// the paper read is the open version OpenAlex knows of.
// A preprint merged with its journal version has both from the preprint, but often no count: the
// journal's card, found alone, showed OpenAlex's; merged, it showed none. So a preprint's card
// with a journal version and no count from any of its records is looked up by the journal's DOI
// for the count alone (nothing waits for it), whenever that DOI arrives: with the merge, with the
// bioRxiv API's answer, or with Crossref's "is preprint of" in the trust lookup's patch. Once per
// DOI a run; a card one of whose sources gave a count costs no request.
// A card still without an abstract or full text, with a PubMed or PMC id (its own, or the one
// OpenAlex just gave it), is then read from Europe PMC by that id (pubMedGaps.ts), in the same wait.
import type { CoreDeps } from '../deps';
import type { Candidate, PaperRecord } from '../types';
import { isAbortError, NotCachedError, RateLimitedError, type CacheUse } from '../net/types';
import { lookupOpenAlexWork } from '../sources/published';
import type { CandidateStore } from './store';
import { settledWithin } from './wait';
import { RunningLookups } from './running';
import { isPreprintServer } from '../dedupe/versions';
import { normalizeDoi } from '../identity/work';
import { fetchEuropePmcRecord } from '../sources/published/europepmcById';
import { withGaps } from './gaps';
import { pubMedIdLabel, pubMedIdToRead, pubMedReadsEnabled, withPubMedGaps } from './pubMedGaps';

/** One OpenAlex round trip with room to spare: past this, the full text goes ahead without it. */
export const LOOKUP_WAIT_MS = 1500;

/** True when OpenAlex may be asked (switched on, with a URL, and published search on). */
export function openAlexLookupsEnabled(deps: CoreDeps): boolean {
  const s = deps.settings;
  return s['sources.published.enabled'] && s['sources.openalex.enabled'] && s['sources.openalex.url'].trim() !== '';
}

/** What OpenAlex is asked about a candidate: its gaps (abstract, full text) or only its count. */
interface LookupNeed {
  doi: string;
  countOnly: boolean;
  /**
   * For a count: the card's own record of the journal DOI when the preprint is merged with it (the
   * count goes on that record, which the merge reads); none for a preprint alone, whose card is
   * patched, even when another card shows a record of that DOI.
   */
  journalRecordId?: string;
}

/**
 * A candidate OpenAlex may complete: a DOI, and no abstract or no way to its full text. Not a
 * preprint's: its server's records and the bioRxiv API already give both; but a preprint with a
 * journal version (`journalDoi`: its records', else its version-of-record patch's), with no count,
 * is asked for the journal's count.
 */
function lookupNeed(candidate: Candidate, journalDoi: string | undefined, arxivPdfs: boolean): LookupNeed | undefined {
  if (candidate.sources.includes('openalex')) return undefined;
  if (candidate.sources.some(isPreprintServer)) {
    return journalDoi && !candidate.citedBy ? { doi: journalDoi, countOnly: true } : undefined;
  }
  if (!candidate.doi) return undefined;
  // A card that names its arXiv version is read from arXiv's PDF (fulltext/pdfSource.ts).
  const fullTextLink = candidate.pdfUrl || candidate.jatsUrl || (arxivPdfs && candidate.arxivId);
  const gaps = !candidate.abstract || (!fullTextLink && candidate.openAccess !== false);
  return gaps ? { doi: candidate.doi, countOnly: false } : undefined;
}

export class OpenAccessLookup {
  private readonly settled = new Map<string, Promise<void>>();
  /** Each gap lookup's part the cache answers, settled once it went to the network or ended. */
  private readonly local: Promise<void>[] = [];
  /** Lookups for a count alone, by the journal's DOI: the full text does not wait for them, the result does. */
  private readonly counts = new Map<string, Promise<void>>();
  /** OpenAlex answered 429 (a keyless day's budget spent): no more lookups this run. */
  private rateLimited = false;
  private readonly running = new RunningLookups();

  private get fullTextRead(): boolean {
    return this.deps.settings['fulltext.enabled'];
  }

  constructor(
    private readonly deps: CoreDeps,
    private readonly store: CandidateStore,
    private readonly warn: (message: string) => void,
  ) {}

  /**
   * Looks up what the store's cards lack. Their records say whether one is counted (a count patched
   * on from Crossref's trust lookup does not stop OpenAlex's, the larger stays); a version of record
   * patched on names the journal DOI a preprint alone may have learnt only then.
   */
  update(): void {
    if (this.deps.signal?.aborted) return;
    const openAlex = openAlexLookupsEnabled(this.deps) && !this.rateLimited;
    const pubMed = pubMedReadsEnabled(this.deps);
    if (!openAlex && !pubMed) return;
    const versionDoi = new Map(this.store.list().map((c) => [c.id, c.versionOfRecord?.doi]));
    const arxivPdfs = Boolean(this.deps.settings['sources.arxivPdf.url']);
    for (const candidate of this.store.merged()) {
      if (this.settled.has(candidate.id)) continue;
      const journalDoi = normalizeDoi(candidate.publishedDoi ?? versionDoi.get(candidate.id));
      const need = openAlex ? lookupNeed(candidate, journalDoi, arxivPdfs) : undefined;
      if (need?.countOnly) {
        // Once per journal DOI; a card of that DOI is still looked up for its own gaps.
        if (this.counts.has(need.doi)) continue;
        const journalRecordId = this.store.cardRecordWithDoi(candidate.id, need.doi)?.id;
        const lookup = this.lookUp(candidate.id, { ...need, journalRecordId });
        this.running.add(lookup);
        this.counts.set(need.doi, lookup);
        continue;
      }
      // The PubMed step may need the id OpenAlex's answer brings, so it runs after it.
      if (!need && !(pubMed && pubMedIdToRead(candidate, this.fullTextRead))) continue;
      let localDone = () => {};
      this.local.push(new Promise<void>((resolve) => (localDone = resolve)));
      const lookup = this.complete(candidate.id, need, pubMed, localDone);
      this.running.add(lookup);
      this.settled.set(candidate.id, lookup);
    }
  }

  /**
   * Waits for the gap lookups the cache answers (local reads, no request). A repeat of a run, whose
   * answers are all cached, then chooses its papers with the abstracts the first run only had after
   * it chose, and reaches a result a later repeat can be served (pipeline/resultCache.ts).
   */
  async localAnswers(): Promise<void> {
    await Promise.all(this.local);
  }

  private async lookUp(id: string, need: LookupNeed, onNetwork: () => void = () => {}): Promise<void> {
    try {
      const work = await cacheFirst((use) => lookupOpenAlexWork(need.doi, this.deps, use), onNetwork);
      if (!work) return;
      // The count is the journal version's: merged, it goes on the journal's record, which the merge
      // reads; a preprint alone (its journal DOI from an enrichment or a patch) is patched.
      const recordId = need.countOnly ? need.journalRecordId : id;
      const record = recordId === undefined ? undefined : this.store.record(recordId);
      if (record) this.store.updateRecord(need.countOnly ? withCount(record, work) : completed(record, work));
      else if (work.citedBy && need.countOnly) this.store.patch(id, { citedBy: work.citedBy });
    } catch (error) {
      if (isAbortError(error) || this.deps.signal?.aborted) return;
      if (error instanceof RateLimitedError) {
        if (!this.rateLimited) this.warn('OpenAlex answered 429 (rate limited; without a key its shared daily budget may be spent): its lookups are skipped for this run.');
        this.rateLimited = true;
        return;
      }
      // A skipped service (open circuit) was named once, when it failed.
      if ((error as Error).name !== 'ServiceUnavailableError') this.warn(`OpenAlex could not be asked about doi:${need.doi}: ${(error as Error).message}`);
    }
  }

  /**
   * OpenAlex's lookup of the card's DOI (when it needs one), then PubMed's record of its id, each
   * from the cache when it holds the answer; `localDone` once a request goes out, or at the end.
   */
  private async complete(id: string, need: LookupNeed | undefined, pubMed: boolean, localDone: () => void): Promise<void> {
    try {
      if (need) await this.lookUp(id, need, localDone);
      if (pubMed) await this.readPubMed(id, localDone);
    } finally {
      localDone();
    }
  }

  /** Fills the card's gaps from its PubMed or PMC record, when it has such an id and still lacks something. */
  private async readPubMed(id: string, onNetwork: () => void): Promise<void> {
    const card = this.store.merged().find((c) => c.id === id) ?? this.store.record(id);
    const pubMedId = card && pubMedIdToRead(card, this.fullTextRead);
    if (!pubMedId) return;
    try {
      const work = await cacheFirst((use) => fetchEuropePmcRecord(pubMedId, this.deps, use), onNetwork);
      // The record as it is now: an enrichment may have changed it while Europe PMC answered.
      const record = this.store.record(id);
      if (work && record) this.store.updateRecord(withPubMedGaps(record, work));
    } catch (error) {
      if (isAbortError(error) || this.deps.signal?.aborted || (error as Error).name === 'ServiceUnavailableError') return;
      this.warn(`Europe PMC could not be asked about ${pubMedIdLabel(pubMedId)}: ${(error as Error).message}`);
    }
  }

  /** Resolves once the candidate's lookup answered (or failed), at most LOOKUP_WAIT_MS after now; false when the wait ran out first. */
  async settledFor(id: string): Promise<boolean> {
    const settled = this.settled.get(id);
    return settled ? settledWithin(settled, LOOKUP_WAIT_MS) : true;
  }

  /** True when no lookup is out. */
  get idle(): boolean {
    return this.running.idle;
  }

  /** Waits for every lookup, those planned while it waits too (an enrichment or a patch may plan one). */
  async settle(): Promise<void> {
    await this.running.settled();
  }
}

/**
 * The answer the cache holds, else the service's (`onNetwork` is told first; the cache is not read
 * again). A client without a cache answers nothing from it: the service is asked.
 */
async function cacheFirst<T>(ask: (use: CacheUse) => Promise<T>, onNetwork: () => void): Promise<T> {
  try {
    return await ask('only');
  } catch (error) {
    if (!(error instanceof NotCachedError)) throw error;
  }
  onNetwork();
  return ask('skip-read');
}

/** The record with OpenAlex's abstract, open PDF and ids where it had none; itself when nothing was new. */
export function completed(record: PaperRecord, work: PaperRecord): PaperRecord {
  const openAccess = record.openAccess === undefined && work.openAccess !== undefined ? { openAccess: work.openAccess } : {};
  return withGaps(record, work, ['abstract', 'pdfUrl', 'pmid', 'pmcid', 'sourceTrust', 'citedBy'], openAccess);
}

/** The record with OpenAlex's count where it had none; itself otherwise. */
function withCount(record: PaperRecord, work: PaperRecord): PaperRecord {
  return withGaps(record, work, ['citedBy']);
}
