// The audit's memory: (citing sentence, key, entry identity) → its result. Re-running the audit
// after editing one sentence finds every other (sentence, key, entry) here and checks only the
// edited one; editing a .bib entry changes its identity, so its citations are checked again.
import { createHash } from 'node:crypto';
import type { PaperRecord, TrustSignal } from '../types';
import type { AuditFinding } from './types';
import { FitScores } from './betterFit';

/** A finding without where it stands (the same result holds wherever the sentence moves). */
export type CachedResult = Omit<AuditFinding, 'site' | 'cached'>;

/** Results kept on disk: the latest, so the file stays small however many manuscripts are audited. */
const MAX_KEPT = 20_000;

/**
 * How long "arXiv (or Europe PMC) holds no version of this work" is believed, as the HTTP cache
 * keeps a search that found nothing: new preprints appear, and a batched search is not in the HTTP
 * cache under any one work's query.
 */
const NO_VERSION_TTL_MS = 3_600_000;

/** Key prefixes of Europe PMC's records and of bioRxiv/medRxiv versions among the versions (a work id never starts with them). */
const EUROPE_PMC = 'europepmc-version ';
const RXIV = 'rxiv-version ';

interface SavedAuditCache {
  version: 1;
  results: [string, CachedResult][];
  works: [string, PaperRecord][];
  versions: [string, KnownVersion][];
  trusts: [string, { trust: TrustSignal; at: number }][];
  /** Absent in caches saved before the bibliography comparison. */
  fits?: [string, number][];
}

interface KnownVersion {
  record?: PaperRecord;
  /** When it was looked up (ms since the epoch). */
  at: number;
}

/** Statuses worth remembering: a service that failed is asked again next time. */
const REMEMBERED = new Set(['supported', 'weak', 'unsupported', 'unresolved', 'missing']);

export class AuditCache {
  private readonly results = new Map<string, CachedResult>();
  /** Entry identity → the work it resolved to: an edited sentence asks no authority again. */
  private readonly works = new Map<string, PaperRecord>();
  /** Work id → its arXiv version (arxivVersionBatch.ts), or when arXiv was found to hold none; Europe PMC's likewise. */
  private readonly versions = new Map<string, KnownVersion>();
  /** Sentences against other works' abstracts (betterFit.ts), so a re-run compares only what changed. */
  readonly fitScores = new FitScores();
  /** Work id → its trust signal as Crossref told it: a re-run reads it here, also with the HTTP cache off. */
  private readonly trusts = new Map<string, { trust: TrustSignal; at: number }>();

  work(entryKey: string): PaperRecord | undefined {
    return this.works.get(entryKey);
  }

  setWork(entryKey: string, record: PaperRecord): void {
    this.works.set(entryKey, record);
  }

  /** The work's arXiv version: a record, null when arXiv held none within the hour, undefined when not known. */
  arxivVersion(workId: string, now = Date.now()): PaperRecord | null | undefined {
    return this.version(workId, now);
  }

  setArxivVersion(workId: string, record: PaperRecord | undefined, now = Date.now()): void {
    this.setVersion(workId, record, now);
  }

  /** Europe PMC's record of the work (europePmcVersion.ts), kept the same way under its own key. */
  europePmcVersion(workId: string, now = Date.now()): PaperRecord | null | undefined {
    return this.version(`${EUROPE_PMC}${workId}`, now);
  }

  setEuropePmcVersion(workId: string, record: PaperRecord | undefined, now = Date.now()): void {
    this.setVersion(`${EUROPE_PMC}${workId}`, record, now);
  }

  /** The work's bioRxiv or medRxiv version (rxivVersion.ts), kept the same way under its own key. */
  rxivVersion(workId: string, now = Date.now()): PaperRecord | null | undefined {
    return this.version(`${RXIV}${workId}`, now);
  }

  setRxivVersion(workId: string, record: PaperRecord | undefined, now = Date.now()): void {
    this.setVersion(`${RXIV}${workId}`, record, now);
  }

  private version(key: string, now: number): PaperRecord | null | undefined {
    const known = this.versions.get(key);
    if (!known) return undefined;
    if (known.record) return known.record;
    return now - known.at < NO_VERSION_TTL_MS ? null : undefined;
  }

  private setVersion(key: string, record: PaperRecord | undefined, now: number): void {
    this.versions.set(key, record ? { record, at: now } : { at: now });
  }

  /** The work's trust signal, when looked up less than `maxAgeMs` ago. */
  trust(workId: string, maxAgeMs: number, now = Date.now()): TrustSignal | undefined {
    const known = this.trusts.get(workId);
    return known && now - known.at < maxAgeMs ? known.trust : undefined;
  }

  setTrust(workId: string, trust: TrustSignal, now = Date.now()): void {
    this.trusts.set(workId, { trust, at: now });
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

  toJSON(): SavedAuditCache {
    const kept = <T>(map: Map<string, T>) => [...map].slice(-MAX_KEPT);
    return {
      version: 1,
      results: kept(this.results),
      works: kept(this.works),
      versions: kept(this.versions),
      trusts: kept(this.trusts),
      fits: this.fitScores.saved(MAX_KEPT),
    };
  }

  /** A cache saved by `toJSON`; anything else gives an empty cache (a stale file is no error). */
  static fromJSON(value: unknown): AuditCache {
    const cache = new AuditCache();
    const saved = value as Partial<Record<'version' | 'results' | 'works' | 'versions' | 'trusts' | 'fits', unknown>> | null;
    if (saved?.version !== 1 || !Array.isArray(saved.results)) return cache;
    for (const item of saved.results) {
      if (Array.isArray(item) && typeof item[0] === 'string' && typeof item[1] === 'object' && item[1] !== null) cache.results.set(item[0], item[1] as CachedResult);
    }
    for (const item of Array.isArray(saved.works) ? saved.works : []) {
      const record = Array.isArray(item) ? (item[1] as PaperRecord | null) : null;
      if (typeof item[0] === 'string' && isRecord(record)) cache.works.set(item[0], record);
    }
    for (const item of Array.isArray(saved.versions) ? saved.versions : []) {
      const known = Array.isArray(item) ? (item[1] as { record?: PaperRecord; at?: unknown } | null) : null;
      if (typeof item[0] !== 'string' || typeof known?.at !== 'number' || (known.record !== undefined && !isRecord(known.record))) continue;
      cache.versions.set(item[0], known.record ? { record: known.record, at: known.at } : { at: known.at });
    }
    for (const item of Array.isArray(saved.trusts) ? saved.trusts : []) {
      const known = Array.isArray(item) ? (item[1] as { trust?: TrustSignal; at?: unknown } | null) : null;
      if (typeof item[0] === 'string' && typeof known?.at === 'number' && typeof known.trust?.status === 'string') cache.trusts.set(item[0], { trust: known.trust, at: known.at });
    }
    cache.fitScores.load(saved.fits);
    return cache;
  }
}

function isRecord(record: PaperRecord | null | undefined): record is PaperRecord {
  return !!record && typeof record.id === 'string' && typeof record.title === 'string' && Array.isArray(record.authors);
}
