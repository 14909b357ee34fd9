// Check Bibliography's last resort: a work no bibliography of record holds (a report, a thesis, a
// book, GPT-2's paper) is looked up by its title at Semantic Scholar (`/paper/search/match`), and
// held against its DOI's authority when S2 names one, else against S2's record. Against the
// stand-in serving S2's recorded papers (a 1936 roads report with no DOI; Agrawal et al.'s SIGMOD
// 1993 paper, whose DOI the stand-in's Crossref and doi.org do not hold) and its recorded 404.
import assert from 'node:assert/strict';
import { startStandIn, type StandIn } from '../../../standin';
import { forceSemanticScholar429 } from '../../../standin/semanticscholar';
import type { Settings } from '../../../../src/core/settings';
import { standInVerdicts } from '../../../helpers/verdictEngine';

const ROADS = { title: 'Stage Construction As It Applies to Indiana Roads', author: 'Lockridge, Earl B.', year: '1936' };
const AGRAWAL = {
  title: 'Mining association rules between sets of items in large databases',
  author: 'Agrawal, Rakesh and Imieli{\\\'n}ski, Tomasz and Swami, Arun',
  booktitle: 'SIGMOD Conference',
  year: '1993',
};

describe('bibcheck: Semantic Scholar as the last resort (stand-in)', function () {
  this.timeout(30_000);
  let standIn: StandIn;
  const engine = (overrides: Partial<Settings> = {}) => standInVerdicts(standIn, overrides);
  const s2Asked = () => standIn.requests.filter((r) => r.path.endsWith('/paper/search/match')).length;

  beforeEach(async () => {
    standIn = await startStandIn();
  });
  afterEach(() => standIn.close());

  it('verifies a work without DOI that only Semantic Scholar holds, after DBLP and Crossref found nothing', async () => {
    const verdict = await engine().verdict(ROADS);
    assert.equal(verdict.verdict, 'verified', verdict.message);
    assert.equal(verdict.authority, 'semanticscholar');
    assert.deepEqual([...new Set(verdict.searched.map((s) => s.authority))], ['dblp', 'crossref', 'semanticscholar']);
    const invented = await engine().verdict({ ...ROADS, author: 'Smith, John' });
    assert.equal(invented.verdict, 'mismatch', invented.message);
  });

  it("asks the DOI's authorities when S2 names one, and keeps S2's record when they do not have it", async () => {
    const verdict = await engine().verdict(AGRAWAL);
    assert.equal(verdict.authority, 'semanticscholar', verdict.message);
    assert.match(verdict.verdict, /^verified/, verdict.message);
    const queries = verdict.searched.map((s) => `${s.authority} ${s.query}`);
    // Crossref, then doi.org, by the DOI; neither has it here (one trace names the last asked).
    assert.ok(queries.includes('doi.org doi:10.1145/170035.170072'), queries.join('; '));
    assert.ok(standIn.requests.some((r) => r.url === '/crossref/works/10.1145/170035.170072'));
  });

  it('says not found when S2 has no match (its 404), and when S2 fails or is off it is not asked nor named', async () => {
    const fabricated = { ...ROADS, title: 'Stage construction of quantum roads for Indiana neural networks' };
    const notFound = await engine().verdict(fabricated);
    assert.equal(notFound.verdict, 'not-found', notFound.message);
    assert.match(notFound.message, /Searched: DBLP, Crossref, Semantic Scholar\.$/);
    forceSemanticScholar429(standIn);
    const limited = await engine().verdict(fabricated);
    assert.equal(limited.verdict, 'not-found', limited.message);
    assert.match(limited.message, /Searched: DBLP, Crossref\.$/);
    const asked = s2Asked();
    const off = await engine({ 'sources.semanticscholar.enabled': false }).verdict(ROADS);
    assert.equal(off.verdict, 'not-found', off.message);
    assert.equal(s2Asked(), asked);
  });
});
