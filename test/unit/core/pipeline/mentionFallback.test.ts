// A sentence that names a work whose authors' works none of the services holds: its own words are
// searched instead, the new queries are shown, and a notice says why; a mention selected alone keeps
// its empty answer. Against the stand-in's recorded arXiv, Europe PMC, Crossref and DBLP answers,
// which hold Perlmutter et al. (1999) and no work by Riess.
import { strict as assert } from 'node:assert';
import { startStandIn, type StandIn } from '../../../standin';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { resolveSettings } from '../../../../src/core/settings/index';
import type { PipelineEvent } from '../../../../src/core/types';

const NAMED = 'Riess et al. (1998) found that observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.';

describe('a sentence naming a work that is not found', function () {
  this.timeout(30_000);
  let standIn: StandIn;
  beforeEach(async () => {
    standIn = await startStandIn();
  });
  afterEach(() => standIn.close());
  const find = (selection: string, events: PipelineEvent[] = []) =>
    createPipeline({
      settings: resolveSettings({ ...standIn.settings, 'cache.enabled': false, 'grobid.enabled': false, 'sources.arxiv.intervalMs': 0, 'sources.dblp.intervalMs': 0 }),
      llm: null,
    }).find({ selection }, (e) => events.push(e));

  it('searches the sentence\'s own words, shows the queries it used and says why', async () => {
    const events: PipelineEvent[] = [];
    const result = await find(NAMED, events);
    const shown = events.flatMap((e) => (e.type === 'queries' ? [e.queries] : []));
    assert.equal(shown.length, 2, JSON.stringify(shown));
    assert.match(shown[0]![0]!, /^au:Riess .*; 1997\.\.1999$/);
    assert.deepEqual(result.queries, shown[1]);
    assert.ok(result.queries.every((q) => !q.includes('au:')), result.queries.join(' | '));
    assert.ok(result.warnings.includes("No work by Riess (1997–1999) was found: searched for the sentence's own words instead."), result.warnings.join('\n'));
    assert.ok(result.candidates.some((c) => c.arxivId === 'astro-ph/9812133'), result.candidates.map((c) => c.title).join(' | '));
  });

  it('leaves a mention selected alone with its empty answer: it has no words of its own to search', async () => {
    const result = await find('Riess et al. (1998)');
    assert.deepEqual(result.queries, ['au:Riess; 1997..1999']);
    assert.deepEqual(result.candidates, []);
    assert.ok(!result.warnings.some((w) => w.startsWith('No work by')), result.warnings.join('\n'));
  });
});
