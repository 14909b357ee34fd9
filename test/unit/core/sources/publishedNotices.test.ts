// A search of PubMed and PMC also hits the notices about articles ("Correction: …", the Lancet's
// "Department of Error"): their titles carry the article's words, but a claim never cites them.
// Against the stand-in's Europe PMC, which serves the recorded PubMed answer holding two of them.
import assert from 'node:assert/strict';
import { startStandInServer, type StandIn } from '../../../standin/server';
import { installEuropePmc } from '../../../standin/europepmc';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings/index';
import { EuropePmcPublishedSource } from '../../../../src/core/sources/published/europepmc';

describe('the PubMed lane leaves out notices about other articles', () => {
  let standIn: StandIn;
  beforeEach(async () => (standIn = await startStandInServer([installEuropePmc])));
  afterEach(() => standIn.close());

  const search = async (keywords: string[]) => {
    const settings = resolveSettings({ ...standIn.settings, 'http.retries': 0 });
    const http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
    const warnings: string[] = [];
    const records = await new EuropePmcPublishedSource(settings, http, (w) => warnings.push(w)).search({ query: { keywords }, mode: 'any', maxResults: 25 });
    return { records, warnings };
  };

  it('drops the erratum notices the search answered with, keeps the articles, and warns of nothing', async () => {
    const { records, warnings } = await search(['cancer', 'screening', 'error', 'lymphocytes']);
    const answered = standIn.requests.filter((r) => r.service === 'europepmc');
    assert.equal(answered.length, 1);
    const pmids = records.map((r) => r.pmid);
    assert.ok(pmids.includes('40356016'), `the co-design article is a candidate: ${pmids.join(', ')}`);
    assert.ok(!pmids.includes('39709208'), 'the Lancet\'s "Department of Error" is no candidate');
    assert.ok(!pmids.includes('40377773'), '"Correction: Spatial organization of B lymphocytes…" is no candidate');
    assert.deepEqual(warnings, []);
  });
});
