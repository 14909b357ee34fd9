// The on-disk response cache (cacache). Keys are method + URL + Accept, so the same URL asked
// for as BibTeX and as JSON are separate entries. Entries carry their own storage time and are
// treated as missing once older than the TTL. Cache failures never fail a request.
import cacache from 'cacache';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Settings } from '../settings';

export interface CachedResponse {
  status: number;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

interface StoredMetadata {
  status: number;
  url: string;
  headers: Record<string, string>;
  storedAt: number;
}

export function cacheKey(method: string, url: string, accept: string | undefined): string {
  return `citefinder:v1:${method} ${url} accept=${accept ?? ''}`;
}

/** `$XDG_CACHE_HOME/citefinder`, else `~/.cache/citefinder`. */
export function defaultCacheDir(env: Record<string, string | undefined> = process.env): string {
  const base = env.XDG_CACHE_HOME?.trim() || join(homedir(), '.cache');
  return join(base, 'citefinder');
}

/**
 * Where the cache lives, or undefined when caching is off: `cache.enabled` false, or an
 * explicit empty directory passed by the caller.
 */
export function resolveCacheDir(settings: Settings, explicitDir?: string): string | undefined {
  if (!settings['cache.enabled']) return undefined;
  if (explicitDir !== undefined) return explicitDir.trim() || undefined;
  return settings['cache.dir'].trim() || defaultCacheDir();
}

function isStoredMetadata(value: unknown): value is StoredMetadata {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return typeof m.status === 'number' && typeof m.url === 'string' && typeof m.storedAt === 'number';
}

export class ResponseCache {
  constructor(
    private readonly dir: string,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<CachedResponse | undefined> {
    try {
      const entry = await cacache.get(this.dir, key);
      const meta: unknown = entry.metadata;
      if (!isStoredMetadata(meta)) return undefined;
      if (this.now() - meta.storedAt > this.ttlMs) return undefined;
      return { status: meta.status, url: meta.url, headers: meta.headers ?? {}, body: new Uint8Array(entry.data) };
    } catch {
      return undefined; // missing entry, or an unreadable cache: go to the network
    }
  }

  async put(key: string, response: CachedResponse): Promise<void> {
    const metadata: StoredMetadata = {
      status: response.status,
      url: response.url,
      headers: response.headers,
      storedAt: this.now(),
    };
    try {
      await cacache.put(this.dir, key, Buffer.from(response.body), { metadata });
    } catch {
      // A read-only or full disk should cost speed, not results.
    }
  }
}
