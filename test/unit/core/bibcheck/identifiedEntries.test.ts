// Check Bibliography on entries whose identifier leads to a record that differs from the entry in a
// way that is right, against the stand-in serving the recorded records:
// - a PubMed or PMC id (a `pmid` field, biblatex's `eprinttype = {pubmed}`): Europe PMC names the
//   article and its DOI, and the entry is held against the DOI's Crossref record, or Europe PMC's
//   own when no authority has the DOI (PMID 40120586, Cell Genomics; PMC5967733);
// - an arXiv eprint on an entry citing the journal version: arXiv keeps the preprint's title
//   ("… Biological Grasp and Manipulation"), the journal's adds "and Robotic" (the offline demo's
//   valerocuevas2017); the published title agrees, a title neither version has is a near miss.
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

const JOURNAL_ENTRY = {
  author: 'Valero-Cuevas, Francisco J. and Santello, Marco',
  title: 'On neuromechanical approaches for the study of biological and robotic grasp and manipulation',
  journal: 'Journal of NeuroEngineering and Rehabilitation',
  volume: '14',
  year: '2017',
  eprint: '1710.08557',
  archiveprefix: 'arXiv',
};

describe('bibcheck verdicts of entries reached by an identifier (stand-in)', function () {
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
    settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'sources.arxiv.intervalMs': 0, 'sources.dblp.intervalMs': 0, 'cache.enabled': false });
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
    assert.match(verdict.message, /^Mismatch: PMID:40120586 names another work\. Crossref \(10\.1016\/j\.xgen\.2025\.100814\) has title: "High-throughput/);
  });

  it('says Europe PMC has no record of a PMID nobody has, and where the title is', async () => {
    const verdict = await engine().verdict({ ...CELL_GENOMICS, pmid: '99999999' });
    assert.equal(verdict.verdict, 'not-found', verdict.message);
    assert.match(verdict.message, /^Europe PMC has no record PMID:99999999\. A work with this title is at Europe PMC \(PMID:40120586\)\./);
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

  it('agrees with the title of the published version the arXiv record links to', async () => {
    const verdict = await engine().verdict(JOURNAL_ENTRY);
    assert.equal(verdict.verdict, 'verified-fixable', verdict.message);
    const title = verdict.evidence.find((e) => e.field === 'title')!;
    assert.deepEqual([title.status, title.note], ['agrees', "the published version's title"]);
    assert.match(title.authority ?? '', /biological and robotic grasp/i);
  });

  it('still calls a title neither version has a near miss', async () => {
    const verdict = await engine().verdict({ ...JOURNAL_ENTRY, title: 'On neuromechanical approaches for the study of biological and robotic grasp and locomotion' });
    assert.deepEqual([verdict.verdict, verdict.kind], ['mismatch', 'title-near-miss'], verdict.message);
  });
});
