// Heuristic queries depend on the claim's sentences alone. A repeat of the same claim (a second
// CLI run, "Search again") reads them back from the on-disk cache.
import { cacheGet } from '../net/cacheParts';
import { storeText } from '../net/readings';
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
  // Written behind the search, not before it: the first request need not wait for the disk. The
  // write is tracked, so the run ends with it on disk (and the cache folder removable).
  void storeText(dir, key, JSON.stringify(queries));
  return queries;
}
