// The network layer under faults, against a loopback server: the run's circuit breaker (a dead
// service costs one timeout, then is skipped and named once), messages that name the service
// and the failure, refused URL schemes, and the size limit on every answer.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { CircuitBreakers, ServiceUnavailableError } from '../../../../src/core/net/breaker';
import { guardHttp } from '../../../../src/core/net/guarded';
import { NetworkError, UnsupportedUrlError } from '../../../../src/core/net/errors';
import { HttpError, TooLargeError, type HttpClient } from '../../../../src/core/net/types';
import { resolveSettings } from '../../../../src/core/settings/index';
import { send, startStandInServer, type StandIn } from '../../../standin/server';

describe('circuit breaker and network faults', () => {
  let standIn: StandIn;
  let cacheDir: string;
  const hanging: ServerResponse[] = [];
  /** Status per path for the next requests, e.g. { '/flaky': [500] }. */
  const script = new Map<string, number[]>();

  before(async () => {
    standIn = await startStandInServer([
      (s) =>
        s.handle('files', (req, res) => {
          if (req.path === '/hang') return void hanging.push(res);
          if (req.path === '/reset') return void res.socket?.destroy();
          if (req.path === '/endless') return endless(res);
          if (req.path === '/slow-body') {
            res.writeHead(200, { 'content-type': 'application/pdf' });
            res.write('%PDF-1.7 ');
            return void setTimeout(() => res.end('rest of the file'), 400);
          }
          const status = script.get(req.path)?.shift();
          if (status) return send(res, status, `status ${status}`);
          send(res, 200, `ok ${req.path}`);
        }),
    ]);
  });
  after(async () => {
    for (const res of hanging) res.destroy();
    await standIn.close();
  });
  beforeEach(() => {
    standIn.requests.length = 0;
    script.clear();
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-breaker-'));
  });
  afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

  const url = (path: string) => `${standIn.url}/files${path}`;
  const sent = (path: string) => standIn.requests.filter((r) => r.path === path).length;

  /** For cases where nothing hangs: no answer may be cut off by a loaded machine. */
  const ANSWERS_ONLY = { 'http.timeoutMs': 10_000 };

  function guarded(values: Record<string, unknown> = {}): { http: HttpClient; warnings: string[] } {
    const settings = resolveSettings({ 'cache.dir': cacheDir, 'http.retries': 3, 'http.timeoutMs': 300, ...values });
    const inner = createHttpClient(settings, { backoffMs: 1, pacing: new PacingRegistry(), sweepAfterMs: false });
    const warnings: string[] = [];
    return { http: guardHttp(inner, new CircuitBreakers((m) => warnings.push(m))), warnings };
  }

  it('opens at the first timeout: the request is not retried, its siblings stop, later ones are refused unsent', async () => {
    const { http, warnings } = guarded();
    const results = await Promise.allSettled([1, 2, 3].map(() => http.request({ service: 'doi', url: url('/hang'), cache: false })));
    for (const result of results) {
      assert.equal(result.status, 'rejected');
      assert.ok(result.reason instanceof ServiceUnavailableError, String(result.reason));
      assert.match(result.reason.message, /^doi\.org \(127\.0\.0\.1:\d+\) was skipped: it did not answer within 300 ms/);
    }
    assert.equal(sent('/hang'), 3, 'each of the three sent once, none retried');
    await assert.rejects(http.request({ service: 'doi', url: url('/fine') }), ServiceUnavailableError);
    assert.equal(sent('/fine'), 0, 'nothing sent to an open circuit');
    assert.deepEqual(warnings, [`doi.org (${new URL(standIn.url).host}) did not answer within 300 ms; it is skipped for the rest of this search.`]);
  });

  it('opens after three 5xx in a row, before the retries run out', async () => {
    script.set('/down', [503, 503, 503, 503]);
    const { http, warnings } = guarded(ANSWERS_ONLY);
    const error = await http.request({ service: 'europepmc', url: url('/down') }).catch((e: unknown) => e);
    assert.ok(error instanceof ServiceUnavailableError);
    assert.equal(sent('/down'), 3, 'three attempts, not 1 + 3 retries');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /^Europe PMC \(.+\) failed 3 times in a row \(HTTP 503\); it is skipped/);
  });

  it('keeps retrying a one-off failure to a full answer, and a 404 is an answer', async () => {
    script.set('/flaky', [500, 502]);
    script.set('/gone', [404]);
    const { http, warnings } = guarded(ANSWERS_ONLY);
    assert.equal((await http.request({ service: 'biorxiv', url: url('/flaky') })).text(), 'ok /flaky');
    await assert.rejects(http.request({ service: 'biorxiv', url: url('/gone') }), (e: unknown) => e instanceof HttpError && e.status === 404);
    script.set('/flaky2', [500, 500]);
    assert.equal((await http.request({ service: 'biorxiv', url: url('/flaky2') })).text(), 'ok /flaky2');
    assert.deepEqual(warnings, [], 'failures separated by answers never add up to three in a row');
  });

  it('still serves answers cached before the service died', async () => {
    const { http } = guarded();
    await http.request({ service: 'crossref', url: url('/cached') });
    await assert.rejects(http.request({ service: 'crossref', url: url('/hang') }), ServiceUnavailableError);
    assert.equal((await http.request({ service: 'crossref', url: url('/cached') })).text(), 'ok /cached');
    assert.equal(sent('/cached'), 1);
  });

  it('keeps one circuit per PDF host and one per service', async () => {
    const { http } = guarded();
    await assert.rejects(http.request({ service: 'pdf', url: url('/hang'), cache: false }), ServiceUnavailableError);
    const otherHost = url('/fine').replace('127.0.0.1', 'localhost');
    assert.equal((await http.request({ service: 'pdf', url: otherHost })).status, 200, 'another PDF host is still asked');
    assert.equal((await http.request({ service: 'doi', url: url('/fine') })).status, 200, 'another service is still asked');
  });

  it('gives up on a host that does not start answering within headersTimeoutMs, but lets a slow body finish', async () => {
    const settings = resolveSettings({ 'cache.enabled': false, 'http.retries': 0 });
    const http = createHttpClient(settings, { pacing: new PacingRegistry(), sweepAfterMs: false });
    const hung = await http.request({ service: 'pdf', url: url('/hang'), timeoutMs: 30_000, headersTimeoutMs: 150 }).catch((e: unknown) => e);
    assert.ok(hung instanceof Error && hung.name === 'TimeoutError', String(hung));
    assert.match(hung.message, /did not answer within 150 ms/);
    const slow = await http.request({ service: 'pdf', url: url('/slow-body'), timeoutMs: 30_000, headersTimeoutMs: 150 });
    assert.equal(slow.text(), '%PDF-1.7 rest of the file');
  });

  it('names the service and "connection reset" for a dropped connection', async () => {
    const settings = resolveSettings({ 'cache.enabled': false, 'http.retries': 0 });
    const http = createHttpClient(settings, { pacing: new PacingRegistry(), sweepAfterMs: false });
    const error = await http.request({ service: 'europepmc', url: url('/reset') }).catch((e: unknown) => e);
    assert.ok(error instanceof NetworkError);
    assert.equal(error.message, `Europe PMC (${new URL(standIn.url).host}): connection reset.`);
    const port = await closedPort();
    const refused = await http.request({ service: 'doi', url: `http://127.0.0.1:${port}/x` }).catch((e: unknown) => e);
    assert.ok(refused instanceof NetworkError);
    assert.equal(refused.message, `doi.org (127.0.0.1:${port}): connection refused.`);
  });

  it('refuses every scheme but http(s) with a clear message, unsent and unretried', async () => {
    const { http } = guarded();
    for (const [bad, scheme] of [
      ['data:application/atom+xml,<feed/>', 'data:'],
      ['file:///etc/passwd', 'file:'],
      ['ftp://example.org/feed', 'ftp:'],
      ['javascript:alert(1)', 'javascript:'],
    ] as const) {
      const error = await http.request({ service: 'arxiv', url: bad }).catch((e: unknown) => e);
      assert.ok(error instanceof UnsupportedUrlError, `${bad}: ${String(error)}`);
      assert.ok(error.message.startsWith(`Refused a ${scheme} URL for arXiv`), error.message);
      assert.match(error.message, /only http: and https: are fetched \(check the setting sources\.arxiv\.url\)/);
    }
    assert.equal(standIn.requests.length, 0);
  });

  it('stops reading an endless answer at http.maxResponseMb, and skips that service afterwards', async () => {
    const { http, warnings } = guarded({ 'http.maxResponseMb': 0.25 });
    const error = await http.request({ service: 'arxiv', url: url('/endless') }).catch((e: unknown) => e);
    assert.ok(error instanceof ServiceUnavailableError, String(error));
    assert.ok(error.cause instanceof TooLargeError);
    assert.equal(sent('/endless'), 1, 'an oversized answer is not asked for again');
    assert.match(warnings[0]!, /sent an answer over the size limit \(http\.maxResponseMb\)/);
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  await new Promise((ok) => server.close(ok));
  return port;
}

/** A 200 whose body never ends (until the client goes away or 64 MB, whichever comes first). */
function endless(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/atom+xml' });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let sent = 0;
  const pump = () => {
    while (!res.destroyed && sent < 64 * 1024 * 1024) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('close', () => (sent = Infinity));
  pump();
}
