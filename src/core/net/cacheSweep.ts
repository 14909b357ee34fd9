// The cache's housekeeping, run in the background and never on a request's path: removes entries
// past their kind's TTL, then, while the cache is over its size cap, evicts PDFs and GROBID TEI
// first (they hold most of the bytes: one frees more than thousands of answers), then the
// oldest entries. cacache.verify does the removal: it drops the rejected index entries and
// garbage-collects every content file no entry refers to (also those orphaned by overwrites).
import { wholeCacache } from './cacheParts';
import { existsSync } from 'node:fs';
import { isStoredMetadata, kindOf, ttlForKind } from './cache';

// Key prefixes of the full-text entries written without our metadata: defined here, below the
// readers that write them (fulltext/), so the sweep and the writers cannot disagree.
/** GROBID's TEI and its reading (fulltext/grobid.ts). */
export const TEI_KEY_PREFIX = 'citefinder:grobid-tei:';
/** pdfjs readings (fulltext/pdfjsCache.ts): as large as TEI, evicted with it. */
export const PDFJS_KEY_PREFIX = 'citefinder:pdfjs-document:';
/** JATS readings (fulltext/jatsSource.ts), evicted with the pdfjs ones. */
export const JATS_KEY_PREFIX = 'citefinder:jats-document:';
/** A claim's shortlist of a paper's paragraphs (scoring/shortlistCache.ts): small, aged like answers. */
export const SUPPORT_KEY_PREFIX = 'citefinder:support-shortlist:';
/** arXiv answers' readings (sources/arxivFeedCache.ts): small, aged like answers. */
export const ARXIV_FEED_KEY_PREFIX = 'citefinder:arxiv-feed:';
/** At most one sweep an hour per cache folder, across clients and (via cacache's verify stamp) processes. */
export const SWEEP_INTERVAL_MS = 3_600_000;

export interface SweepOptions {
  /** TTL of real answers (`cache.ttlHours`); other kinds have their own. */
  ttlMs: number;
  /** Size cap in bytes (`cache.maxSizeMb`). */
  maxBytes: number;
  now?: () => number;
}

export interface SweepReport {
  /** Entries removed for being past their TTL. */
  expired: number;
  /** Entries removed to get under the size cap. */
  evicted: number;
  /** Content bytes left in the cache. */
  keptBytes: number;
  /** Content bytes deleted, orphaned content included. */
  reclaimedBytes: number;
}

/** The part of a cacache index entry the sweep reads. */
interface IndexEntry {
  key: string;
  integrity: string;
  time: number;
  size?: number;
  metadata?: unknown;
}

interface Described {
  entry: IndexEntry;
  storedAt: number;
  ttlMs: number;
  /** PDFs and TEI: evicted before anything else. */
  large: boolean;
}

// @types/cacache lags cacache 21: verify's `filter` is a function there, and `ls` entries carry `size`.
// Both loaded on first use, a minute after start (cacheParts.ts).
type Verify = (
  dir: string,
  options: { filter: (entry: IndexEntry) => boolean; concurrency: number },
) => Promise<{ keptSize?: number; reclaimedSize?: number }>;
const verify: Verify = (...args) => (wholeCacache().verify as unknown as Verify)(...args);
const ls = (dir: string) => (wholeCacache().ls as unknown as (dir: string) => Promise<Record<string, IndexEntry>>)(dir);

function describeEntry(entry: IndexEntry, ttlMs: number): Described {
  const meta = entry.metadata;
  if (isStoredMetadata(meta)) {
    return { entry, storedAt: meta.storedAt, ttlMs: ttlForKind(kindOf(meta), ttlMs), large: meta.service === 'pdf' };
  }
  // TEI, or anything else without our metadata: aged by cacache's own insert time.
  const large = [TEI_KEY_PREFIX, PDFJS_KEY_PREFIX, JATS_KEY_PREFIX].some((prefix) => entry.key.startsWith(prefix));
  return { entry, storedAt: entry.time, ttlMs, large };
}

/** Entries to drop to get under `maxBytes`: large ones first, then the oldest. Shared content counts once. */
function overCap(kept: Described[], maxBytes: number): Described[] {
  const refs = new Map<string, { size: number; count: number }>();
  for (const d of kept) {
    const ref = refs.get(d.entry.integrity) ?? { size: d.entry.size ?? 0, count: 0 };
    ref.count++;
    refs.set(d.entry.integrity, ref);
  }
  let total = [...refs.values()].reduce((sum, r) => sum + r.size, 0);
  const order = [...kept].sort((a, b) => Number(b.large) - Number(a.large) || a.storedAt - b.storedAt);
  const evicted: Described[] = [];
  for (const d of order) {
    if (total <= maxBytes) break;
    evicted.push(d);
    const ref = refs.get(d.entry.integrity)!;
    if (--ref.count === 0) total -= ref.size;
  }
  return evicted;
}

/** One sweep, now. Throws on an unreadable cache; `scheduleSweep` is the never-failing way in. */
export async function sweepCache(dir: string, options: SweepOptions): Promise<SweepReport> {
  const now = (options.now ?? Date.now)();
  if (!existsSync(dir)) return { expired: 0, evicted: 0, keptBytes: 0, reclaimedBytes: 0 };
  const all = Object.values(await ls(dir)).map((e) => describeEntry(e, options.ttlMs));
  const expired = new Set(all.filter((d) => now - d.storedAt > d.ttlMs));
  const kept = all.filter((d) => !expired.has(d));
  const evicted = overCap(kept, Math.max(0, options.maxBytes));
  // Identified by key, content and time, so an entry rewritten since the listing is kept.
  const doomed = new Set([...expired, ...evicted].map((d) => `${d.entry.key}\n${d.entry.integrity}\n${d.entry.time}`));
  const stats = await verify(dir, {
    filter: (e) => !doomed.has(`${e.key}\n${e.integrity}\n${e.time}`),
    concurrency: 4,
  });
  return {
    expired: expired.size,
    evicted: evicted.length,
    keptBytes: stats.keptSize ?? 0,
    reclaimedBytes: stats.reclaimedSize ?? 0,
  };
}

const lastSweepByDir = new Map<string, number>();
const running = new Set<Promise<void>>();

/** Resolves once every sweep started so far has finished (tests, and a clean shutdown). */
export async function sweepsSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}

/**
 * Sweeps `dir` after `delayMs`, at most once an hour per folder; the timer does not keep the
 * process alive. Failures are swallowed: a failed sweep only leaves the cache larger.
 */
export function scheduleSweep(dir: string, options: SweepOptions & { delayMs: number }): void {
  const now = options.now ?? Date.now;
  const last = lastSweepByDir.get(dir);
  if (last !== undefined && now() - last < SWEEP_INTERVAL_MS) return;
  lastSweepByDir.set(dir, now());
  const timer = setTimeout(() => {
    const sweep = sweepIfDue(dir, options).finally(() => running.delete(sweep));
    running.add(sweep);
  }, Math.max(0, options.delayMs));
  timer.unref?.();
}

async function sweepIfDue(dir: string, options: SweepOptions): Promise<void> {
  try {
    if (!existsSync(dir)) return; // nothing cached yet: do not create the folder
    const lastRun = await wholeCacache().verify.lastRun(dir).catch(() => undefined);
    const now = (options.now ?? Date.now)();
    if (lastRun && now - lastRun.getTime() < SWEEP_INTERVAL_MS) return; // another process just did
    await sweepCache(dir, options);
  } catch {
    // A cache that cannot be swept still serves; the next process tries again.
  }
}
