// The audit's memory: (citing sentence, key, entry identity) → its result. Re-running the audit
// after editing one sentence finds every other (sentence, key, entry) here and checks only the
// edited one; editing a .bib entry changes its identity, so its citations are checked again.
import { createHash } from 'node:crypto';
import type { PaperRecord } from '../types';
import type { AuditFinding } from './types';

/** A finding without where it stands (the same result holds wherever the sentence moves). */
export type CachedResult = Omit<AuditFinding, 'site' | 'cached'>;

/** Results kept on disk: the latest, so the file stays small however many manuscripts are audited. */
const MAX_KEPT = 20_000;

/** Statuses worth remembering: a service that failed is asked again next time. */
const REMEMBERED = new Set(['supported', 'weak', 'unsupported', 'unresolved', 'missing']);

export class AuditCache {
  private readonly results = new Map<string, CachedResult>();
  /** Entry identity → the work it resolved to: an edited sentence asks no authority again. */
  private readonly works = new Map<string, PaperRecord>();

  work(entryKey: string): PaperRecord | undefined {
    return this.works.get(entryKey);
  }

  setWork(entryKey: string, record: PaperRecord): void {
    this.works.set(entryKey, record);
  }

  static keyOf(sentence: string, key: string, entryText: string | undefined): string {
    return JSON.stringify([sentence, key, entryText === undefined ? '' : AuditCache.entryKey(entryText)]);
  }

  /** An entry's identity: its fields, whatever their layout. */
  static entryKey(entryText: string): string {
    return createHash('sha256').update(entryText.replace(/\s+/g, ' ').trim()).digest('hex').slice(0, 16);
  }

  get(cacheKey: string): CachedResult | undefined {
    return this.results.get(cacheKey);
  }

  set(cacheKey: string, result: CachedResult): void {
    if (REMEMBERED.has(result.status)) this.results.set(cacheKey, result);
  }

  get size(): number {
    return this.results.size;
  }

  toJSON(): { version: 1; results: [string, CachedResult][]; works: [string, PaperRecord][] } {
    return { version: 1, results: [...this.results].slice(-MAX_KEPT), works: [...this.works].slice(-MAX_KEPT) };
  }

  /** A cache saved by `toJSON`; anything else gives an empty cache (a stale file is no error). */
  static fromJSON(value: unknown): AuditCache {
    const cache = new AuditCache();
    const saved = value as { version?: unknown; results?: unknown; works?: unknown } | null;
    if (saved?.version !== 1 || !Array.isArray(saved.results)) return cache;
    for (const item of saved.results) {
      if (Array.isArray(item) && typeof item[0] === 'string' && typeof item[1] === 'object' && item[1] !== null) cache.results.set(item[0], item[1] as CachedResult);
    }
    for (const item of Array.isArray(saved.works) ? saved.works : []) {
      const record = Array.isArray(item) ? (item[1] as PaperRecord | null) : null;
      if (typeof item[0] === 'string' && record && typeof record.id === 'string' && typeof record.title === 'string' && Array.isArray(record.authors)) cache.works.set(item[0], record);
    }
    return cache;
  }
}
