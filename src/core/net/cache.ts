// The on-disk response cache (cacache). Keys are method + URL + Accept, so the same URL asked
// for as BibTeX and as JSON are separate entries. Each entry records what kind of answer it is,
// and the kind sets how long it stays: a record for `cache.ttlHours`, a "no such record" for a
// day, an empty search for an hour (new papers may match tomorrow). An entry read after that is
// removed; the background sweep (cacheSweep.ts) removes the rest and keeps the size cap.
// Cache failures never fail a request.
import { cacheGet, cachePut, wholeCacache } from './cacheParts';
import { withoutSecrets } from './errors';
import type { CachedDigest, ServiceName } from './types';
import { digestOfIntegrity } from './contentDigest';

export { defaultCacheDir, resolveCacheDir } from './cacheDir';

export interface CachedResponse {
  status: number;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** `ok`: a real answer; `notFound`: a 404/410 from an identifier lookup; `empty`: a search with no hits. */
export type CacheKind = 'ok' | 'notFound' | 'empty';

/** What the cache needs to know about an answer besides its bytes. */
export interface CacheEntryInfo {
  kind: CacheKind;
  service: ServiceName;
}

export const NOT_FOUND_TTL_MS = 24 * 3_600_000;
export const EMPTY_TTL_MS = 3_600_000;

/**
 * How long an entry of this kind stays; `ttlMs` is the one for real answers (`cache.ttlHours`).
 * A "nothing here" answer never outlives a real one: a short `cache.ttlHours` shortens it too.
 */
export function ttlForKind(kind: CacheKind, ttlMs: number): number {
  if (kind === 'notFound') return Math.min(NOT_FOUND_TTL_MS, ttlMs);
  if (kind === 'empty') return Math.min(EMPTY_TTL_MS, ttlMs);
  return ttlMs;
}

export interface StoredMetadata {
  status: number;
  url: string;
  headers: Record<string, string>;
  storedAt: number;
  /** Absent in entries written before kinds existed; see `kindOf`. */
  kind?: CacheKind;
  service?: ServiceName;
}

export function cacheKey(method: string, url: string, accept: string | undefined): string {
  return `citefinder:v1:${method} ${withoutSecrets(url)} accept=${accept ?? ''}`;
}

export function isStoredMetadata(value: unknown): value is StoredMetadata {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return typeof m.status === 'number' && typeof m.url === 'string' && typeof m.storedAt === 'number';
}

/** The kind of an entry; older entries without one are told apart by their status. */
export function kindOf(meta: StoredMetadata): CacheKind {
  if (meta.kind === 'ok' || meta.kind === 'notFound' || meta.kind === 'empty') return meta.kind;
  return meta.status === 404 || meta.status === 410 ? 'notFound' : 'ok';
}

// @types/cacache lags cacache 21, whose rm.entry takes `removeFully` (drop the index file too).
type RmEntry = (dir: string, key: string, options: { removeFully: boolean }) => Promise<unknown>;
const rmEntry: RmEntry = (...args) => (wholeCacache().rm.entry as RmEntry)(...args);

export class ResponseCache {
  constructor(
    private readonly dir: string,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<CachedResponse | undefined> {
    try {
      const entry = await cacheGet(this.dir, key);
      const meta: unknown = entry.metadata;
      if (!isStoredMetadata(meta)) return undefined;
      if (this.now() - meta.storedAt > ttlForKind(kindOf(meta), this.ttlMs)) {
        // Awaited (one unlink), so it cannot race the fresh answer's put for the same key.
        // The content is left to the sweep's garbage collection: other keys may share it.
        await rmEntry(this.dir, key, { removeFully: true });
        return undefined;
      }
      return { status: meta.status, url: meta.url, headers: meta.headers ?? {}, body: new Uint8Array(entry.data) };
    } catch {
      return undefined; // missing entry, or an unreadable cache: go to the network
    }
  }

  /**
   * The entry's status and body digest from the index alone (no content read, no integrity check);
   * undefined on a miss, an expired entry (left for `get` to remove) or an index line naming no SHA-512.
   */
  async digest(key: string): Promise<CachedDigest | undefined> {
    try {
      const info = await cacheGet.info(this.dir, key);
      const meta: unknown = info?.metadata;
      if (!info || !isStoredMetadata(meta)) return undefined;
      if (this.now() - meta.storedAt > ttlForKind(kindOf(meta), this.ttlMs)) return undefined;
      const digest = digestOfIntegrity(info.integrity);
      return digest === undefined ? undefined : { status: meta.status, digest };
    } catch {
      return undefined;
    }
  }

  async put(key: string, response: CachedResponse, info: CacheEntryInfo): Promise<void> {
    const metadata: StoredMetadata = {
      status: response.status,
      url: withoutSecrets(response.url),
      headers: response.headers,
      storedAt: this.now(),
      kind: info.kind,
      service: info.service,
    };
    try {
      await cachePut(this.dir, key, Buffer.from(response.body), { metadata });
    } catch {
      // A read-only or full disk should cost speed, not results.
    }
  }
}
