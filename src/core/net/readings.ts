// Work derived from an answer, kept in the cache beside it: a PDF's or a JATS's reading, GROBID's
// TEI, an arXiv answer's records. Each is keyed by the SHA-512 of the answer's body, the digest the
// cache's index already holds (contentDigest.ts), so a repeat finds it from the index alone without
// reading the body. Writes are tracked: a run ends once what it derived is on disk.
import { TrackedWork } from './trackedWork';
import { cacheGet, cachePut } from './cacheParts';
import type { HttpClient, HttpRequest } from './types';

/** A stored text, or undefined on a miss or an unreadable cache (the work is then done again). */
export async function readStoredText(dir: string, key: string): Promise<string | undefined> {
  try {
    return (await cacheGet(dir, key)).data.toString('utf8');
  } catch {
    return undefined;
  }
}

/** A stored JSON value of the expected shape; undefined on a miss, a torn entry or another shape. */
export async function readStoredJson<T>(dir: string, key: string, isShape: (value: unknown) => value is T): Promise<T | undefined> {
  const text = await readStoredText(dir, key);
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isShape(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Writes under way: a run, done or cancelled, waits for them (readingWritesSettled). */
const writing = new TrackedWork();

/** Stores text under `key`, never failing (a read-only or full disk costs speed next time); tracked until on disk. */
export function storeText(dir: string, key: string, text: string): Promise<void> {
  return trackWrite(cachePut(dir, key, text));
}

/** Tracks work that ends in a write until it is done, never failing; readingWritesSettled waits for it. */
export function trackWrite(work: Promise<unknown>): Promise<void> {
  return writing.add(work);
}

/**
 * Resolves once everything being written is on disk. A run ends with it, done or cancelled: a
 * cancelled run's papers may still be storing what they read, and the cache must be whole (and
 * its folder removable) when the run has returned.
 */
export async function readingWritesSettled(): Promise<void> {
  await writing.settled();
}

/**
 * What was derived from the answer `request` would get from the cache, found by that answer's
 * digest (the index alone: the body is not read). `absent` when the cache holds no answer for the
 * request, so that its request can go out without asking the cache again (`cacheRead: false`); no
 * reading and not absent for a cached answer that is not a success, or one nothing was kept for.
 */
export async function derivedFromCache<T>(
  http: HttpClient,
  request: HttpRequest,
  keyOf: (bodyDigest: string) => string,
  read: (dir: string, key: string) => Promise<T | undefined>,
): Promise<{ reading?: T; absent: boolean }> {
  const dir = http.cacheDir;
  if (!dir || !http.cachedDigest) return { absent: false };
  const cached = await http.cachedDigest(request);
  if (!cached) return { absent: true };
  if (cached.status < 200 || cached.status >= 300) return { absent: false };
  return { reading: await read(dir, keyOf(cached.digest)), absent: false };
}
