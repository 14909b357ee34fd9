// The heuristic queries are written to the cache behind the search; a run that has ended must have
// them on disk (the pipeline waits for readingWritesSettled), or a folder removed after the run can
// still be written into (a test's temporary cache: ENOTEMPTY on a busy machine).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedQueries } from '../../../../src/core/queries/cache';
import { readingWritesSettled } from '../../../../src/core/net/readings';
import type { Query } from '../../../../src/core/types';

describe('heuristic queries in the cache', () => {
  it('are on disk once the writes a run waits for have settled, and read back on a repeat', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citefinder-queries-'));
    try {
      const sentences = ['Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.'];
      const made: Query[] = [{ keywords: ['type ia supernovae', 'accelerating expansion'] }];
      await cachedQueries(dir, sentences, () => made);
      await readingWritesSettled();
      assert.ok(readdirSync(dir, { recursive: true }).length > 0, 'written by the time the run ends');
      const again = await cachedQueries(dir, sentences, () => assert.fail('asked to make them again'));
      assert.deepEqual(again, made);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
