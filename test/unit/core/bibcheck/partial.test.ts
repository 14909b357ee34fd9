// A large .bib when an authority fails: every entry still gets a verdict (unavailable for the dead
// authority, naming it), the others are decided, and the dead authority costs a few requests, not
// one per entry (the run's circuit breaker).
import assert from 'node:assert/strict';
import { startStandIn, type StandIn } from '../../../standin';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings';
import { checkBibliography } from '../../../../src/core/bibcheck';

const ENTRIES = 40;

describe('bibcheck: partial results when an authority fails', function () {
  this.timeout(30_000);
  let standIn: StandIn;
  beforeEach(async () => (standIn = await startStandIn()));
  afterEach(() => standIn.close());

  it('marks the DOI entries unavailable (Crossref), decides the rest, and stops asking Crossref after a few failures', async () => {
    const settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'sources.arxiv.intervalMs': 0, 'sources.dblp.intervalMs': 0, 'cache.enabled': false });
    standIn.failNext('crossref', Array.from({ length: 1000 }, () => 503));
    const dois = Array.from({ length: ENTRIES }, (_, i) => `@article{e${i},\n  title = {A study number ${i} of something},\n  author = {Doe, Jane},\n  year = {2020},\n  doi = {10.1234/e${i}}\n}\n`);
    const future = '@article{later,\n  title = {Not yet written},\n  author = {Roe, Richard},\n  year = {2999}\n}\n';
    const http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
    const report = await checkBibliography([{ file: '/p/big.bib', text: dois.join('\n') + future }], { settings, http });
    assert.equal(report.entries.length, ENTRIES + 1);
    const unavailable = report.entries.filter((e) => e.verdict.verdict === 'unavailable');
    assert.equal(unavailable.length, ENTRIES);
    assert.ok(unavailable.every((e) => e.verdict.authority === 'crossref'));
    assert.equal(report.entries.at(-1)!.verdict.verdict, 'future-date');
    const asked = standIn.requests.filter((r) => r.service === 'crossref').length;
    assert.ok(asked < ENTRIES / 2, `Crossref asked ${asked} times for ${ENTRIES} entries`);
  });
});
