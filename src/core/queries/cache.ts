// Heuristic queries depend on the claim's sentences alone. A repeat of the same claim (a second
// CLI run, "Search again") reads them back from the on-disk cache.
import { cacheGet, cachePut } from '../net/cacheParts';
import { createHash } from 'node:crypto';
import type { Query } from '../types';

/** Bumped whenever keyphrase extraction changes what it writes. */
const VERSION = 2;

function keyFor(sentences: string[]): string {
  const digest = createHash('sha256').update(JSON.stringify(sentences)).digest('hex');
  return `citefinder:heuristic-queries:v${VERSION}:${digest}`;
}

export async function cachedQueries(dir: string | undefined, sentences: string[], make: () => Query[]): Promise<Query[]> {
  if (!dir) return make();
  const key = keyFor(sentences);
  try {
    const stored: unknown = JSON.parse((await cacheGet(dir, key)).data.toString('utf8'));
    if (Array.isArray(stored)) return stored as Query[];
  } catch {
    // a miss, or an unreadable cache: write them again
  }
  const queries = make();
  // Written behind the search, not before it: the first request need not wait for the disk.
  void cachePut(dir, key, JSON.stringify(queries)).catch(() => undefined);
  return queries;
}
