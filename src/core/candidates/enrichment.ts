// Second-source enrichment (the bioRxiv API behind Europe PMC's records) for the candidates
// shown, once per record, off the path to the first candidates. An enriched record replaces its
// original in the store, which may merge it with another work or add a published DOI.
//
// While a record's enrichment is out, its trust lookup waits (`holds`): the answer says which DOIs
// to ask Crossref's records about (the journal's too when the preprint was published), and
// Crossref answers one request at a time (its announced concurrency), so a list of the wrong DOIs
// would delay every other candidate's. The wait is capped: a slow bioRxiv API costs at most
// ENRICHMENT_WAIT_MS. Records whose enrichments went out together are let go together, when the
// last answers: their Crossref records then share one list. BibTeX does not wait (pipeline): the
// preprint's DOI is known from the search answer, so its entry is asked at once, and the journal's
// is asked when the answer names it (bibtexStage.ts plans the lookup again; the newer wins).
import type { Candidate, PaperRecord, RecordSource, SearchSource } from '../types';
import type { CandidateStore } from './store';
import { settledWithin } from './wait';

/** Several bioRxiv API round trips (~300 ms each): past this, lookups go ahead without it. */
export const ENRICHMENT_WAIT_MS = 1500;

/** Records whose enrichments went out together: their lookups are let go together. */
interface Group {
  open: number;
  ids: string[];
  /** The cap on the wait (ENRICHMENT_WAIT_MS), set once the group has members. */
  timer?: ReturnType<typeof setTimeout>;
}

export class Enrichment {
  private readonly started = new Set<string>();
  private readonly holding = new Map<string, Group>();
  private readonly pending: Promise<void>[] = [];
  private readonly local: Promise<void>[] = [];
  /** Each record's enrichment, settled (answered, failed or given up on). */
  private readonly settledById = new Map<string, Promise<void>>();

  constructor(
    private readonly sources: Partial<Record<RecordSource, SearchSource | undefined>>,
    private readonly store: CandidateStore,
    private readonly signal: AbortSignal | undefined,
    private readonly onChange: () => void,
  ) {}

  update(candidates: Candidate[]): void {
    const group: Group = { open: 0, ids: [] };
    for (const candidate of candidates) {
      // The card's preprint is enriched whichever version ranks first: when a journal record and its
      // preprint tie, the first to arrive leads, and a repeat (answers in another order) must plan the same.
      const source = [candidate.source, ...candidate.sources].map((s) => this.sources[s]).find((s) => s?.enrich);
      if (!source?.enrich || this.started.has(candidate.id) || this.signal?.aborted) continue;
      this.started.add(candidate.id);
      group.open++;
      group.ids.push(candidate.id);
      this.holding.set(candidate.id, group);
      this.start(candidate, source, group);
    }
    if (group.open === 0) return;
    group.timer = setTimeout(() => this.release(group), ENRICHMENT_WAIT_MS);
    group.timer.unref?.();
  }

  /** The cache's answer if an earlier run left one (a local read), else the service's. */
  private start(candidate: Candidate, source: SearchSource, group: Group): void {
    const record: PaperRecord = this.store.record(candidate.id) ?? candidate;
    /** True when the answer changed the record. */
    const apply = (enriched: PaperRecord): boolean => {
      if (enriched === record) return false;
      this.store.updateRecord(enriched);
      return true;
    };
    const local = (source.enrichFromCache?.(record) ?? Promise.resolve(undefined)).catch(() => undefined);
    this.local.push(local.then((cached) => void (cached && apply(cached))));
    const done = local.then(async (cached) => {
      if (cached) return;
      // The cache was just read for this answer (`local`): the request goes out without reading it again.
      const enriched = await source.enrich!(record, this.signal, { cacheChecked: source.enrichFromCache !== undefined });
      // An answer after the wait: the lookups already went ahead, and are planned again.
      if (apply(enriched) && !this.holds(candidate.id) && !this.signal?.aborted) this.onChange();
    });
    const settled = done.catch(() => {}).finally(() => --group.open === 0 && this.release(group));
    this.settledById.set(candidate.id, settled);
    this.pending.push(settled);
  }

  /**
   * Resolves once the record's enrichment has answered (or failed), at most ENRICHMENT_WAIT_MS
   * after it went out; at once when none was started. The full text waits for it: the answer
   * names the server's JATS full text, read instead of the PDF. False when the wait ran out first.
   */
  async settledFor(id: string): Promise<boolean> {
    const settled = this.settledById.get(id);
    return settled ? settledWithin(settled, ENRICHMENT_WAIT_MS) : true;
  }

  /** True while the candidate's enrichment (or one sent with it) is out, within the wait: its lookups wait. */
  holds(id: string): boolean {
    return this.holding.has(id);
  }

  /**
   * Waits for the enrichments the cache answers (local reads, no request): a record read again
   * reads as it did the first time (the PDF of the version it named, not of whichever version is
   * known when the full text is fetched).
   */
  async localAnswers(): Promise<void> {
    await Promise.all(this.local);
  }

  /** Waits for every enrichment started, including those started while waiting. */
  async settle(): Promise<void> {
    for (let seen = 0; seen < this.pending.length; ) {
      const batch = this.pending.slice(seen);
      seen = this.pending.length;
      await Promise.all(batch);
    }
  }

  /**
   * Lets a group's lookups go, all in one tick: their Crossref records then go out as one list
   * instead of one list per answer, each waiting for Crossref's single slot.
   */
  private release(group: Group): void {
    clearTimeout(group.timer);
    if (!group.ids.some((id) => this.holding.get(id) === group)) return;
    for (const id of group.ids) this.holding.delete(id);
    if (!this.signal?.aborted) this.onChange();
  }
}
