// The HttpClient against the stand-in server: retries, Retry-After, rate-limit messages,
// pacing under a fake clock, cancellation, timeouts and size limits. Its disk cache: httpCache.test.ts.
import assert from 'node:assert/strict';
import FakeTimers from '@sinonjs/fake-timers';
import { USER_AGENT } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { HttpError, isAbortError, RateLimitedError, TimeoutError, TooLargeError } from '../../../../src/core/net/types';
import { send, type StandIn } from '../../../standin/server';
import { letIoRun, until, useHttpStandIn } from '../../../helpers/httpStandIn';

describe('http client', () => {
  const net = useHttpStandIn();
  const { filesHandler, url, client } = net;
  let standIn: StandIn;
  beforeEach(() => {
    ({ standIn } = net);
  });

  it('sends an identifying User-Agent and the Accept header', async () => {
    const response = await client().request({ service: 'doi', url: url('/hello'), accept: 'application/x-bibtex' });
    assert.equal(response.status, 200);
    assert.match(USER_AGENT, /^citefinder\/\d+\.\d+\.\d+ \(\+https:\/\/github\.com\/citefinder\/citefinder\)$/);
    assert.equal(standIn.requests[0]?.headers['user-agent'], USER_AGENT);
    assert.equal(standIn.requests[0]?.headers.accept, 'application/x-bibtex');
    assert.equal(response.text(), 'hello  accept=application/x-bibtex');
  });

  it('follows redirects and reports the final URL', async () => {
    const response = await client().request({ service: 'doi', url: url('/redirect') });
    assert.equal(response.url, url('/hello'));
    assert.equal(standIn.requests.length, 2);
  });

  it('retries 429 and 503, then succeeds', async () => {
    standIn.failNext('files', [429, 503]);
    const http = client();
    const response = await http.request({ service: 'europepmc', url: url('/hello') });
    assert.equal(response.status, 200);
    assert.equal(standIn.requests.length, 3);
    assert.equal(http.stats.retries, 2);
    assert.equal(http.stats.network, 3);
  });

  it('retries a dropped connection', async () => {
    let drops = 1;
    standIn.handle('files', (req, res) => {
      if (drops-- > 0) return void res.socket?.destroy();
      send(res, 200, 'recovered');
    });
    try {
      const response = await client().request({ service: 'doi', url: url('/x') });
      assert.equal(response.text(), 'recovered');
      assert.equal(standIn.requests.length, 2);
    } finally {
      standIn.handle('files', filesHandler);
    }
  });

  it('never retries a 404 and keeps the body on the error', async () => {
    await assert.rejects(client().request({ service: 'doi', url: url('/missing') }), (error: unknown) => {
      assert.ok(error instanceof HttpError);
      assert.equal(error.status, 404);
      assert.equal(error.bodyText, 'Not found');
      return true;
    });
    assert.equal(standIn.requests.length, 1);
  });

  it('fails a final 429 as RateLimitedError naming the host', async () => {
    standIn.failNext('files', [429, 429, 429]);
    const http = client({ 'http.retries': 2 });
    await assert.rejects(http.request({ service: 'europepmc', url: url('/hello') }), (error: unknown) => {
      assert.ok(error instanceof RateLimitedError);
      assert.equal(error.status, 429);
      assert.match(error.message, new RegExp(`Rate limited by 127\\.0\\.0\\.1:\\d+ .*no Retry-After`));
      return true;
    });
    assert.equal(standIn.requests.length, 3);
  });

  it('does not wait for an unreasonable Retry-After', async () => {
    standIn.failNext('files', [429], { 'retry-after': '3600' });
    await assert.rejects(client().request({ service: 'doi', url: url('/hello') }), /wait 3600 s/);
    assert.equal(standIn.requests.length, 1);
  });

  describe('with a fake clock', () => {
    let clock: ReturnType<typeof FakeTimers.install>;
    beforeEach(() => {
      clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    });
    afterEach(() => clock.uninstall());

    it('honours Retry-After before retrying', async () => {
      standIn.failNext('files', [503], { 'retry-after': '2' });
      const pending = client().request({ service: 'europepmc', url: url('/hello') });
      await until(() => standIn.requests.length === 1, 'first attempt');
      await clock.tickAsync(1900);
      await letIoRun(); // room for an early retry to reach the stand-in, were one sent
      assert.equal(standIn.requests.length, 1, 'retried before Retry-After elapsed');
      await clock.tickAsync(200);
      await until(() => standIn.requests.length === 2, 'retry');
      assert.equal((await pending).status, 200);
      assert.ok(standIn.requests[1]!.at - standIn.requests[0]!.at >= 2000);
    });

    it('paces arXiv to one request per interval across clients sharing the registry', async () => {
      const pacing = new PacingRegistry();
      const a = client({}, { pacing });
      const b = client({}, { pacing });
      const all = Promise.all([
        a.request({ service: 'arxiv', url: url('/hello?q=1') }),
        b.request({ service: 'arxiv', url: url('/hello?q=2') }),
        a.request({ service: 'arxiv', url: url('/hello?q=3') }),
        a.request({ service: 'doi', url: url('/hello?doi=1') }),
      ]);
      await until(() => standIn.requests.length === 2, 'first arXiv request and the doi request');
      // 3 s plus a margin of 150 ms, so that arXiv's clock never sees less than 3 s.
      await clock.tickAsync(3149);
      for (let i = 0; i < 200; i++) await new Promise((r) => setImmediate(r));
      assert.equal(standIn.requests.filter((r) => r.url.includes('q=')).length, 1);
      await clock.tickAsync(1);
      await until(() => standIn.requests.length === 3, 'second arXiv request');
      await clock.tickAsync(3150);
      await until(() => standIn.requests.length === 4, 'third arXiv request');
      await all;
      const arxivTimes = standIn.requests.filter((r) => r.url.includes('q=')).map((r) => r.at);
      assert.equal(arxivTimes.length, 3);
      assert.ok(arxivTimes[1]! - arxivTimes[0]! >= 3150 && arxivTimes[2]! - arxivTimes[1]! >= 3150, String(arxivTimes));
    });

    it('cancels a request waiting for its pacing turn', async () => {
      const http = client();
      await http.request({ service: 'arxiv', url: url('/hello?first') });
      const controller = new AbortController();
      const waiting = http.request({ service: 'arxiv', url: url('/hello?second'), signal: controller.signal });
      await clock.tickAsync(1000);
      controller.abort();
      await assert.rejects(waiting, (error: unknown) => isAbortError(error));
      await clock.tickAsync(5000);
      for (let i = 0; i < 100; i++) await new Promise((r) => setImmediate(r));
      assert.equal(standIn.requests.length, 1, 'the cancelled request still went out');
    });

    it('times out a silent server per attempt', async () => {
      const pending = client({ 'http.retries': 1 }).request({ service: 'doi', url: url('/hang'), timeoutMs: 500 });
      const rejected = assert.rejects(pending, (error: unknown) => {
        assert.ok(error instanceof TimeoutError);
        assert.match(error.message, /did not answer within 500 ms/);
        return true;
      });
      await until(() => standIn.requests.length === 1, 'first attempt');
      await clock.tickAsync(510); // the timeout, then the (tiny) backoff
      await until(() => standIn.requests.length === 2, 'retry after timeout');
      await clock.tickAsync(500);
      await rejected;
    });
  });

  it('cancels an in-flight request', async () => {
    const controller = new AbortController();
    const pending = client().request({ service: 'doi', url: url('/hang'), signal: controller.signal });
    await until(() => standIn.requests.length === 1, 'request');
    controller.abort();
    await assert.rejects(pending, (error: unknown) => isAbortError(error));
    assert.equal(standIn.requests.length, 1);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      client().request({ service: 'doi', url: url('/hello'), signal: controller.signal }),
      (error: unknown) => isAbortError(error),
    );
    assert.equal(standIn.requests.length, 0);
  });

  it('enforces maxBytes on Content-Length and on the streamed size, without retrying', async () => {
    const http = client();
    await assert.rejects(http.request({ service: 'pdf', url: url('/big-declared'), maxBytes: 1000 }), TooLargeError);
    await assert.rejects(http.request({ service: 'pdf', url: url('/big-streamed'), maxBytes: 5000 }), TooLargeError);
    assert.equal(standIn.requests.length, 2);
    const ok = await http.request({ service: 'pdf', url: url('/big-streamed'), maxBytes: 10000 });
    assert.equal(ok.body.byteLength, 10000);
  });
});
