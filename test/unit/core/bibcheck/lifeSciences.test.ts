// Check Bibliography on life-sciences references: PubMed (Europe PMC) is asked by title after
// Crossref, and DBLP, which indexes computing, once instead of three times. Which references read
// as the life sciences is checked on the real reference lists GROBID read from the three fixture
// papers (a BMC neuro-rehabilitation paper, two NLP papers); the searches against the stand-in
// serving Europe PMC's recorded record of PMC5967733, which its Crossref does not hold.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { startStandIn, type StandIn } from '../../../standin';
import type { Settings } from '../../../../src/core/settings';
import { standInVerdicts } from '../../../helpers/verdictEngine';
import { readsAsLifeSciences } from '../../../../src/core/bibcheck/field';
import { teiItems } from '../../../../src/core/references';

const TSDB = {
  title: 'Antibacterial effect of (2E,2E)-4,4-trisulfanediylbis(but-2-enoic acid) against Staphylococcus aureus',
  author: 'Wu, T. and Huang, Y. and Chen, Y. and Zhang, M.',
  journal: 'PLoS One',
  year: '2018',
  volume: '13',
};

function lifeShare(tei: string): { life: string[]; titled: number } {
  const works = teiItems(readFileSync(fixturePath('grobid-tei', tei), 'utf8'))
    .items.map((i) => i.fields)
    .filter((f) => f?.title)
    .map((f) => ({ title: f!.title!, venue: f!.venue }));
  return { life: works.filter(readsAsLifeSciences).map((w) => w.title), titled: works.length };
}

describe('bibcheck: life-sciences references', function () {
  this.timeout(30_000);

  it('reads a clinical reference list as the life sciences and an NLP one as computing', () => {
    const rehab = lifeShare('jneuroengrehab2016-fes-hand-opening_grobid-0.6.1.tei.xml');
    assert.ok(rehab.life.length >= 0.9 * rehab.titled, `${rehab.life.length} of ${rehab.titled}`);
    assert.ok(rehab.life.includes('Rehabilitation after Stroke'));
    for (const tei of ['acl2020-specter-cs_grobid-0.6.1.tei.xml', 'naacl2018-semantic-scholar-literature-graph-cs_grobid-0.6.1.tei.xml']) {
      const nlp = lifeShare(tei);
      assert.ok(nlp.life.length <= 0.2 * nlp.titled, `${tei}: ${nlp.life.join('; ')}`);
      assert.ok(!nlp.life.includes('Distributed Representations of Sentences and Documents'));
    }
    assert.equal(readsAsLifeSciences({ title: 'Stroke rehabilitation', venue: 'NeurIPS' }), false, 'a computing venue of the table decides');
  });

  describe('against the stand-in', () => {
    let standIn: StandIn;
    const engine = (overrides: Partial<Settings> = {}) => standInVerdicts(standIn, overrides);

    beforeEach(async () => {
      standIn = await startStandIn();
    });
    afterEach(() => standIn.close());

    it('finds a journal article Crossref does not hold in PubMed, by its title, without asking DBLP', async () => {
      const verdict = await engine().verdict(TSDB);
      assert.equal(verdict.authority, 'europepmc', verdict.message);
      assert.match(verdict.verdict, /^verified/, verdict.message);
      assert.ok(verdict.fixable?.includes('doi'), verdict.message);
      assert.deepEqual(verdict.searched.map((s) => s.authority), ['crossref', 'europepmc']);
      const invented = await engine().verdict({ ...TSDB, author: 'Smith, J. and Jones, K.' });
      assert.equal(invented.verdict, 'mismatch', invented.message);
    });

    it('asks DBLP once, not by halves, for a life-sciences title no one has; with DBLP off it is still not found', async () => {
      const dblpAsked = () => standIn.requests.filter((r) => r.service === 'dblp').length;
      const missing = { ...TSDB, title: 'Antibacterial effect of a garlic trisulfide against Escherichia coli biofilms in catheters' };
      const verdict = await engine().verdict(missing);
      assert.equal(verdict.verdict, 'not-found', verdict.message);
      assert.match(verdict.message, /Searched: crossref, europepmc, dblp, semanticscholar\.$/);
      assert.equal(dblpAsked(), 1);
      const withoutDblp = await engine({ 'sources.dblp.enabled': false }).verdict(missing);
      assert.equal(withoutDblp.verdict, 'not-found', withoutDblp.message);
      const cs = await engine().verdict({ title: 'A garlic trisulfide parser for neural machine translation with attention', author: 'Wu, T.', booktitle: 'ACL', year: '2018' });
      assert.match(cs.message, /Searched: dblp, crossref, semanticscholar\.$/);
      assert.equal(dblpAsked(), 1 + 3, 'computing: DBLP by the whole title, then by each half');
    });
  });
});
