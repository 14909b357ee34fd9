// The one place a run's candidates live. Hits go in as answers arrive and come out deduplicated
// and ranked; an enriched record replaces the one it came from; BibTeX and support scores are
// patches by id. Every change is emitted as an event, so the CLI, the results panel and the
// final result all see the same candidates. A card whose id changes (its journal record shown
// first, its preprint's id leading once they merge) takes along what was attached under the old id.
import type { Candidate, PaperRecord, PipelineEvent, Query } from '../types';
import type { SearchHit } from '../search/keywords';
import { dedupeGroups, type MergedGroup } from '../dedupe/dedupe';
import { rankCandidates } from '../ranking/candidates';
import { isNoticeTitle } from './notices';
import { normalizeDoi } from '../identity/work';
import { addPatch, currentCardId, withPatches, type CandidatePatch, type PatchesById } from './patches';

export class CandidateStore {
  private readonly hits: SearchHit[] = [];
  private patches: PatchesById = {};
  private ranked: Candidate[] = [];
  /** The card id each record was last shown under. */
  private readonly cardOfRecord = new Map<string, string>();
  /** A card id a merge replaced → the id that replaced it, for patches still on their way to it. */
  private readonly renamed = new Map<string, string>();

  constructor(
    private queries: Query[],
    private readonly claimText: string,
    private readonly maxResults: number,
    private readonly emit: (event: PipelineEvent) => void,
  ) {}

  /** The queries the ranking reads, replaced when the search falls back to others before any hit. */
  useQueries(queries: Query[]): void {
    this.queries = queries;
  }

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

  /** The record of that DOI (normalised) among those the card `cardId` was last made of, as the store holds it now. */
  cardRecordWithDoi(cardId: string, doi: string): PaperRecord | undefined {
    const wanted = normalizeDoi(doi);
    return this.hits.find((hit) => this.cardOfRecord.get(hit.record.id) === cardId && normalizeDoi(hit.record.doi) === wanted)?.record;
  }

  patch(id: string, patch: CandidatePatch): void {
    const current = this.currentId(id);
    this.patches = addPatch(this.patches, current, patch);
    this.emit({ type: 'patch', id: current, patch });
  }

  /** The id a card shown as `id` has now (a lookup started before a merge answers after it). */
  private currentId(id: string): string {
    return currentCardId(id, (from) => this.renamed.get(from), (shown) => this.ranked.some((c) => c.id === shown));
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
    const groups = dedupeGroups(this.hits);
    const { moved, renames } = this.carryPatches(groups);
    this.ranked = rankCandidates(groups.map((g) => g.candidate), this.queries, this.claimText).slice(0, this.maxResults);
    this.emit({ type: 'candidates', candidates: this.list() });
    // The panel keeps what it was told of a card (cited as …) by id: it follows the rename.
    for (const [from, to] of renames) this.emit({ type: 'renamed', from, to });
    // The panel folds patches by id as the store does: it is sent what the new id took along.
    for (const id of moved) this.emit({ type: 'patch', id, patch: this.patches[id]! });
  }

  /**
   * Moves the patches of every card id a merge replaced onto the new id; returns the ids that took
   * some, and every rename (old id → new id).
   */
  private carryPatches(groups: MergedGroup[]): { moved: string[]; renames: Map<string, string> } {
    const moved = new Set<string>();
    const renames = new Map<string, string>();
    for (const { candidate, recordIds } of groups) {
      for (const recordId of recordIds) {
        const before = this.cardOfRecord.get(recordId);
        this.cardOfRecord.set(recordId, candidate.id);
        if (before === undefined || before === candidate.id) continue;
        this.renamed.set(before, candidate.id);
        renames.set(before, candidate.id);
        const carried = this.patches[before];
        if (!carried) continue;
        const { [before]: _old, ...rest } = this.patches;
        // The new id's own patches are the newer: they go on top of what the old id had.
        this.patches = addPatch(addPatch(rest, candidate.id, carried), candidate.id, this.patches[candidate.id] ?? {});
        moved.add(candidate.id);
      }
    }
    return { moved: [...moved], renames };
  }
}
