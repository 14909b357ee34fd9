// A refusal is the run's answer to that request: a second stage asking the same URL gets the first
// refusal, nothing is sent again; other URLs, other failures and a new run still ask. A service's
// API that refuses (a key, an address it does not accept) refuses the whole run: its circuit opens,
// the run is told once, and none of its other URLs is asked.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { rememberRefusals } from '../../../../src/core/net/refusals';
import { CircuitBreakers, ServiceUnavailableError } from '../../../../src/core/net/breaker';
import { guardHttp } from '../../../../src/core/net/guarded';
import { HttpError, type HttpClient, type ServiceName } from '../../../../src/core/net/types';
import { resolveSettings } from '../../../../src/core/settings/index';
import { send, startStandInServer, type StandIn } from '../../../standin/server';

describe('a run remembers the requests a service refused', () => {
  let standIn: StandIn;
  before(async () => {
    standIn = await startStandInServer([
      (s) => s.handle('files', (req, res) => {
        // '/held/…' is never answered; '/late-refusal' is refused once `heldToArrive` held ones have come in.
        if (req.path.startsWith('/held')) return void (held.push(res), releaseRefusal());
        if (req.path === '/late-refusal') return void (lateRefusal = res, releaseRefusal());
        send(res, req.path.startsWith('/refused') ? 403 : req.path.startsWith('/broken') ? 500 : 200, 'answer');
      }),
    ]);
  });
  after(async () => {
    for (const res of held) res.destroy();
    await standIn.close();
  });
  beforeEach(() => void (standIn.requests.length = 0));

  const held: ServerResponse[] = [];
  let heldToArrive = Infinity;
  let lateRefusal: ServerResponse | undefined;
  function releaseRefusal(): void {
    if (!lateRefusal || held.length < heldToArrive) return;
    send(lateRefusal, 403, 'Forbidden');
    lateRefusal = undefined;
  }

  const settings = resolveSettings({ 'cache.enabled': false, 'http.retries': 0 });
  const shared = () => createHttpClient(settings, { pacing: new PacingRegistry() });
  const get = (client: HttpClient, path: string) => client.request({ url: `${standIn.url}/files${path}`, service: 'pdf' });
  const status = (asked: Promise<unknown>) => asked.then(() => 200, (e: unknown) => (e instanceof HttpError ? e.status : -1));
  const sent = (path: string) => standIn.requests.filter((r) => r.path === path).length;

  it('asks a refused URL once per run, and still asks the others', async () => {
    const run = rememberRefusals(shared());
    assert.equal(await status(get(run, '/refused/a')), 403);
    assert.equal(await status(get(run, '/refused/a')), 403);
    assert.equal(sent('/refused/a'), 1, 'the second ask got the first refusal');
    assert.equal(await status(get(run, '/refused/b')), 403);
    assert.equal(sent('/refused/b'), 1);
    // A server error may pass: it is asked again.
    assert.equal(await status(get(run, '/broken')), 500);
    assert.equal(await status(get(run, '/broken')), 500);
    assert.equal(sent('/broken'), 2);
    assert.equal(await status(get(run, '/fine')), 200);
    // The next run tries again: a key fixed in the settings gets its chance.
    assert.equal(await status(get(rememberRefusals(shared()), '/refused/a')), 403);
    assert.equal(sent('/refused/a'), 2);
  });

  it('hears an API\'s refusal once a run and asks none of its other URLs; a PDF host or doi.org refuses URL by URL', async () => {
    const warnings: string[] = [];
    const run = rememberRefusals(guardHttp(shared(), new CircuitBreakers((w) => warnings.push(w))));
    const ask = (service: ServiceName, path: string) => run.request({ url: `${standIn.url}/files${path}`, service });
    const errors: unknown[] = [];
    for (const path of ['/refused/search', '/fine/lookup', '/refused/search']) errors.push(await ask('europepmc', path).catch((e: unknown) => e));
    assert.ok(errors.every((e) => e instanceof ServiceUnavailableError && e.refused), String(errors));
    assert.equal(sent('/refused/search'), 1, 'asked once');
    assert.equal(sent('/fine/lookup'), 0, 'the service\'s other URLs are not asked');
    assert.deepEqual(warnings, [`Europe PMC (${new URL(standIn.url).host}) refused a request (HTTP 403: a key, an address or a proxy it does not accept); ` +
      'none of its other searches or lookups is asked in this search.']);
    for (const service of ['pdf', 'doi'] as const) {
      assert.equal(await status(ask(service, `/refused/${service}`)), 403);
      assert.equal(await status(ask(service, `/fine/${service}`)), 200, `${service}: another URL is still asked`);
    }
    assert.equal(warnings.length, 1);
  });

  it('starts no request of a refusing API once the refusal is known: none waiting for a connection, no retry', async () => {
    // Europe PMC takes five connections: the refusal and four held requests take them, three wait for one.
    heldToArrive = 4;
    const client = createHttpClient(resolveSettings({ 'cache.enabled': false, 'http.retries': 2, 'http.timeoutMs': 20_000 }), {
      pacing: new PacingRegistry(),
      backoffMs: 1000,
    });
    const run = rememberRefusals(guardHttp(client, new CircuitBreakers()));
    const ask = (path: string) => run.request({ url: `${standIn.url}/files${path}`, service: 'europepmc' }).catch((e: unknown) => e);
    // A request answered 500 waits a second before its retry; the refusal comes within it.
    const broken = ask('/broken/search');
    const refused = ask('/late-refusal');
    const waiting = Array.from({ length: 7 }, (_, i) => ask(`/held/${i}`));
    const errors = await Promise.all([broken, refused, ...waiting]);
    assert.ok(errors.every((e) => e instanceof ServiceUnavailableError && e.refused), errors.map(String).join(' | '));
    assert.equal(standIn.requests.filter((r) => r.path.startsWith('/held')).length, 4, 'the three waiting for a connection are not sent');
    assert.equal(sent('/broken/search'), 1, 'the retry is not sent');
  });
});
