// Identical requests asked at once share one answer (the stand-in holds each answer until the
// test releases it, so "at once" is certain, not a matter of timing); a joiner's cancel is its
// own, and the first asker's cancel does not take the joiner's answer away. (The PDF host's
// pacing lets several requests out at once, so the requests kept apart all arrive.)
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { HttpError, isAbortError } from '../../../../src/core/net/types';
import { resolveSettings } from '../../../../src/core/settings/index';
import { send, startStandInServer, type StandIn } from '../../../standin/server';

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 20000; i++) {
    if (condition()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('Timed out waiting for ' + what);
}

describe('http client: identical requests in flight', () => {
  let standIn: StandIn;
  const held: { path: string; res: ServerResponse }[] = [];

  before(async () => {
    standIn = await startStandInServer([(s) => s.handle('files', (req, res) => void held.push({ path: req.path, res }))]);
  });
  after(async () => {
    for (const { res } of held) res.destroy();
    await standIn.close();
  });
  beforeEach(() => {
    standIn.requests.length = 0;
    held.length = 0;
  });

  const client = () => createHttpClient(resolveSettings({ 'cache.enabled': false, 'http.retries': 0 }), { pacing: new PacingRegistry() });
  const url = (path: string) => `${standIn.url}/files${path}`;
  const release = (status: number, body: string) => {
    for (const { res } of held.splice(0)) send(res, status, body);
  };

  it('sends one request for two identical ones asked at once, and both get its answer', async () => {
    const http = client();
    const first = http.request({ service: 'pdf', url: url('/works/10.1/a') });
    const second = http.request({ service: 'pdf', url: url('/works/10.1/a') });
    await until(() => held.length === 1, 'the request to arrive');
    release(200, 'the record');
    assert.deepEqual([(await first).text(), (await second).text()], ['the record', 'the record']);
    assert.equal(standIn.requests.length, 1);
    assert.equal(http.stats.network, 1);
  });

  it('gives both the same failure (a 404 is one answer, not two)', async () => {
    const http = client();
    const asks = [1, 2].map(() => http.request({ service: 'pdf', url: url('/works/10.1/missing') }));
    await until(() => held.length === 1, 'the request to arrive');
    release(404, 'Resource not found.');
    for (const ask of asks) await assert.rejects(ask, (e: unknown) => e instanceof HttpError && e.status === 404);
    assert.equal(standIn.requests.length, 1);
  });

  it('keeps different URLs and different Accept headers apart', async () => {
    const http = client();
    const asks = [
      http.request({ service: 'pdf', url: url('/works/10.1/a') }),
      http.request({ service: 'pdf', url: url('/works/10.1/b') }),
      http.request({ service: 'pdf', url: url('/works/10.1/a'), accept: 'application/x-bibtex' }),
    ];
    await until(() => held.length === 3, 'three requests to arrive');
    release(200, 'ok');
    await Promise.all(asks);
    assert.equal(standIn.requests.length, 3);
  });

  it("ends a joiner's wait when the joiner cancels, and the first asker still gets its answer", async () => {
    const http = client();
    const first = http.request({ service: 'pdf', url: url('/works/10.1/c') });
    const controller = new AbortController();
    const joiner = http.request({ service: 'pdf', url: url('/works/10.1/c'), signal: controller.signal });
    await until(() => held.length === 1, 'the request to arrive');
    controller.abort();
    await assert.rejects(joiner, (e: unknown) => isAbortError(e));
    release(200, 'still here');
    assert.equal((await first).text(), 'still here');
  });

  it('asks again for a joiner whose first asker cancelled', async () => {
    const http = client();
    const controller = new AbortController();
    const first = http.request({ service: 'pdf', url: url('/works/10.1/d'), signal: controller.signal });
    const joiner = http.request({ service: 'pdf', url: url('/works/10.1/d') });
    await until(() => held.length === 1, 'the first request to arrive');
    controller.abort();
    await assert.rejects(first, (e: unknown) => isAbortError(e));
    await until(() => held.length === 2, "the joiner's own request to arrive");
    release(200, 'answer for the joiner');
    assert.equal((await joiner).text(), 'answer for the joiner');
  });
});
