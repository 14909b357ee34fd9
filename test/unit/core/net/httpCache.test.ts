// The HttpClient's on-disk cache against the stand-in server: repeats served from disk, what is
// stored (2xx answers; a "not found" when asked), expiry under a fake clock, and where it lives.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import FakeTimers from '@sinonjs/fake-timers';
import { createHttpClient } from '../../../../src/core/net/http';
import { defaultCacheDir, resolveCacheDir } from '../../../../src/core/net/cache';
import { HttpError } from '../../../../src/core/net/types';
import { resolveSettings } from '../../../../src/core/settings/index';
import type { StandIn } from '../../../standin/server';
import { useHttpStandIn } from '../../../helpers/httpStandIn';

describe('http client: the disk cache', () => {
  const net = useHttpStandIn();
  const { url, settings, client } = net;
  let standIn: StandIn;
  let cacheDir: string;
  beforeEach(() => {
    ({ standIn, cacheDir } = net);
  });

  it('serves a repeated GET from the disk cache without any request', async () => {
    const http = client({ 'cache.enabled': true }, { cacheDir });
    const first = await http.request({ service: 'doi', url: url('/hello'), accept: 'text/plain' });
    const second = await createHttpClient(settings({ 'cache.enabled': true }), { cacheDir }).request({
      service: 'doi',
      url: url('/hello'),
      accept: 'text/plain',
    });
    assert.equal(first.fromCache, false);
    assert.equal(second.fromCache, true);
    assert.equal(second.text(), first.text());
    assert.equal(standIn.requests.length, 1);
    // A different Accept is a different entry.
    await http.request({ service: 'doi', url: url('/hello'), accept: 'application/json' });
    assert.equal(standIn.requests.length, 2);
    assert.deepEqual({ network: http.stats.network, cacheHits: http.stats.cacheHits }, { network: 2, cacheHits: 0 });
  });

  it('with cacheRead false, goes to the network without reading the cache, and still stores the answer', async () => {
    const http = client({ 'cache.enabled': true }, { cacheDir });
    await http.request({ service: 'doi', url: url('/hello'), accept: 'text/plain' });
    const fresh = await http.request({ service: 'doi', url: url('/hello'), accept: 'text/plain', cacheRead: false });
    assert.equal(fresh.fromCache, false, 'the cached answer is not read');
    assert.equal(standIn.requests.length, 2);
    const again = await createHttpClient(settings({ 'cache.enabled': true }), { cacheDir }).request({
      service: 'doi',
      url: url('/hello'),
      accept: 'text/plain',
    });
    assert.equal(again.fromCache, true, 'the fresh answer was stored');
    assert.equal(again.text(), fresh.text());
    assert.equal(standIn.requests.length, 2);
  });

  it('caches only 2xx answers, and nothing when the cache is off', async () => {
    const cached = client({ 'cache.enabled': true }, { cacheDir });
    for (let i = 0; i < 2; i++) await assert.rejects(cached.request({ service: 'doi', url: url('/missing') }));
    assert.equal(standIn.requests.length, 2);
    const off = client({ 'cache.enabled': false }, { cacheDir });
    await off.request({ service: 'doi', url: url('/hello') });
    await off.request({ service: 'doi', url: url('/hello') });
    assert.equal(standIn.requests.length, 4);
    assert.equal(off.stats.cacheHits, 0);
  });

  it('remembers a "not found" from an authority lookup only when asked to', async () => {
    const lookup = { service: 'doi' as const, url: url('/missing'), cacheNotFound: true };
    await assert.rejects(client({ 'cache.enabled': true }, { cacheDir }).request(lookup), { status: 404 });
    assert.equal(standIn.requests.length, 1);
    const again = client({ 'cache.enabled': true }, { cacheDir });
    await assert.rejects(again.request(lookup), (error: unknown) => {
      assert.ok(error instanceof HttpError);
      assert.equal(error.status, 404);
      assert.equal(error.bodyText, 'Not found');
      return true;
    });
    assert.equal(standIn.requests.length, 1, 'the repeat asked nothing');
    assert.equal(again.stats.cacheHits, 1);
  });

  it('puts the cache in cache.dir, else the XDG cache folder, and nowhere when switched off', () => {
    assert.equal(defaultCacheDir({ XDG_CACHE_HOME: '/x/cache' }), join('/x/cache', 'citefinder'));
    assert.match(defaultCacheDir({}), /\.cache[\\/]citefinder$/);
    assert.equal(resolveCacheDir(resolveSettings({ 'cache.dir': '/tmp/cf' })), '/tmp/cf');
    assert.equal(resolveCacheDir(resolveSettings({ 'cache.dir': '/tmp/cf', 'cache.enabled': false })), undefined);
    assert.equal(resolveCacheDir(resolveSettings({}), ''), undefined, 'an explicit empty dir switches it off');
  });

  describe('with a fake clock', () => {
    let clock: ReturnType<typeof FakeTimers.install>;
    beforeEach(() => {
      clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    });
    afterEach(() => clock.uninstall());

    it('expires cache entries after the TTL', async () => {
      const http = client(
        { 'cache.enabled': true, 'cache.ttlHours': 1 },
        { cacheDir, now: () => Date.now() },
      );
      await http.request({ service: 'doi', url: url('/hello') });
      assert.equal((await http.request({ service: 'doi', url: url('/hello') })).fromCache, true);
      clock.setSystemTime(Date.now() + 3_600_001);
      assert.equal((await http.request({ service: 'doi', url: url('/hello') })).fromCache, false);
      assert.equal(standIn.requests.length, 2);
    });
  });
});
