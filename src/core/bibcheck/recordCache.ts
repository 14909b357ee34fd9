// arXiv answers per id, on disk. arXiv is asked many ids to a request, and which ids share a
// request depends on timing, so the HTTP cache (keyed by URL) would rarely serve a re-check:
// each id's answer is kept here instead, for the HTTP cache's lifetime (an unknown id for a
// day), so that a re-check of an unchanged .bib asks arXiv nothing.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { resolveCacheDir } from '../net/cache';
import type { Settings } from '../settings';
import type { AuthorityRecord } from './verdict';

const NOT_FOUND_TTL_MS = 24 * 3_600_000;

interface Stored {
  storedAt: number;
  record: AuthorityRecord | null;
}

export class RecordCache {
  private readonly dir: string | undefined;
  private readonly ttlMs: number;

  constructor(settings: Settings, private readonly now: () => number = Date.now) {
    const base = resolveCacheDir(settings);
    this.dir = base ? join(base, 'bibcheck-records') : undefined;
    this.ttlMs = Math.max(0, settings['cache.ttlHours']) * 3_600_000;
  }

  private file(key: string): string {
    return join(this.dir!, createHash('sha256').update(key).digest('hex').slice(0, 32) + '.json');
  }

  /** The stored answer (null: the authority has no such record), or undefined when none is fresh. */
  async get(key: string): Promise<AuthorityRecord | null | undefined> {
    if (!this.dir) return undefined;
    try {
      const stored = JSON.parse(await readFile(this.file(key), 'utf8')) as Stored;
      const ttl = stored.record ? this.ttlMs : Math.min(this.ttlMs, NOT_FOUND_TTL_MS);
      return this.now() - stored.storedAt <= ttl ? stored.record : undefined;
    } catch {
      return undefined;
    }
  }

  async put(key: string, record: AuthorityRecord | undefined): Promise<void> {
    if (!this.dir) return;
    try {
      await mkdir(this.dir, { recursive: true });
      const file = this.file(key);
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, JSON.stringify({ storedAt: this.now(), record: record ?? null } satisfies Stored));
      await rename(temporary, file);
    } catch {
      // A cache that cannot be written costs a request next time, nothing more.
    }
  }
}
