// The stand-in's latency (test/standin/server.ts): a service's handler runs as its request
// arrives, as a remote server works within the round trip it is timed by, and what it writes is
// held until the latency is up. The benches' bounds count the latency alone.
import assert from 'node:assert/strict';
import { startStandIn, type StandIn } from '../../standin';

describe('stand-in: latency', () => {
  let standIn: StandIn;
  beforeEach(async () => {
    standIn = await startStandIn();
  });
  afterEach(() => standIn.close());

  const url = () => `${standIn.settings['sources.dblp.url']}/anything`;

  it('runs the handler as the request arrives and holds its answer for the latency', async () => {
    let ran!: () => void;
    const handlerRan = new Promise<void>((resolve) => (ran = resolve));
    standIn.handle('dblp', (_req, res) => {
      ran();
      res.writeHead(200, { 'content-type': 'text/plain' }).end('late');
    });
    standIn.setLatency('dblp', 60_000);
    const controller = new AbortController();
    let answered = false;
    const asked = fetch(url(), { signal: controller.signal }).then(() => (answered = true), () => undefined);
    await handlerRan;
    assert.equal(answered, false, 'the answer came before its latency was up');
    controller.abort();
    await asked;
  });

  it('writes what the handler wrote, in order, once the latency is up', async () => {
    let firstWriteFits: boolean | undefined;
    standIn.handle('dblp', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // A chunk written while the answer is held reports a full buffer; 'drain' comes at the release.
      firstWriteFits = res.write('held ');
      res.once('drain', () => res.end('then drained'));
    });
    standIn.setLatency('dblp', 50);
    const sent = performance.now();
    const response = await fetch(url());
    assert.equal(await response.text(), 'held then drained');
    assert.ok(performance.now() - sent >= 45, 'answered before its latency');
    assert.equal(firstWriteFits, false);
  });
});
