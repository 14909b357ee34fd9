// A result is kept for a repeat also when a card's abstract came from a second source during the
// run: OpenAlex's lookup by DOI fills what Semantic Scholar's record lacks. The first run chose
// its papers before that answer, a repeat has it from the cache before it chooses: the first run
// keeps nothing, the repeat keeps its result, and the next one is served it, asking nothing.
// Semantic Scholar's search is answered with its recorded record of ChemCrow (paper-qa's fields:
// no abstract), which the OpenAlex stand-in knows by DOI with its abstract.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import type { StandIn } from '../../../standin';
import { fixturePath, send } from '../../../standin/server';
import { localPdf } from '../../../standin/semanticscholar';
import { closePreprintCache, openPreprintCache } from '../../../helpers/preprintCache';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { createHttpClient } from '../../../../src/core/net/http';
import type { Settings } from '../../../../src/core/settings/index';
import type { FindResult } from '../../../../src/core/types';

const CLAIM = 'Augmenting a large language model with expert-designed chemistry tools lets it plan and execute chemical syntheses.';
const CHEMCROW = 'paper_DOI-10.1038_s42256-024-00832-8_single-paper_paperqa-fields.json';

const served = (result: FindResult) => result.timings.stages.result !== undefined && result.timings.stages.search === undefined;
const shown = (result: FindResult): unknown =>
  JSON.parse(JSON.stringify({ ...result, timings: undefined }, (key, value: unknown) => (key.endsWith('Ms') ? undefined : value)));

describe('a kept result whose card was completed during its run', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  let cacheDir: string;
  let settings: Settings;
  beforeEach(async () => {
    ({ standIn, cacheDir, settings } = await openPreprintCache('citefinder-results-gaps-'));
    const paper = localPdf(JSON.parse(readFileSync(fixturePath('semanticscholar', CHEMCROW), 'utf8')) as Record<string, unknown>, standIn.url);
    standIn.handle('semanticscholar', (req, res) =>
      req.path === '/graph/v1/paper/search'
        ? send(res, 200, JSON.stringify({ total: 1, offset: 0, data: [paper] }), 'application/json')
        : send(res, 404, JSON.stringify({ error: 'Title match not found' }), 'application/json'));
  });
  afterEach(() => closePreprintCache({ standIn, cacheDir, settings }));

  /** A new pipeline on the shared cache, as a new process is. */
  const find = () => {
    const http = createHttpClient(settings, { sweepAfterMs: false });
    return createPipeline({ settings, http, llm: null }).find({ selection: CLAIM }, () => {});
  };

  it('keeps the repeat\'s result, which chose with OpenAlex\'s abstract, and serves it next, asking nothing', async () => {
    const first = await find();
    const card = first.candidates.find((c) => c.doi?.toLowerCase() === '10.1038/s42256-024-00832-8');
    assert.ok(card, first.candidates.map((c) => c.id).join(', '));
    assert.ok(card.sources.includes('semanticscholar'));
    assert.match(card.abstract ?? '', /chemistry/i, 'OpenAlex gave the abstract Semantic Scholar lacked');
    assert.ok(!served(first));
    const second = await find();
    assert.ok(!served(second), 'the first run chose before the abstract came, and kept nothing');
    standIn.requests.length = 0;
    const third = await find();
    assert.ok(served(third), `stages: ${JSON.stringify(third.timings.stages)}`);
    assert.deepEqual(standIn.requests.map((r) => r.path), []);
    assert.deepEqual(shown(third), shown(second));
  });
});
