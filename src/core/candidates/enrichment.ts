// Second-source enrichment (the bioRxiv API behind Europe PMC's records) for the candidates
// shown, once per record, off the path to the first candidates. An enriched record replaces its
// original in the store, which may merge it with another work or add a published DOI.
import type { Candidate, PaperRecord, Repository, SearchSource } from '../types';
import type { CandidateStore } from './store';

export class Enrichment {
  private readonly started = new Set<string>();
  private readonly pending: Promise<void>[] = [];

  constructor(
    private readonly sources: Partial<Record<Repository, SearchSource | undefined>>,
    private readonly store: CandidateStore,
    private readonly signal: AbortSignal | undefined,
    private readonly onChange: () => void,
  ) {}

  update(candidates: Candidate[]): void {
    for (const candidate of candidates) {
      const source = candidate.source === 'crossref' || candidate.source === 'dblp' ? undefined : this.sources[candidate.source];
      if (!source?.enrich || this.started.has(candidate.id) || this.signal?.aborted) continue;
      this.started.add(candidate.id);
      const record: PaperRecord = this.store.record(candidate.id) ?? candidate;
      const done = source.enrich(record, this.signal).then((enriched) => {
        if (enriched === record) return;
        this.store.updateRecord(enriched);
        this.onChange();
      });
      done.catch(() => {});
      this.pending.push(done);
    }
  }

  /** Waits for every enrichment started, including those started while waiting. */
  async settle(): Promise<void> {
    for (let seen = 0; seen < this.pending.length; ) {
      const batch = this.pending.slice(seen);
      seen = this.pending.length;
      await Promise.all(batch);
    }
  }
}
