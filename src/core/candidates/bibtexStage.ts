// BibTeX for the candidates of one run, fetched as soon as each is found. A lookup is planned
// from the identifiers the candidate has; when a later answer adds one (the bioRxiv API naming
// the published DOI, a merge with the journal's record), the lookup is planned again and the
// newer BibTeX wins. An older success is never replaced by a newer failure.
import type { Candidate } from '../types';
import { bibtexPlan, type BibtexOptions } from '../bibtex';
import { attachBibtexFindingDoi } from '../bibtex/doiByCitation';
import { bibtexOfSource } from '../bibtex/fetch';
import type { CiteKeyRule } from '../bibtex/keyFormula';
import type { CoreDeps } from '../deps';
import type { CandidateStore } from './store';
import { RunningLookups } from './running';

interface Lookup {
  /** The plan's request URLs, in order. */
  urls: string[];
  planKey: string;
  done: Promise<void>;
  /** Withdraws the lookup's requests not yet sent: a newer plan asks everything it would have asked. */
  stop: AbortController;
}

export class BibtexStage {
  private readonly latest = new Map<string, Lookup>();
  private readonly succeeded = new Set<string>();
  private readonly running = new RunningLookups();

  constructor(
    private readonly deps: CoreDeps,
    private readonly style: CiteKeyRule,
    private readonly store: CandidateStore,
    private readonly options: BibtexOptions = {},
    /** A lookup gave a card a DOI it lacked (doiByCitation.ts): the run's trust lookup should see it. */
    private readonly onDoiFound: () => void = () => {},
  ) {}

  /** Starts a lookup for every candidate that has none yet, or whose identifiers changed. */
  update(candidates: Candidate[]): void {
    if (this.deps.signal?.aborted) return;
    for (const candidate of candidates) {
      const urls = bibtexPlan(candidate, this.deps.settings).map((p) => p.url);
      const planKey = urls.join(' ');
      const previous = this.latest.get(candidate.id);
      if (previous?.planKey === planKey) continue;
      const stop = new AbortController();
      const lookup: Lookup = { urls, planKey, done: Promise.resolve(), stop };
      // A newer plan that asks all the older one would (the journal's DOI added before the
      // preprint's) makes the older one's answer one it would only replace: its requests not yet
      // sent are withdrawn, leaving Crossref's single slot to the ones that count.
      if (previous && previous.urls.every((url) => urls.includes(url))) previous.stop.abort();
      lookup.done = attachBibtexFindingDoi(candidate, this.deps, this.style, { ...this.options, withdraw: stop.signal }).then((found) => {
        const isLatest = this.latest.get(candidate.id) === lookup;
        // A DOI found for a record that had none (doiByCitation.ts) is the work's even when its
        // BibTeX then failed: the card links it, and the run's trust lookup is told.
        const doiFound = found.doi && !candidate.doi ? { doi: found.doi } : {};
        if (found.bibtex && (isLatest || !this.succeeded.has(candidate.id))) {
          this.succeeded.add(candidate.id);
          this.store.patch(candidate.id, {
            bibtex: found.bibtex,
            citeKey: found.citeKey,
            bibtexSource: found.bibtexSource,
            bibtexNote: found.bibtexNote,
            venue: found.venue,
            bibtexOf: bibtexOfSource(candidate, found.bibtexSource ?? ''),
            ...doiFound,
          });
        } else if (!found.bibtex && isLatest && !this.succeeded.has(candidate.id)) {
          this.store.patch(candidate.id, { bibtexError: found.bibtexError, bibtexWhy: found.bibtexWhy, ...doiFound });
        } else return;
        if (doiFound.doi) {
          // This lookup already asked what the card's new plan would: it is not planned again.
          lookup.planKey = bibtexPlan(found, this.deps.settings).map((p) => p.url).join(' ');
          this.onDoiFound();
        }
      });
      // Tracked to its end, superseded or not (it may still patch): a cancelled run, or a candidate
      // that dropped out, leaves no rejection unhandled.
      this.running.add(lookup.done);
      this.latest.set(candidate.id, lookup);
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
