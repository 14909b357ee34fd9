// An arXiv answer's reading is kept beside the answer (sources/arxivFeedCache.ts): a repeat takes
// the records from it, found by the cached answer's digest, without reading the Atom or its LaTeX.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cacache from 'cacache';
import { readingWritesSettled } from '../../../../src/core/net/readings';
import { ARXIV_FEED_KEY_PREFIX } from '../../../../src/core/net/cacheSweep';
import { createHttpClient, type CountingHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import { ArxivSource, fetchArxivById } from '../../../../src/core/sources/arxiv';
import type { ArxivFeed } from '../../../../src/core/sources/arxivAtom';
import { installArxiv } from '../../../standin/arxiv';
import { startStandInServer, type StandIn } from '../../../standin/server';

/** Recorded in legacy2016_search_au-del_maestro_10-of-31.atom.xml; its abstract holds `$\delta$`. */
const LATEX_ID = '1412.6529';

describe('arXiv answers: their readings kept beside them', () => {
  let standIn: StandIn;
  let dir: string;
  let settings: Settings;
  const clients: CountingHttpClient[] = [];
  /** A new client on the same folder: what a new CLI process has. */
  const client = (cacheDir?: string) => {
    const http = createHttpClient(settings, { cacheDir, pacing: new PacingRegistry(), backoffMs: 1, sweepAfterMs: false });
    clients.push(http);
    return http;
  };
  const readingKeys = async () => Object.keys(await cacache.ls(dir)).filter((k) => k.startsWith(ARXIV_FEED_KEY_PREFIX));

  before(async () => {
    standIn = await startStandInServer([installArxiv]);
  });
  after(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    dir = mkdtempSync(join(tmpdir(), 'citefinder-arxiv-feed-'));
    settings = resolveSettings({ ...standIn.settings, 'cache.enabled': true, 'cache.dir': dir, 'http.retries': 0, 'sources.arxiv.intervalMs': 0 });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.storesSettled()));
    await readingWritesSettled();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a repeat in a new process takes the records from the kept reading', async () => {
    const first = await fetchArxivById([LATEX_ID], settings, client());
    assert.match(first[0]?.abstract ?? '', /δ/, 'the LaTeX was read as text');
    const [key] = await readingKeys();
    assert.ok(key, 'the reading is kept');
    // A process ends once its answers are on disk (the pipeline waits for this too); a busy
    // machine may still be writing the first answer when the reading is already there.
    await Promise.all(clients.map((c) => c.storesSettled()));
    assert.deepEqual(await fetchArxivById([LATEX_ID], settings, client()), first);
    assert.equal(standIn.requests.length, 1, 'the repeat asks nothing');

    // The reading, not the answer, is what the repeat reads: a changed reading shows through.
    const kept = JSON.parse((await cacache.get(dir, key)).data.toString('utf8')) as ArxivFeed;
    kept.records[0]!.title = 'Read from the kept reading';
    await cacache.put(dir, key, JSON.stringify(kept));
    const [again] = await fetchArxivById([LATEX_ID], settings, client());
    assert.equal(again?.title, 'Read from the kept reading');
  });

  it('a torn reading is read again from the cached answer, and kept whole', async () => {
    const first = await fetchArxivById([LATEX_ID], settings, client());
    const [key] = await readingKeys();
    await cacache.put(dir, key!, '{"records": [');
    assert.deepEqual(await fetchArxivById([LATEX_ID], settings, client()), first);
    assert.equal(standIn.requests.length, 1, 'the cached answer is read, not asked again');
    const whole = JSON.parse((await cacache.get(dir, key!)).data.toString('utf8')) as ArxivFeed;
    assert.deepEqual(whole.records, first);
  });

  it('a search keeps its reading behind it; a run waits for the write at its end', async () => {
    const source = new ArxivSource(settings, client());
    const records = await source.search({ query: { keywords: ['entanglement'] }, mode: 'all', maxResults: 5 });
    assert.ok(records.length > 0);
    // As a process's end does: the reading and the answer it is found by are both on disk (a busy
    // machine may still be writing the answer when the reading is there: the repeat asked again).
    await Promise.all([readingWritesSettled(), ...clients.map((c) => c.storesSettled())]);
    assert.equal((await readingKeys()).length, 1);
    const repeat = await new ArxivSource(settings, client()).search({ query: { keywords: ['entanglement'] }, mode: 'all', maxResults: 5 });
    assert.deepEqual(repeat, records);
    assert.equal(standIn.requests.length, 1);
  });

  it('keeps no reading of an empty answer, nor without a cache', async () => {
    assert.deepEqual(await fetchArxivById(['0000.0000'], settings, client()), []);
    assert.deepEqual(await readingKeys(), [], 'an empty answer');
    await fetchArxivById([LATEX_ID], settings, client(''));
    assert.deepEqual(Object.keys(await cacache.ls(dir)).filter((k) => !k.includes('0000.0000')), [], 'a client without a cache keeps nothing');
  });
});
