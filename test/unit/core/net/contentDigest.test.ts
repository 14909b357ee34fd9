// The digest that names a cached body (net/contentDigest.ts), read from the cache's index without
// the body (ResponseCache.digest, HttpClient.cachedDigest): it must be the SHA-512 of the very
// bytes stored, on a real PDF, and never name an answer the cache would not serve.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cacache from 'cacache';
import { cacheKey, ResponseCache, type CachedResponse } from '../../../../src/core/net/cache';
import { contentDigest, digestOfIntegrity } from '../../../../src/core/net/contentDigest';
import { createHttpClient } from '../../../../src/core/net/http';
import type { HttpRequest } from '../../../../src/core/net/types';
import { resolveSettings } from '../../../../src/core/settings/index';
import { fixturePath } from '../../../standin/server';

const HOUR = 3_600_000;
const PDF = new Uint8Array(readFileSync(fixturePath('pdf', 'naacl2018-semantic-scholar-literature-graph-cs.pdf')));
const OTHER_PDF = new Uint8Array(readFileSync(fixturePath('pdf', 'acl2020-specter-cs.pdf')));
const answer = (body: Uint8Array, status = 200): CachedResponse => ({ status, url: 'https://example.org/paper.pdf', headers: {}, body });

describe('content digests of cached bodies', () => {
  let cacheDir: string;
  let t: number;
  const now = () => t;
  beforeEach(() => {
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-digest-test-'));
    t = Date.UTC(2026, 0, 1);
  });
  afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

  it('is the SHA-512 of the stored bytes, as cacache names them in its index', async () => {
    const cache = new ResponseCache(cacheDir, 168 * HOUR, now);
    await cache.put('pdf', answer(PDF), { kind: 'ok', service: 'pdf' });
    const info = await cacache.get.info(cacheDir, 'pdf');
    assert.equal(digestOfIntegrity(info?.integrity), contentDigest(PDF));
    assert.deepEqual(await cache.digest('pdf'), { status: 200, digest: contentDigest(PDF) });
    assert.notEqual(contentDigest(PDF), contentDigest(OTHER_PDF));
    assert.match(contentDigest(PDF), /^[0-9a-f]{128}$/);
  });

  it('follows the bytes when an answer is replaced', async () => {
    const cache = new ResponseCache(cacheDir, 168 * HOUR, now);
    await cache.put('pdf', answer(PDF), { kind: 'ok', service: 'pdf' });
    await cache.put('pdf', answer(OTHER_PDF), { kind: 'ok', service: 'pdf' });
    assert.equal((await cache.digest('pdf'))?.digest, contentDigest(OTHER_PDF));
  });

  it('is read without the body: it names the entry even when its content file is gone', async () => {
    const cache = new ResponseCache(cacheDir, 168 * HOUR, now);
    await cache.put('pdf', answer(PDF), { kind: 'ok', service: 'pdf' });
    const info = await cacache.get.info(cacheDir, 'pdf');
    rmSync(info!.path);
    assert.equal(await cache.get('pdf'), undefined, 'the body itself is gone');
    assert.equal((await cache.digest('pdf'))?.digest, contentDigest(PDF));
  });

  it('names nothing the cache would not serve: a miss, an expired answer, a foreign entry', async () => {
    const cache = new ResponseCache(cacheDir, 24 * HOUR, now);
    assert.equal(await cache.digest('missing'), undefined);
    await cache.put('pdf', answer(PDF), { kind: 'ok', service: 'pdf' });
    await cache.put('gone', answer(new TextEncoder().encode('Not Found'), 404), { kind: 'notFound', service: 'pdf' });
    await cacache.put(cacheDir, 'foreign', Buffer.from(PDF)); // no metadata of ours
    assert.equal(await cache.digest('foreign'), undefined);
    assert.equal((await cache.digest('gone'))?.status, 404);
    t += 25 * HOUR;
    assert.equal(await cache.digest('pdf'), undefined);
    assert.equal(await cache.digest('gone'), undefined);
  });

  it('reads only a SHA-512 out of an integrity string', () => {
    const sha512 = `sha512-${Buffer.from(contentDigest(PDF), 'hex').toString('base64')}`;
    assert.equal(digestOfIntegrity(sha512), contentDigest(PDF));
    assert.equal(digestOfIntegrity(`sha1-2jmj7l5rSw0yVb/vlWAYkK/YBwk= ${sha512}`), contentDigest(PDF));
    assert.equal(digestOfIntegrity('sha1-2jmj7l5rSw0yVb/vlWAYkK/YBwk='), undefined);
    assert.equal(digestOfIntegrity('sha512-torn'), undefined);
    assert.equal(digestOfIntegrity(undefined), undefined);
  });

  it('the client answers for GET requests only, by the same key as request()', async () => {
    const settings = resolveSettings({ 'cache.dir': cacheDir });
    const http = createHttpClient(settings, { sweepAfterMs: false });
    const digestOf = (request: HttpRequest) => http.cachedDigest!(request);
    const request = { service: 'pdf' as const, url: 'https://example.org/paper.pdf', accept: 'application/pdf' };
    assert.equal(await digestOf(request), undefined);
    await new ResponseCache(cacheDir, 168 * HOUR).put(cacheKey('GET', request.url, request.accept), answer(PDF), { kind: 'ok', service: 'pdf' });
    assert.equal((await digestOf(request))?.digest, contentDigest(PDF));
    assert.equal(await digestOf({ ...request, accept: 'text/html' }), undefined, 'another Accept is another entry');
    assert.equal(await digestOf({ ...request, cache: false }), undefined);
  });

  it('finds an answer still being written, and names the folder it is written in', async () => {
    const settings = resolveSettings({ 'cache.dir': cacheDir });
    const fetchImpl = (async () => new Response(PDF, { status: 200 })) as typeof fetch;
    const http = createHttpClient(settings, { sweepAfterMs: false, fetchImpl });
    const request = { service: 'pdf' as const, url: 'https://example.org/paper.pdf', accept: 'application/pdf' };
    await http.request({ ...request, storeInBackground: true });
    // Told "absent", a caller would ask the network again for what is on its way to the disk.
    assert.equal((await http.cachedDigest!(request))?.digest, contentDigest(PDF));
    await http.storesSettled();
    assert.equal(http.cacheDir, cacheDir);
    assert.equal(createHttpClient(settings, { cacheDir: '', sweepAfterMs: false }).cacheDir, undefined);
  });
});
