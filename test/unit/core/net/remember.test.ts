// A client's cache can be asked alone (`cacheOnly`: nothing is sent) and can keep an answer that
// came another way (`remember`: a record read out of a Crossref list answer), as if the request
// itself had been answered: what a batch of lookups needs so that a repeated run asks nothing.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeResponse } from '../../../../src/core/net/body';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { HttpError, NotCachedError } from '../../../../src/core/net/types';
import { resolveSettings } from '../../../../src/core/settings/index';
import { send, startStandInServer, type StandIn } from '../../../standin/server';

describe('http client: cache-only lookups and remembered answers', () => {
  let standIn: StandIn;
  let cacheDir: string;
  before(async () => {
    standIn = await startStandInServer([(s) => s.handle('crossref', (_req, res) => send(res, 200, '{"message":{}}', 'application/json'))]);
  });
  after(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-remember-'));
  });
  afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

  const client = () => createHttpClient(resolveSettings({ 'cache.enabled': true }), { cacheDir, pacing: new PacingRegistry() });
  const record = (doi: string) => ({ service: 'crossref' as const, url: `${standIn.url}/crossref/works/${doi}`, accept: 'application/json', cacheNotFound: true });

  it('answers a cache-only request from the cache, or throws NotCachedError without sending anything', async () => {
    const http = client();
    await assert.rejects(http.request({ ...record('10.1/a'), cacheOnly: true }), (e: unknown) => e instanceof NotCachedError);
    assert.equal(standIn.requests.length, 0);
    await http.request(record('10.1/a'));
    assert.equal((await http.request({ ...record('10.1/a'), cacheOnly: true })).text(), '{"message":{}}');
    assert.equal(standIn.requests.length, 1);
  });

  it('keeps a remembered record and a remembered 404 as if each request had been answered', async () => {
    const http = client();
    const body = new TextEncoder().encode('{"message":{"DOI":"10.1/b"}}');
    await http.remember!(record('10.1/b'), makeResponse(200, record('10.1/b').url, { 'content-type': 'application/json' }, body, false));
    await http.remember!(record('10.1/gone'), new HttpError('Crossref has no record (HTTP 404).', 404, record('10.1/gone').url, 'Resource not found.'));
    await http.remember!({ ...record('10.1/c'), cacheNotFound: false }, new HttpError('no', 404, record('10.1/c').url, ''));
    const again = client();
    assert.equal((await again.request({ ...record('10.1/b'), cacheOnly: true })).text(), '{"message":{"DOI":"10.1/b"}}');
    await assert.rejects(again.request({ ...record('10.1/gone'), cacheOnly: true }), (e: unknown) => e instanceof HttpError && e.status === 404);
    await assert.rejects(again.request({ ...record('10.1/c'), cacheOnly: true }), (e: unknown) => e instanceof NotCachedError, 'a 404 only for cacheNotFound');
    assert.equal(standIn.requests.length, 0);
  });
});
