// The disk cache's sweep: expired entries and their content physically removed, the size cap
// evicting PDFs and TEI first, the client's background sweep at most once an hour per folder.
// How long each kind of answer is kept: cache.test.ts.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import cacache from 'cacache';
import { ResponseCache, type CachedResponse } from '../../../../src/core/net/cache';
import { sweepCache, sweepsSettled } from '../../../../src/core/net/cacheSweep';
import { ArxivSource } from '../../../../src/core/sources/arxiv';
import { ARXIV_EMPTY, contentFiles, HOUR, keys, MINUTE, useCacheStandIn, waitFor } from '../../../helpers/cacheStandIn';

describe('response cache: sweep', () => {
  let t: number;
  const now = () => t;
  const net = useCacheStandIn(now);
  const { url, settingsWith, client } = net;
  let cacheDir: string;
  beforeEach(() => {
    t = Date.now();
    ({ cacheDir } = net);
  });

  it('the sweep physically removes expired entries and their content', async () => {
    const http = client();
    await http.request({ service: 'doi', url: url('/hello') });
    await assert.rejects(http.request({ service: 'doi', url: url('/missing'), cacheNotFound: true }));
    await new ArxivSource(settingsWith(), http).search({ query: { keywords: ['nomatch'] }, mode: 'all', maxResults: 5 });
    await http.storesSettled(); // a search's answer is written behind it
    const entries = Object.values(await cacache.ls(cacheDir));
    assert.deepEqual(entries.map((e) => (e.metadata as { kind: string }).kind).sort(), ['empty', 'notFound', 'ok']);
    const byKind = (kind: string) => entries.find((e) => (e.metadata as { kind: string }).kind === kind)!;
    assert.equal(contentFiles(cacheDir), 3);

    t += 2 * HOUR;
    const sweep = () => sweepCache(cacheDir, { ttlMs: 168 * HOUR, maxBytes: 500 * 1024 * 1024, now });
    assert.equal((await sweep()).expired, 1);
    assert.deepEqual(await keys(cacheDir), [byKind('notFound').key, byKind('ok').key].sort());
    assert.equal(await cacache.get.hasContent(cacheDir, byKind('empty').integrity), false);
    assert.equal(contentFiles(cacheDir), 2);

    t += 23 * HOUR;
    const report = await sweep();
    assert.equal(report.expired, 1);
    assert.deepEqual(await keys(cacheDir), [byKind('ok').key]);
    assert.equal(contentFiles(cacheDir), 1);
    assert.equal(report.keptBytes, byKind('ok').size);
  });

  it('the size cap evicts PDFs and TEI before search answers, then the oldest', async () => {
    const cache = new ResponseCache(cacheDir, 168 * HOUR, now);
    const body = (size: number, fill: number): CachedResponse => ({ status: 200, url: 'u', headers: {}, body: new Uint8Array(size).fill(fill) });
    await cache.put('search-old', body(10_000, 1), { kind: 'ok', service: 'arxiv' });
    t += HOUR;
    await cache.put('search-new', body(10_000, 2), { kind: 'ok', service: 'europepmc' });
    t += HOUR;
    await cache.put('pdf', body(300_000, 3), { kind: 'ok', service: 'pdf' });
    await cacache.put(cacheDir, 'citefinder:grobid-tei:v1:abc', Buffer.alloc(50_000, 4)); // as grobid.ts writes it
    t += MINUTE;

    // Oldest-first alone would drop search-old first; the PDF and the TEI go before any answer.
    const first = await sweepCache(cacheDir, { ttlMs: 168 * HOUR, maxBytes: 25_000, now });
    assert.deepEqual({ expired: first.expired, evicted: first.evicted, kept: first.keptBytes }, { expired: 0, evicted: 2, kept: 20_000 });
    assert.deepEqual(await keys(cacheDir), ['search-new', 'search-old']);

    const second = await sweepCache(cacheDir, { ttlMs: 168 * HOUR, maxBytes: 15_000, now });
    assert.equal(second.evicted, 1);
    assert.deepEqual(await keys(cacheDir), ['search-new']);
    assert.equal(contentFiles(cacheDir), 1);
  });

  it('the client sweeps in the background after its delay, at most once an hour per folder', async () => {
    const cache = new ResponseCache(cacheDir, 168 * HOUR, now);
    const empty: CachedResponse = { status: 200, url: 'u', headers: {}, body: new TextEncoder().encode(ARXIV_EMPTY) };
    await cache.put('empty-1', empty, { kind: 'empty', service: 'arxiv' });
    t += 2 * HOUR;

    const http = client({}, { sweepAfterMs: 300 });
    await http.request({ service: 'doi', url: url('/hello') });
    assert.ok((await keys(cacheDir)).includes('empty-1'), 'the request waited for the sweep');
    await waitFor(async () => !(await keys(cacheDir)).includes('empty-1'), 'the background sweep');
    await sweepsSettled(); // its verify pass must not see the entry written next

    const sweptAt = t;
    t -= 2 * HOUR; // stored long ago: already expired
    await cache.put('empty-2', empty, { kind: 'empty', service: 'arxiv' });
    t = sweptAt + 30 * MINUTE;
    client({}, { sweepAfterMs: 0 });
    // A sweep scheduled now would start on the next timer turn: let it start, then wait for it.
    await new Promise((r) => setTimeout(r, 0));
    await sweepsSettled();
    assert.ok((await keys(cacheDir)).includes('empty-2'), 'swept again within the hour');

    t = sweptAt + HOUR + 1;
    client({}, { sweepAfterMs: 0 });
    await waitFor(async () => !(await keys(cacheDir)).includes('empty-2'), 'the next hour\'s sweep');
  });

  it('a sweep of a folder that does not exist creates nothing', async () => {
    const missing = join(cacheDir, 'never-used');
    const report = await sweepCache(missing, { ttlMs: HOUR, maxBytes: 0, now });
    assert.equal(report.expired + report.evicted, 0);
    assert.deepEqual(readdirSync(cacheDir), []);
  });
});
