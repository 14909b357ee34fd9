// A whole result kept for an unchanged claim. A repeat of the same claim (same text and context,
// same edited queries, same settings, same build and models) with no LLM would redo the whole
// pipeline on cached answers only to arrive where the run before it did; in a new process that
// costs 100–200 ms of cold code. The result is served instead, but never staler than the answers
// under it: it expires with the first of them (each answer's time in the cache's index plus its
// kind's TTL), and a run that met a failure a repeat might not meet (a timeout, a crashed
// reader, a second source too slow), or its deadline, keeps nothing.
// The reading side (the key, a kept result read and told again) is resultKey.ts, which a CLI
// process loads without the pipeline.
import { cacheGet } from '../net/cacheParts';
import type { Candidate, FindResult, PaperRecord } from '../types';
import type { Settings } from '../settings/index';
import type { AnswerLedger } from '../net/answerLedger';
import { isStoredMetadata, kindOf, ttlForKind } from '../net/cache';
import { storeText, trackWrite } from '../net/readings';

/**
 * Keeps `result` behind the run once its answers are on disk (`answersStored`), until the first of
 * them expires; keeps nothing when the ledger is spoiled or an answer is not in the cache (an
 * answer that was not kept is asked again by a repeat, which may hear something else).
 */
export function keepResult(kept: KeptResult, ledger: AnswerLedger, answersStored: () => Promise<void>): void {
  if (ledger.spoiled) return;
  const { dir, key, inputKey, result, ttlMs, now } = kept;
  void trackWrite((async () => {
    await answersStored();
    const expiresAt = await earliestExpiry(dir, [...ledger.keys], ttlMs);
    if (expiresAt === undefined || expiresAt < now()) return;
    // Side by side: an alias read before its result is on disk finds no result, a miss like any other.
    await Promise.all([storeText(dir, key, JSON.stringify({ expiresAt, result })), inputKey && storeText(dir, inputKey, key)]);
  })());
}

export interface KeptResult {
  dir: string;
  key: string;
  /** The run's raw input's key (resultKey.ts inputKey), stored as an alias of `key`. */
  inputKey?: string;
  result: FindResult;
  /** TTL of real answers (`cache.ttlHours`); other kinds have their own. */
  ttlMs: number;
  /** The clock the cache's `storedAt` was written with. */
  now: () => number;
}

/** When the first of these answers leaves the cache; undefined when one is not there. */
async function earliestExpiry(dir: string, keys: string[], ttlMs: number): Promise<number | undefined> {
  // The index alone (no body is read): one small file per key, read side by side.
  const ends = await Promise.all(keys.map(async (key) => {
    const meta: unknown = (await cacheGet.info(dir, key).catch(() => null))?.metadata;
    return isStoredMetadata(meta) ? meta.storedAt + ttlForKind(kindOf(meta), ttlMs) : NaN;
  }));
  const earliest = Math.min(...ends);
  return Number.isFinite(earliest) ? earliest : undefined;
}

/**
 * What the support stage took from the store: the cards as they stood after the search, and the
 * record each full text was read for. A second source's answer that changed them afterwards (a
 * JATS named, two cards merged, an abstract brought) makes a repeat, which has that answer before
 * it starts, choose or read otherwise: such a run keeps no result.
 */
export class SupportChoice {
  private readonly readFor = new Map<string, PaperRecord>();

  constructor(
    private readonly chosen: Candidate[],
    private readonly settings: Settings,
  ) {}

  readonly reading = (id: string, record: PaperRecord): void => void this.readFor.set(id, record);

  /** True when, with every answer in, the same papers are read from the same records and scored on the same fields. */
  held(store: { list(): Candidate[]; record(id: string): PaperRecord | undefined }): boolean {
    const now = store.list();
    const topK = this.settings['fulltext.enabled'] ? this.settings['fulltext.topK'] : 0;
    const read = (list: Candidate[]) => list.slice(0, topK).map((c) => c.id).sort().join(' ');
    if (read(this.chosen) !== read(now)) return false;
    if ([...this.readFor].some(([id, record]) => store.record(id) !== record)) return false;
    const byId = new Map(now.map((c) => [c.id, c]));
    return this.chosen.every((c) => {
      const later = byId.get(c.id);
      return later?.title === c.title && later.abstract === c.abstract && later.retrievalScore === c.retrievalScore;
    });
  }
}
