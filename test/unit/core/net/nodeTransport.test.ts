// The node:http carrier under the HttpClient (net/nodeTransport.ts): what fetch used to do for
// us, done again. Compressed answers arrive as the service wrote them, redirects are followed as
// fetch follows them, a cut connection and a refused port read as before, and a multipart form
// still goes out (through fetch). Real Europe PMC and JATS payloads; the stand-in on loopback.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createHttpClient } from '../../../../src/core/net/http';
import { nodeTransport } from '../../../../src/core/net/nodeTransport';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { NetworkError } from '../../../../src/core/net/errors';
import { TooLargeError } from '../../../../src/core/net/types';
import { resolveSettings } from '../../../../src/core/settings/index';
import { fixturePath, send, startStandInServer, type StandIn } from '../../../standin/server';
import { closedPort } from '../../../helpers/ports';

const SEARCH = readFileSync(fixturePath('europepmc', 'search_query-cancer_resultType-core_records-0-1-5.json'));
const JATS = readFileSync(fixturePath('europepmc', 'fullTextXML_PMC5967733_plosone_numeric-xrefs_jats1.1.xml'));
const ENCODE: Record<string, (body: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

describe('node:http carrier', () => {
  let standIn: StandIn;
  before(async () => {
    standIn = await startStandInServer([(s) => s.handle('files', (req, res) => {
      const coding = req.path.slice(1);
      const encode = ENCODE[coding];
      if (encode) return send(res, 200, encode(SEARCH), 'application/json', { 'content-encoding': coding });
      if (req.path === '/see-other') return send(res, 303, '', 'text/plain', { location: '/files/echo' });
      if (req.path === '/to-file') return send(res, 302, '', 'text/plain', { location: 'file:///etc/passwd' });
      if (req.path.startsWith('/loop')) return send(res, 302, '', 'text/plain', { location: `/files/loop${Number(req.path.slice(5) || 0) + 1}` });
      if (req.path === '/cut') {
        // Declares the whole JATS, sends a third of it, then drops the connection.
        res.writeHead(200, { 'content-type': 'application/xml', 'content-length': String(JATS.byteLength) });
        res.write(JATS.subarray(0, Math.floor(JATS.byteLength / 3)));
        return void setImmediate(() => res.socket?.destroy());
      }
      if (req.path === '/big-gzip') return send(res, 200, gzipSync(JATS), 'application/xml', { 'content-encoding': 'gzip' });
      send(res, 200, `${req.method} ${req.headers['content-type'] ?? '-'} ${req.body.length} bytes`);
    })]);
  });
  after(() => standIn.close());

  it('says when a request has left, once, before its answer comes back', async () => {
    const events: string[] = [];
    const answer = await nodeTransport({
      url: `${standIn.url}/files/see-other`,
      method: 'GET',
      headers: {},
      signal: new AbortController().signal,
      maxBytes: 1 << 20,
      onSent: () => events.push('sent'),
      onHeaders: () => events.push('headers'),
    });
    assert.equal(answer.status, 200);
    // The redirect's second hop is not a departure the first host sees.
    assert.deepEqual(events, ['sent', 'headers']);
  });
  beforeEach(() => (standIn.requests.length = 0));

  const url = (path: string) => standIn.url + '/files' + path;
  const client = (values: Record<string, unknown> = {}) =>
    createHttpClient(resolveSettings({ 'cache.enabled': false, 'http.retries': 0, ...values }), { backoffMs: 1, pacing: new PacingRegistry() });

  it('asks for compressed answers and reads gzip, deflate and brotli as the service wrote them', async () => {
    for (const coding of Object.keys(ENCODE)) {
      const response = await client().request({ service: 'europepmc', url: url(`/${coding}`) });
      assert.deepEqual(JSON.parse(response.text()), JSON.parse(SEARCH.toString('utf8')), coding);
    }
    assert.match(String(standIn.requests[0]?.headers['accept-encoding']), /gzip.*deflate.*br/);
  });

  it('holds the size limit on the decoded body, not the compressed one', async () => {
    // The JATS is ~10× its gzip: the limit sits between the two.
    const limitMb = (gzipSync(JATS).byteLength * 2) / 1024 / 1024;
    assert.ok(limitMb * 1024 * 1024 < JATS.byteLength);
    await assert.rejects(client({ 'http.maxResponseMb': limitMb }).request({ service: 'pdf', url: url('/big-gzip') }), TooLargeError);
  });

  it('follows a 303 after a POST with a GET and no body, as fetch does', async () => {
    const response = await client().request({ service: 'grobid', url: url('/see-other'), method: 'POST', body: 'claim text' });
    assert.equal(response.text(), 'GET - 0 bytes');
    assert.deepEqual(standIn.requests.map((r) => r.method), ['POST', 'GET']);
    assert.equal(response.url, url('/echo'));
  });

  it('refuses a redirect to a file: URL and stops after 20 redirects', async () => {
    await assert.rejects(client().request({ service: 'pdf', url: url('/to-file') }), /redirected to a file: URL/);
    await assert.rejects(client().request({ service: 'pdf', url: url('/loop') }), /more than 20 redirects/);
    assert.equal(standIn.requests.length, 1 + 21);
  });

  it('words a connection cut mid-answer and a refused port as fetch failures were worded', async () => {
    await assert.rejects(client().request({ service: 'europepmc', url: url('/cut') }), (error: unknown) => {
      assert.ok(error instanceof NetworkError, String(error));
      assert.match(error.message, /^Europe PMC \(127\.0\.0\.1:\d+\): .* while sending its answer\.$/);
      return true;
    });
    const port = await closedPort();
    await assert.rejects(client().request({ service: 'crossref', url: `http://127.0.0.1:${port}/works` }), (error: unknown) => {
      assert.ok(error instanceof NetworkError);
      assert.equal(error.failure, 'refused');
      assert.equal(error.message, `Crossref (127.0.0.1:${port}): connection refused.`);
      return true;
    });
  });

  it('sends a multipart form (a PDF for GROBID) through fetch', async () => {
    const form = new FormData();
    form.append('input', new Blob([JATS.subarray(0, 100)], { type: 'application/pdf' }), 'paper.pdf');
    const response = await client().request({ service: 'grobid', url: url('/form'), method: 'POST', body: form });
    assert.match(response.text(), /^POST multipart\/form-data; boundary=\S+ \d+ bytes$/);
    assert.ok(standIn.requests[0]!.body.includes(JATS.subarray(0, 100).toString('utf8')));
  });
});
