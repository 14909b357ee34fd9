// Check Bibliography on an entry that cites the journal version with its arXiv eprint: arXiv's
// record keeps the preprint's title ("… Biological Grasp and Manipulation") while the journal's adds
// "and Robotic". The entry's title is the published one, so it agrees; a title neither version has is
// still a near miss. The offline demo's examples/references.bib holds this entry (valerocuevas2017).
import assert from 'node:assert/strict';
import { startStandIn, type StandIn } from '../../../standin';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings';
import { networkAuthorities } from '../../../../src/core/bibcheck/authorities';
import { VerdictEngine } from '../../../../src/core/bibcheck/engine';

const JOURNAL_ENTRY = {
  author: 'Valero-Cuevas, Francisco J. and Santello, Marco',
  title: 'On neuromechanical approaches for the study of biological and robotic grasp and manipulation',
  journal: 'Journal of NeuroEngineering and Rehabilitation',
  volume: '14',
  year: '2017',
  eprint: '1710.08557',
  archiveprefix: 'arXiv',
};

describe('bibcheck: a preprint\'s entry that carries its published title (stand-in)', function () {
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
