// Check Bibliography on life-sciences references: PubMed (Europe PMC) is asked by title after
// Crossref, and DBLP, which indexes computing, once instead of three times. Which references read
// as the life sciences is checked on the real reference lists GROBID and pdf.js read from the three
// fixture papers (a BMC neuro-rehabilitation paper, two NLP papers); the searches against the
// stand-in serving Europe PMC's recorded record of PMC5967733, which its Crossref does not hold.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { startStandIn, type StandIn } from '../../../standin';
import type { Settings } from '../../../../src/core/settings';
import { standInVerdicts } from '../../../helpers/verdictEngine';
import { listReadsAsLifeSciences, readsAsLifeSciences, type TitledWork } from '../../../../src/core/bibcheck/field';
import { checkReferences, fieldsOfItem, pastedItems, teiItems, type ReferenceList } from '../../../../src/core/references';
import { pdfjsReferences } from '../../../../src/core/references/pdf';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings';

const TSDB = {
  title: 'Antibacterial effect of (2E,2E)-4,4-trisulfanediylbis(but-2-enoic acid) against Staphylococcus aureus',
  author: 'Wu, T. and Huang, Y. and Chen, Y. and Zhang, M.',
  journal: 'PLoS One',
  year: '2018',
  volume: '13',
};

function worksOf(list: ReferenceList): TitledWork[] {
  return list.items
    .map(fieldsOfItem)
    .filter((f) => f.title)
    .map((f) => ({ title: f.title!, venue: f.venue }));
}

function lifeShare(tei: string): { life: string[]; titled: number } {
  const works = worksOf(teiItems(readFileSync(fixturePath('grobid-tei', tei), 'utf8')));
  return { life: works.filter((w) => readsAsLifeSciences(w)).map((w) => w.title), titled: works.length };
}

const pdfWorks = async (pdf: string) => worksOf(await pdfjsReferences(new Uint8Array(readFileSync(fixturePath('pdf', pdf)))));

/** Three references as the BMC paper's PDF prints them; the second reads as physics on its own. */
const VANCOUVER = `1. Dobkin BH. Rehabilitation after stroke. N Engl J Med. 2005;352(16):1677–84.
2. Rushton D. Functional electrical stimulation. Physiol Meas. 1997;18(4):241–75.
3. Hara Y. Neurorehabilitation with new functional electrical stimulation for hemiparetic upper extremity in stroke patients. J Nippon Med School. 2008;75(1):4–14.`;

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

  it('reads a clinical list with its neighbours when pdf.js leaves NLM venue abbreviations', async () => {
    const rehab = await pdfWorks('jneuroengrehab2016-fes-hand-opening.pdf');
    const alone = rehab.filter((w) => readsAsLifeSciences(w));
    const inList = rehab.filter((w) => readsAsLifeSciences(w, true));
    assert.ok(listReadsAsLifeSciences(rehab), `${alone.length} of ${rehab.length} alone`);
    assert.ok(alone.length < 0.8 * rehab.length, `the abbreviations: ${alone.length} of ${rehab.length} alone`);
    assert.ok(inList.length >= 0.9 * rehab.length, `${inList.length} of ${rehab.length} in the list`);
    const physiolMeas = rehab.find((w) => w.title === 'Functional electrical stimulation' && w.venue === 'Physiol Meas');
    assert.ok(physiolMeas && !readsAsLifeSciences(physiolMeas) && readsAsLifeSciences(physiolMeas, true));
    for (const pdf of ['acl2020-specter-cs.pdf', 'naacl2018-semantic-scholar-literature-graph-cs.pdf']) {
      assert.equal(listReadsAsLifeSciences(await pdfWorks(pdf)), false, pdf);
    }
    assert.equal(listReadsAsLifeSciences(worksOf(teiItems(readFileSync(fixturePath('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml'), 'utf8')))), false);
    assert.equal(readsAsLifeSciences({ title: 'Stroke rehabilitation', venue: 'NeurIPS' }, true), false, 'a computing venue still decides');
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
      assert.match(verdict.message, /Searched: Crossref, Europe PMC, DBLP, Semantic Scholar\.$/);
      assert.equal(dblpAsked(), 1);
      const withoutDblp = await engine({ 'sources.dblp.enabled': false }).verdict(missing);
      assert.equal(withoutDblp.verdict, 'not-found', withoutDblp.message);
      const cs = await engine().verdict({ title: 'A garlic trisulfide parser for neural machine translation with attention', author: 'Wu, T.', booktitle: 'ACL', year: '2018' });
      assert.match(cs.message, /Searched: DBLP, Crossref, Semantic Scholar\.$/);
      assert.equal(dblpAsked(), 1 + 3, 'computing: DBLP by the whole title, then by each half');
    });

    it('searches a reference of a clinical list as the life sciences\' though it reads as physics alone', async () => {
      const settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'sources.dblp.intervalMs': 0, 'sources.semanticscholar.intervalMs': 0, 'cache.enabled': false });
      const http = createHttpClient(settings, { pacing: new PacingRegistry(), backoffMs: 1, sweepAfterMs: false });
      const check = await checkReferences(pastedItems(VANCOUVER), { settings, http });
      const rushton = check.references.find((r) => r.fields.title === 'Functional electrical stimulation')!;
      assert.equal(readsAsLifeSciences({ title: rushton.fields.title!, venue: rushton.fields.venue }), false);
      assert.deepEqual(rushton.result!.verdict.searched.map((s) => s.authority), ['crossref', 'europepmc', 'dblp', 'semanticscholar']);
      const alone = await checkReferences(pastedItems(VANCOUVER.split('\n')[1]!), { settings, http });
      assert.deepEqual(alone.references[0]!.result!.verdict.searched.map((s) => s.authority)[0], 'crossref');
      assert.ok(!alone.references[0]!.result!.verdict.searched.some((s) => s.authority === 'europepmc'), 'alone, it is asked as physics');
    });
  });
});
