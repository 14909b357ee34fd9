// The one place a run's candidates live. Hits go in as answers arrive and come out deduplicated
// and ranked; an enriched record replaces the one it came from; BibTeX and support scores are
// patches by id. Every change is emitted as an event, so the CLI, the results panel and the
// final result all see the same candidates.
import type { Candidate, PaperRecord, PipelineEvent, Query } from '../types';
import type { SearchHit } from '../search/keywords';
import { dedupeRecords } from '../dedupe/dedupe';
import { rankCandidates } from '../ranking/candidates';
import { isNoticeTitle } from './notices';
import { normalizeDoi } from '../identity/work';
import { addPatch, withPatches, type CandidatePatch, type PatchesById } from './patches';

export class CandidateStore {
  private readonly hits: SearchHit[] = [];
  private patches: PatchesById = {};
  private ranked: Candidate[] = [];

  constructor(
    private readonly queries: Query[],
    private readonly claimText: string,
    private readonly maxResults: number,
    private readonly emit: (event: PipelineEvent) => void,
  ) {}

  get size(): number {
    return this.ranked.length;
  }

  addHits(hits: SearchHit[]): void {
    this.hits.push(...hits.filter((hit) => !isNoticeTitle(hit.record.title)));
    this.rerank();
  }

  /** Replaces every hit of `record.id` with the enriched record; re-ranks when anything changed. */
  updateRecord(record: PaperRecord): void {
    let changed = false;
    for (const hit of this.hits) {
      if (hit.record.id === record.id && hit.record !== record) {
        hit.record = record;
        changed = true;
      }
    }
    if (changed) this.rerank();
  }

  /** The record a source returned under this id, as the store holds it now. */
  record(id: string): PaperRecord | undefined {
    return this.hits.find((hit) => hit.record.id === id)?.record;
  }

  /** The first record of that DOI (normalised), as the store holds it now. */
  recordWithDoi(doi: string): PaperRecord | undefined {
    const wanted = normalizeDoi(doi);
    return this.hits.find((hit) => normalizeDoi(hit.record.doi) === wanted)?.record;
  }

  patch(id: string, patch: CandidatePatch): void {
    this.patches = addPatch(this.patches, id, patch);
    this.emit({ type: 'patch', id, patch });
  }

  /**
   * The ranked candidates as their records make them, without the patches: what the records say,
   * whenever a lookup that patches (trust, BibTeX) happens to answer, so a repeat plans the same.
   */
  merged(): Candidate[] {
    return this.ranked;
  }

  /** The ranked candidates with their patches. */
  list(): Candidate[] {
    return withPatches(this.ranked, this.patches);
  }

  private rerank(): void {
    this.ranked = rankCandidates(dedupeRecords(this.hits), this.queries, this.claimText).slice(0, this.maxResults);
    this.emit({ type: 'candidates', candidates: this.list() });
  }
}
