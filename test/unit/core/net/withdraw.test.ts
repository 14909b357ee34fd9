// A request can be taken back while it waits for its turn (HttpRequest.withdraw): it is never
// sent. Once sent, it runs to its answer: Crossref serves one request at a time, and a request we
// stopped listening to would still hold its slot there while our next one went out.
import assert from 'node:assert/strict';
import { startStandIn, type StandIn } from '../../../standin';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings';
import { isAbortError, type HttpClient } from '../../../../src/core/net/types';

describe('a request withdrawn before it is sent', function () {
  this.timeout(30_000);
  let standIn: StandIn;
  let http: HttpClient;
  /** Resolves when the stand-in's Crossref has the request `n` (from 1) in hand; it answers once released. */
  let arrived: Array<{ promise: Promise<void>; resolve: () => void }>;
  let release: () => void;
  const crossref = () => standIn.requests.filter((r) => r.service === 'crossref');
  const work = (doi: string) => `${standIn.url}/crossref/works/${doi}`;

  beforeEach(async () => {
    standIn = await startStandIn();
    const settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'cache.enabled': false });
    http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1, sweepAfterMs: false });
    arrived = Array.from({ length: 3 }, () => {
      let resolve!: () => void;
      return { promise: new Promise<void>((r) => (resolve = r)), resolve };
    });
    const held = new Promise<void>((r) => (release = r));
    const real = standIn.handlerOf('crossref')!;
    let count = 0;
    standIn.handle('crossref', async (req, res) => {
      arrived[count++]?.resolve();
      await held;
      return real(req, res);
    });
  });
  afterEach(() => standIn.close());

  it('leaves Crossref\'s one-at-a-time line unsent', async () => {
    const first = http.request({ service: 'crossref', url: work('10.1371/journal.pone.0033693'), accept: 'application/json' });
    await arrived[0]!.promise;
    const withdraw = new AbortController();
    const queued = http.request({ service: 'crossref', url: work('10.1038/srep16696'), accept: 'application/json', withdraw: withdraw.signal });
    withdraw.abort();
    await assert.rejects(queued, (e: unknown) => isAbortError(e));
    release();
    assert.equal((await first).status, 200);
    assert.equal(crossref().length, 1, crossref().map((r) => r.url).join(' '));
  });

  it('runs to its answer once sent', async () => {
    const withdraw = new AbortController();
    const sent = http.request({ service: 'crossref', url: work('10.1038/srep16696'), accept: 'application/json', withdraw: withdraw.signal });
    await arrived[0]!.promise;
    withdraw.abort();
    release();
    const response = await sent;
    assert.equal(response.status, 200);
    assert.match(response.text(), /srep16696/i);
  });
});
