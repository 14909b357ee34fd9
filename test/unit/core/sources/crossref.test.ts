// Crossref answers that are not Crossref's (a maintenance page sent with 200) are refused and
// never cached: the next run asks again instead of failing for a week.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings';
import { fetchCrossrefWork, searchCrossref } from '../../../../src/core/sources/crossref';
import { SourceError } from '../../../../src/core/sources/errors';
import { installCrossref } from '../../../standin/crossref';
import { send, startStandInServer, type StandIn } from '../../../standin/server';

describe('Crossref junk answers', () => {
  let standIn: StandIn;
  let settings: Settings;
  let dir: string;
  const deps = () => ({ http: createHttpClient(settings, { pacing: new PacingRegistry(), sweepAfterMs: false }), settings });

  before(async () => (standIn = await startStandInServer([installCrossref])));
  after(() => standIn.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cf-crossref-junk-'));
    settings = resolveSettings({ ...standIn.settings, 'cache.dir': join(dir, 'cache'), 'http.retries': 0 });
    standIn.requests.length = 0;
  });
  afterEach(() => {
    installCrossref(standIn);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a 200 maintenance page for a work and a search, and asks again next time', async () => {
    standIn.handle('crossref', (_req, res) => send(res, 200, '<html><body>Down for maintenance</body></html>', 'text/html'));
    await assert.rejects(fetchCrossrefWork('10.1371/journal.pone.0033693', deps()), SourceError);
    await assert.rejects(searchCrossref({ bibliographic: 'ecology' }, deps()), SourceError);
    installCrossref(standIn);
    assert.equal((await fetchCrossrefWork('10.1371/journal.pone.0033693', deps()))?.doi, '10.1371/journal.pone.0033693');
    assert.equal(standIn.requests.length, 3, 'the work was asked for again, not read from the cache');
    await fetchCrossrefWork('10.1371/journal.pone.0033693', deps());
    assert.equal(standIn.requests.length, 3, 'a good answer is kept');
  });
});
