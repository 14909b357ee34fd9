// Check Bibliography on entries that name their work by a PubMed or PMC id (a `pmid` field,
// biblatex's `eprinttype = {pubmed}`): Europe PMC names the article and its DOI, and the entry is
// held against the DOI's Crossref record, or Europe PMC's own when no authority has the DOI. The
// stand-in's Europe PMC holds the recorded records of PMID 40120586 (Cell Genomics) and PMC5967733.
import assert from 'node:assert/strict';
import { startStandIn, type StandIn } from '../../../standin';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings';
import { networkAuthorities } from '../../../../src/core/bibcheck/authorities';
import { VerdictEngine } from '../../../../src/core/bibcheck/engine';

const CELL_GENOMICS = {
  title: 'High-throughput screening of human genetic variants by pooled prime editing',
  author: 'Herger, Michael and Kajba, Christina M. and Buckley, Megan and Cunha, Ana and Strom, Molly and Findlay, Gregory M.',
  journal: 'Cell Genomics',
  year: '2025',
  pmid: '40120586',
};

describe('bibcheck verdicts by PubMed and PMC ids (stand-in)', function () {
  this.timeout(30_000);
  let standIn: StandIn;
  let settings: Settings;
  const engine = () =>
    new VerdictEngine(
      networkAuthorities({
        settings,
        http: createHttpClient(settings, { pacing: new PacingRegistry(), backoffMs: 1, sweepAfterMs: false }),
      }),
    );

  beforeEach(async () => {
    standIn = await startStandIn();
    settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'sources.dblp.intervalMs': 0, 'cache.enabled': false });
  });
  afterEach(() => standIn.close());

  it('verifies an entry by its PMID against the Crossref record of the DOI Europe PMC names, and offers the DOI', async () => {
    const verdict = await engine().verdict(CELL_GENOMICS);
    assert.equal(verdict.verdict, 'verified-fixable', verdict.message);
    assert.equal(verdict.authority, 'crossref');
    assert.ok(verdict.fixable?.includes('doi'), verdict.message);
    assert.deepEqual(verdict.searched.map((s) => [s.authority, s.query]).slice(0, 2), [['europepmc', 'PMID:40120586'], ['crossref', 'doi:10.1016/j.xgen.2025.100814']]);
  });

  it('finds a title that is not the PMID\'s work', async () => {
    const verdict = await engine().verdict({ ...CELL_GENOMICS, title: 'Pooled base editing screens of human genetic variants in yeast cells' });
    assert.equal(verdict.verdict, 'mismatch', verdict.message);
    assert.match(verdict.message, /^Mismatch: PMID:40120586 names another work\. crossref \(10\.1016\/j\.xgen\.2025\.100814\) has title: "High-throughput/);
  });

  it('says Europe PMC has no record of a PMID nobody has', async () => {
    const verdict = await engine().verdict({ ...CELL_GENOMICS, pmid: '99999999' });
    assert.equal(verdict.verdict, 'not-found', verdict.message);
    assert.match(verdict.message, /Europe PMC has no record PMID:99999999/);
  });

  it('judges by Europe PMC\'s record when no authority has the DOI it names (biblatex eprinttype pmcid)', async () => {
    const verdict = await engine().verdict({
      title: 'Antibacterial Effect of (2E,2E)-4,4-Trisulfanediylbis(but-2-enoic acid) against Staphylococcus aureus',
      author: 'Wu, Tao and Huang, Yina and Chen, Yijun and Zhang, Min',
      year: '2018',
      eprint: 'PMC5967733',
      eprinttype: 'pmcid',
    });
    assert.equal(verdict.authority, 'europepmc', verdict.message);
    assert.match(verdict.verdict, /^verified/, verdict.message);
    assert.equal(verdict.record?.id, 'PMC5967733');
  });
});
