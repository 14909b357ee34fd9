// Trust signals and versions of record for a run's candidates, looked up after each is shown
// (never delaying the first candidates) and delivered as patches, like BibTeX. A candidate whose
// DOIs change (a merge, an enrichment) is looked up again; the superseded check gives only its count.
import type { CoreDeps } from '../deps';
import { assessTrust, crossrefDois } from '../trust';
import type { Candidate } from '../types';
import type { CandidateStore } from './store';
import { RunningLookups } from './running';

export class TrustStage {
  private readonly latest = new Map<string, { planKey: string; done: Promise<void> }>();
  private readonly running = new RunningLookups();

  /** `onVersion` hears of each version of record patched on (a journal DOI learnt only now). */
  constructor(
    private readonly deps: CoreDeps,
    private readonly store: CandidateStore,
    private readonly onVersion: () => void = () => {},
  ) {}

  update(candidates: Candidate[]): void {
    if (this.deps.signal?.aborted) return;
    for (const candidate of candidates) {
      const planKey = [...crossrefDois(candidate), candidate.title, candidate.comment ?? ''].join(' ');
      if (this.latest.get(candidate.id)?.planKey === planKey) continue;
      const done = assessTrust(candidate, this.deps).then(({ trust, versionOfRecord, citedBy }) => {
        // A superseded check's trust is the newer one's to say, but the count it read is still the
        // work's (a version's DOI the newer check no longer asks): the card keeps the largest.
        if (this.latest.get(candidate.id)?.done !== done) {
          if (citedBy) this.store.patch(candidate.id, { citedBy });
          return;
        }
        this.store.patch(candidate.id, { trust, ...(versionOfRecord ? { versionOfRecord } : {}), ...(citedBy ? { citedBy } : {}) });
        if (versionOfRecord) this.onVersion();
      });
      // Tracked to its end, superseded or not: it still patches its count.
      this.running.add(done);
      this.latest.set(candidate.id, { planKey, done });
    }
  }

  /** True when no lookup is out. */
  get idle(): boolean {
    return this.running.idle;
  }

  /** Waits until every lookup started has finished, superseded ones and those started meanwhile included. */
  async settle(): Promise<void> {
    await this.running.settled();
  }
}
