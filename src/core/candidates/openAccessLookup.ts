// What a published hit lacks, from OpenAlex by DOI: DBLP has no abstracts, Crossref few, and a
// journal's record rarely names an open PDF. A lookup of one work by DOI is free with or without
// an OpenAlex key, so each shown candidate with a DOI but no abstract or no full-text link is
// looked up once, off the path to the first candidates; the answer fills the gaps and never
// replaces what the record has. The full text of a candidate waits for its lookup (capped), so
// the paper read is the open version OpenAlex knows of.
import type { CoreDeps } from '../deps';
import type { Candidate, PaperRecord } from '../types';
import { isAbortError, RateLimitedError } from '../net/types';
import { lookupOpenAlexWork } from '../sources/published';
import type { CandidateStore } from './store';
import { settledWithin } from './wait';
import { isPreprintServer } from '../dedupe/versions';

/** One OpenAlex round trip with room to spare: past this, the full text goes ahead without it. */
export const LOOKUP_WAIT_MS = 1500;

/** True when OpenAlex may be asked (switched on, with a URL, and published search on). */
export function openAlexLookupsEnabled(deps: CoreDeps): boolean {
  const s = deps.settings;
  return s['sources.published.enabled'] && s['sources.openalex.enabled'] && s['sources.openalex.url'].trim() !== '';
}

/**
 * A candidate OpenAlex may complete: a DOI, and no abstract or no way to its full text. Not a
 * preprint's: its server's records and the bioRxiv API already give both.
 */
function wantsLookup(candidate: Candidate): boolean {
  if (!candidate.doi || candidate.sources.some((s) => s === 'openalex' || isPreprintServer(s))) return false;
  return !candidate.abstract || (!candidate.pdfUrl && !candidate.jatsUrl && candidate.openAccess !== false);
}

export class OpenAccessLookup {
  private readonly settled = new Map<string, Promise<void>>();
  /** OpenAlex answered 429 (a keyless day's budget spent): no more lookups this run. */
  private rateLimited = false;

  constructor(
    private readonly deps: CoreDeps,
    private readonly store: CandidateStore,
    private readonly warn: (message: string) => void,
  ) {}

  update(candidates: Candidate[]): void {
    if (!openAlexLookupsEnabled(this.deps)) return;
    for (const candidate of candidates) {
      if (this.rateLimited || this.settled.has(candidate.id) || !wantsLookup(candidate) || this.deps.signal?.aborted) continue;
      this.settled.set(candidate.id, this.lookUp(candidate));
    }
  }

  private async lookUp(candidate: Candidate): Promise<void> {
    try {
      const work = await lookupOpenAlexWork(candidate.doi!, this.deps);
      const record = this.store.record(candidate.id);
      if (work && record) this.store.updateRecord(completed(record, work));
    } catch (error) {
      if (isAbortError(error) || this.deps.signal?.aborted) return;
      if (error instanceof RateLimitedError) {
        if (!this.rateLimited) this.warn('OpenAlex answered 429 (rate limited; without a key its shared daily budget may be spent): its lookups are skipped for this run.');
        this.rateLimited = true;
        return;
      }
      // A skipped service (open circuit) was named once, when it failed.
      if ((error as Error).name !== 'ServiceUnavailableError') this.warn(`OpenAlex could not be asked about doi:${candidate.doi}: ${(error as Error).message}`);
    }
  }

  /** Resolves once the candidate's lookup answered (or failed), at most LOOKUP_WAIT_MS after now; false when the wait ran out first. */
  async settledFor(id: string): Promise<boolean> {
    const settled = this.settled.get(id);
    return settled ? settledWithin(settled, LOOKUP_WAIT_MS) : true;
  }

  async settle(): Promise<void> {
    await Promise.all(this.settled.values());
  }
}

/** The record with OpenAlex's abstract, open PDF and ids where it had none; itself when nothing was new. */
export function completed(record: PaperRecord, work: PaperRecord): PaperRecord {
  const gaps: Partial<PaperRecord> = {};
  if (!record.abstract && work.abstract) gaps.abstract = work.abstract;
  if (!record.pdfUrl && work.pdfUrl) gaps.pdfUrl = work.pdfUrl;
  if (record.openAccess === undefined && work.openAccess !== undefined) gaps.openAccess = work.openAccess;
  if (!record.pmid && work.pmid) gaps.pmid = work.pmid;
  if (!record.pmcid && work.pmcid) gaps.pmcid = work.pmcid;
  if (!record.sourceTrust && work.sourceTrust) gaps.sourceTrust = work.sourceTrust;
  if (!record.citedBy && work.citedBy) gaps.citedBy = work.citedBy;
  return Object.keys(gaps).length ? { ...record, ...gaps } : record;
}
