// How long each kind of answer stays in the disk cache (a record for cache.ttlHours, a "not
// found" a day, an empty search an hour), that failures are never kept, and that writes under way
// settle. The background sweep (expired entries removed, the size cap): cacheSweep.test.ts.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ResponseCache } from '../../../../src/core/net/cache';
import { HttpError, RateLimitedError, TimeoutError, type HttpRequest } from '../../../../src/core/net/types';
import { ArxivSource } from '../../../../src/core/sources/arxiv';
import { SourceError } from '../../../../src/core/sources/errors';
import { EuropePmcSource } from '../../../../src/core/sources/europepmc';
import { HOUR, keys, MINUTE, useCacheStandIn } from '../../../helpers/cacheStandIn';

describe('response cache: lifetimes', () => {
  let t: number;
  const now = () => t;
  const net = useCacheStandIn(now);
  const { url, settingsWith, client, sent, queries } = net;
  let cacheDir: string;
  beforeEach(() => {
    t = Date.now();
    ({ cacheDir } = net);
  });

  it('remembers a 404 from an identifier lookup for a day, not for cache.ttlHours', async () => {
    const http = client(); // cache.ttlHours: 168
    const lookup: HttpRequest = { service: 'doi', url: url('/missing'), cacheNotFound: true };
    await assert.rejects(http.request(lookup), { status: 404 });
    t += 24 * HOUR - MINUTE;
    await assert.rejects(http.request(lookup), (error: unknown) => error instanceof HttpError && /remembered/.test(error.message));
    assert.equal(sent('/missing'), 1, 'asked again within the day');
    t += 2 * MINUTE;
    await assert.rejects(http.request(lookup), { status: 404 });
    assert.equal(sent('/missing'), 2, 'not asked again after the day');
    await assert.rejects(http.request(lookup), { status: 404 });
    assert.equal(sent('/missing'), 2, 'the fresh 404 is remembered again');
  });

  it('keeps an empty arXiv search for an hour; results and an Error feed for cache.ttlHours', async () => {
    const source = new ArxivSource(settingsWith(), client());
    const search = (keyword: string) => source.search({ query: { keywords: [keyword] }, mode: 'all', maxResults: 5 });
    const all = async () => {
      assert.deepEqual(await search('nomatch'), []);
      assert.ok((await search('testing')).length > 0);
      await assert.rejects(search('invalid'), SourceError);
    };
    await all();
    assert.equal(sent('/arxiv'), 3);
    t += 59 * MINUTE;
    await all();
    assert.equal(sent('/arxiv'), 3, 'a repeat within the hour asks nothing');
    t += 2 * MINUTE;
    await all();
    const asked = queries('/arxiv', 'search_query');
    assert.deepEqual(asked.slice(3), ['all:nomatch'], 'only the empty answer is asked again');
  });

  it('keeps an empty Europe PMC search for an hour, results for cache.ttlHours', async () => {
    const source = new EuropePmcSource('biorxiv', settingsWith(), client());
    const search = (keyword: string) => source.search({ query: { keywords: [keyword] }, mode: 'all', maxResults: 5 });
    await search('nomatch');
    await search('cancer');
    t += 59 * MINUTE;
    await search('nomatch');
    await search('cancer');
    assert.equal(sent('/europepmc'), 2);
    t += 2 * MINUTE;
    await search('nomatch');
    await search('cancer');
    const asked = queries('/europepmc', 'query');
    assert.equal(asked.length, 3);
    assert.match(asked[2] ?? '', /nomatch/);
  });

  it('never caches a 500, a 503, a 429, a timeout or a dropped connection', async () => {
    const http = client();
    const failures: [string, (error: unknown) => boolean][] = [
      ['/status/500', (e) => e instanceof HttpError && e.status === 500],
      ['/status/503', (e) => e instanceof HttpError && e.status === 503],
      ['/status/429', (e) => e instanceof RateLimitedError],
      ['/hang', (e) => e instanceof TimeoutError],
      ['/drop', (e) => e instanceof Error && !(e instanceof HttpError)],
    ];
    for (let round = 1; round <= 2; round++) {
      for (const [path, expected] of failures) {
        const request: HttpRequest = { service: 'doi', url: url(path), cacheNotFound: true };
        if (path === '/hang') request.timeoutMs = 50;
        await assert.rejects(http.request(request), expected);
        assert.equal(http.stats.cacheHits, 0, `${path} was answered from the cache`);
        // A hang may time out before a loaded machine delivers it to the server: then it was never sent.
        if (path !== '/hang') assert.equal(sent(path), round, `${path} was answered from the cache`);
      }
    }
    assert.deepEqual(await keys(cacheDir), []);
    assert.equal(http.stats.cacheHits, 0);
  });

  it('removes an expired entry from the index when it is read', async () => {
    const http = client({ 'cache.ttlHours': 1 });
    await http.request({ service: 'doi', url: url('/hello') });
    assert.equal((await keys(cacheDir)).length, 1);
    t += HOUR + 1;
    const cache = new ResponseCache(cacheDir, HOUR, now);
    const [key] = await keys(cacheDir);
    assert.equal(await cache.get(key!), undefined);
    assert.deepEqual(await keys(cacheDir), []);
  });

  it('a cache that cannot be written, or an isEmpty that throws, never fails a request', async () => {
    const notADir = join(cacheDir, 'file');
    writeFileSync(notADir, 'not a cache');
    const http = client({}, { cacheDir: notADir });
    const throwing = () => {
      throw new Error('bad predicate');
    };
    for (let i = 0; i < 2; i++) {
      const response = await http.request({ service: 'arxiv', url: url('/hello'), isEmpty: throwing });
      assert.equal(response.status, 200);
    }
    assert.equal(sent('/hello'), 2);
  });

  it('hands a search its answer before writing it to the cache; a repeat through the client waits for the write', async () => {
    const http = client();
    const source = new EuropePmcSource('biorxiv', settingsWith(), http);
    const search = () => source.search({ query: { keywords: ['cancer'] }, mode: 'all', maxResults: 5 });
    const first = await search();
    // The repeat is not told to wait for anything: the client waits for the write under way.
    assert.deepEqual(await search(), first);
    assert.equal(sent('/europepmc'), 1, 'the repeat is answered from the cache');
    assert.equal(http.stats.cacheHits, 1);
    await http.storesSettled();
    assert.equal((await keys(cacheDir)).length, 1);
  });

  it('settles every write under way, not only a search\'s: an answer remembered and not awaited is on disk after', async () => {
    const http = client();
    const response = await http.request({ service: 'doi', url: url('/hello'), cache: false });
    const remembered = http.remember!({ service: 'doi', url: url('/hello') }, response);
    await http.storesSettled();
    assert.equal((await keys(cacheDir)).length, 1, 'the remembered answer is written');
    await remembered;
  });
});
