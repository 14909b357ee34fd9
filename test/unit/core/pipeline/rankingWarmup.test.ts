// The ranking compiles on made-up hits while a new process's first search answers are on the
// network (ranking/warmup.ts), and only then: a repeat answered from the cache starts no warm-up.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../../../standin';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import { rankingWarmup, resetRankingWarmup } from '../../../../src/core/ranking/warmup';

const CLAIM = 'Machine learning models can predict in-hospital mortality from electronic health records.';

describe('the ranking warm-up', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  let cacheDir: string;
  let settings: Settings;
  beforeEach(async () => {
    standIn = await startStandIn({});
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-ranking-warmup-'));
    settings = resolveSettings({ ...standIn.settings, 'cache.dir': cacheDir, 'fulltext.enabled': false });
    resetRankingWarmup();
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('starts once a search request goes to the network, before its answer, and ends', async () => {
    // What the warm-up had done when each search request reached Europe PMC.
    const seen: boolean[] = [];
    const europepmc = standIn.handlerOf('europepmc')!;
    standIn.handle('europepmc', (req, res) => (seen.push(rankingWarmup().started), europepmc(req, res)));
    const result = await createPipeline({ settings, llm: null }).find({ selection: CLAIM });
    assert.ok(seen.length > 0 && seen.every(Boolean), `started before each search arrived: ${seen.join(' ')}`);
    await rankingWarmup().done;
    assert.ok(result.candidates.length > 0);
  });

  it('does not start on a repeat that the cache answers', async () => {
    await createPipeline({ settings, llm: null }).find({ selection: CLAIM });
    resetRankingWarmup();
    standIn.requests.length = 0;
    const again = await createPipeline({ settings, llm: null, reuseResults: false }).find({ selection: CLAIM });
    assert.deepEqual(standIn.requests.map((r) => r.path), []);
    assert.ok(again.candidates.length > 0);
    assert.equal(rankingWarmup().started, false);
  });
});
