// A refusal is the run's answer to that request: a second stage asking the same URL gets the first
// refusal, nothing is sent again; other URLs, other failures and a new run still ask.
import assert from 'node:assert/strict';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { rememberRefusals } from '../../../../src/core/net/refusals';
import { HttpError, type HttpClient } from '../../../../src/core/net/types';
import { resolveSettings } from '../../../../src/core/settings/index';
import { send, startStandInServer, type StandIn } from '../../../standin/server';

describe('a run remembers the requests a service refused', () => {
  let standIn: StandIn;
  before(async () => {
    standIn = await startStandInServer([
      (s) => s.handle('files', (req, res) => send(res, req.path.startsWith('/refused') ? 403 : req.path.startsWith('/broken') ? 500 : 200, 'answer')),
    ]);
  });
  after(() => standIn.close());
  beforeEach(() => void (standIn.requests.length = 0));

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
});
