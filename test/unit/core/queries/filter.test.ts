// Year and required-word filters: the query's text form, each source's syntax, and a filtered
// search end to end (the filter reaches the stand-in's URL, and what it answers is inside it).
import assert from 'node:assert/strict';
import { startStandIn, type StandIn } from '../../../standin';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings/index';
import { formatQuery, parseQuery } from '../../../../src/core/queries/text';
import { renderArxivQuery } from '../../../../src/core/sources/arxivQuery';
import { renderEuropePmcQuery } from '../../../../src/core/sources/europepmcQuery';
import { parseYears } from '../../../../src/core/queries/filter';

describe('query filters', () => {
  it('reads SciLit\'s year ranges and +required words, and writes them back', () => {
    assert.deepEqual(parseQuery('supernovae acceleration; 1998..2005'), { keywords: ['supernovae', 'acceleration'], filter: { fromYear: 1998, untilYear: 2005 } });
    assert.deepEqual(parseQuery('"dark energy" +cosmology; 2019..'), { keywords: ['dark energy'], filter: { fromYear: 2019, required: ['cosmology'] } });
    assert.deepEqual(parseQuery('prime editing; ..2010').filter, { untilYear: 2010 });
    assert.deepEqual(parseQuery('prime editing; 2021').filter, { fromYear: 2021, untilYear: 2021 });
    assert.equal(parseQuery('prime editing; 2021..1999').filter, undefined, 'a reversed range is no range');
    for (const text of ['supernovae acceleration; 1998..2005', '"dark energy" +cosmology; 2019..', 'a +"two words"; ..2010']) {
      assert.equal(formatQuery(parseQuery(text)), text);
    }
    assert.equal(parseYears('soon'), undefined);
  });
  it('renders the filter in each source\'s own syntax', () => {
    const query = parseQuery('supernovae acceleration +cosmology; 1998..2005');
    assert.equal(renderArxivQuery(query, 'any'), '(all:supernovae OR all:acceleration) AND all:cosmology AND submittedDate:[199801010000 TO 200512312359]');
    assert.equal(renderEuropePmcQuery(query, 'all', 'bioRxiv'), '(supernovae AND acceleration) AND cosmology AND FIRST_PDATE:[1998-01-01 TO 2005-12-31] AND SRC:PPR AND PUBLISHER:"bioRxiv"');
    assert.equal(renderArxivQuery(parseQuery('supernovae; 2019..'), 'all'), '(all:supernovae) AND submittedDate:[201901010000 TO 209912312359]');
  });
});

describe('a filtered search against the stand-in', function () {
  this.timeout(20_000);
  let standIn: StandIn;
  beforeEach(async () => (standIn = await startStandIn()));
  afterEach(() => standIn.close());

  async function find(queries: string[], extra: Record<string, unknown> = {}) {
    const settings = resolveSettings({ ...standIn.settings, 'sources.arxiv.intervalMs': 0, 'cache.enabled': false, 'fulltext.enabled': false, 'http.retries': 0, ...extra });
    const http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
    return createPipeline({ settings, http, llm: null }).find({ selection: 'Type Ia supernovae show that the expansion of the universe accelerates.', queries });
  }

  it('sends the years to arXiv and keeps only works inside them', async () => {
    const inside = await find(['supernovae cosmological; 1998..1999']);
    const url = standIn.requests.find((r) => r.service === 'arxiv')!.url;
    assert.match(decodeURIComponent(url.replace(/\+/g, ' ')), /submittedDate:\[199801010000 TO 199912312359\]/);
    assert.ok(inside.candidates.some((c) => c.arxivId === 'astro-ph/9812133'));
    assert.deepEqual(inside.queries, ['supernovae cosmological; 1998..1999']);
    const outside = await find(['supernovae cosmological; 2010..']);
    assert.ok(!outside.candidates.some((c) => c.arxivId === 'astro-ph/9812133'));
  });
  it('applies the search.years setting to queries that name no years', async () => {
    const result = await find(['supernovae cosmological'], { 'search.years': '2010..' });
    assert.deepEqual(result.queries, ['supernovae cosmological; 2010..']);
    assert.ok(standIn.requests.filter((r) => r.service === 'arxiv').every((r) => decodeURIComponent(r.url).includes('submittedDate')));
  });
});
