// How long each kind of answer stays in the disk cache (a record for cache.ttlHours, a "not
// found" a day, an empty search an hour), that failures are never kept, and the background
// sweep: expired entries physically removed, the size cap evicting PDFs and TEI first.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cacache from 'cacache';
import { ResponseCache, type CachedResponse } from '../../../../src/core/net/cache';
import { sweepCache, sweepsSettled } from '../../../../src/core/net/cacheSweep';
import { readingWritesSettled } from '../../../../src/core/net/readings';
import { createHttpClient, type HttpClientOptions } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { HttpError, RateLimitedError, TimeoutError, type HttpRequest } from '../../../../src/core/net/types';
import { resolveSettings } from '../../../../src/core/settings/index';
import { ArxivSource } from '../../../../src/core/sources/arxiv';
import { SourceError } from '../../../../src/core/sources/errors';
import { EuropePmcSource } from '../../../../src/core/sources/europepmc';
import { fixturePath, send, startStandInServer, type StandIn, type StandInHandler } from '../../../standin/server';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const fixture = (...parts: string[]) => readFileSync(fixturePath(...parts), 'utf8');
// Real recordings, verbatim (see the folders' PROVENANCE.md). arXiv answers a search with no hits
// with the same empty feed as an id_list with no hits: only the echoed query differs.
const ARXIV_EMPTY = fixture('arxiv-atom', 'api2026_idlist_0000.0000_empty.atom.xml');
const ARXIV_RESULTS = fixture('arxiv-atom', 'api2026_search_testing_10-results.atom.xml');
const ARXIV_ERROR_ENTRY = fixture('arxiv-atom', 'legacy2019_idlist_INVALIDID_error-entry.atom.xml');
const EPMC_EMPTY = fixture('europepmc', 'search_no-results_hitCount-0.json');
const EPMC_RESULTS = fixture('europepmc', 'search_query-cancer_resultType-core_records-0-1-5.json');

/** Waits until `condition` holds; the limit (below mocha's 20 s) only stops a failing test polling on. */
async function waitFor(condition: () => Promise<boolean>, what: string, limitMs = 15_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for ' + what);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const keys = async (dir: string) => Object.keys(await cacache.ls(dir)).sort();
const contentFiles = (dir: string) =>
  readdirSync(join(dir, 'content-v2'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

describe('response cache: lifetimes and sweep', () => {
  let standIn: StandIn;
  let cacheDir: string;
  let t: number;
  const now = () => t;
  const hanging: ServerResponse[] = [];

  const handler: StandInHandler = (req, res) => {
    const terms = (req.url.searchParams.get('search_query') ?? '') + (req.url.searchParams.get('query') ?? '');
    if (req.path === '/missing') return send(res, 404, 'Not found');
    if (req.path.startsWith('/status/')) return send(res, Number(req.path.slice('/status/'.length)), 'failed');
    if (req.path === '/hang') return void hanging.push(res);
    if (req.path === '/drop') return void res.socket?.destroy();
    if (req.path === '/arxiv') {
      const feed = terms.includes('nomatch') ? ARXIV_EMPTY : terms.includes('invalid') ? ARXIV_ERROR_ENTRY : ARXIV_RESULTS;
      return send(res, 200, feed, 'application/atom+xml; charset=utf-8');
    }
    if (req.path === '/europepmc') return send(res, 200, terms.includes('nomatch') ? EPMC_EMPTY : EPMC_RESULTS, 'application/json');
    send(res, 200, `hello ${req.url.search}`);
  };

  before(async () => {
    standIn = await startStandInServer([(s) => s.handle('files', handler)]);
  });
  after(async () => {
    for (const res of hanging) res.destroy();
    await standIn.close();
  });
  beforeEach(() => {
    standIn.requests.length = 0;
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-cache-test-'));
    t = Date.now();
  });
  afterEach(async () => {
    // A search writes its answer behind it (storeInBackground), and a sweep verifies the folder behind
    // the entries it removed: the folder goes once every write and sweep is done.
    await Promise.all(clients.splice(0).map((c) => c.storesSettled()));
    await readingWritesSettled(); // and an arXiv answer's reading, stored behind the search too
    await sweepsSettled();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const url = (path: string) => standIn.url + '/files' + path;
  const settingsWith = (values: Record<string, unknown> = {}) =>
    resolveSettings({
      'cache.enabled': true,
      'http.retries': 0,
      'sources.arxiv.url': url('/arxiv'),
      'sources.arxiv.intervalMs': 0,
      'sources.europepmc.url': url('/europepmc'),
      'sources.biorxiv.enabled': false,
      ...values,
    });
  const clients: ReturnType<typeof createHttpClient>[] = [];
  const client = (values: Record<string, unknown> = {}, options: HttpClientOptions = {}) => {
    const clientOptions = { cacheDir, now, pacing: new PacingRegistry(), backoffMs: 1, sweepAfterMs: false as const, ...options };
    const created = createHttpClient(settingsWith(values), clientOptions);
    clients.push(created);
    return created;
  };
  const sent = (path: string) => standIn.requests.filter((r) => r.path === path).length;
  const queries = (path: string, param: string) =>
    standIn.requests.filter((r) => r.path === path).map((r) => new URL(r.url, standIn.url).searchParams.get(param));

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
