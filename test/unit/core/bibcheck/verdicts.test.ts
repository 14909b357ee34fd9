// The verdict engine on real HALLMARK entries (test/fixtures/hallmark) through the real HTTP
// clients against the stand-in serving the real works in each authority's own form: each verdict
// and each mismatch kind, the fewest requests, a re-check that asks nothing, and an authority's
// 5xx or junk answer as "unavailable", never "not found".
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../../../standin';
import { fixturePath } from '../../../standin/server';
import { parsePoolLines, registerPoolRecords } from '../../../standin/pool';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings';
import { networkAuthorities } from '../../../../src/core/bibcheck/authorities';
import { VerdictEngine } from '../../../../src/core/bibcheck/engine';

interface Sample {
  bibtex_key: string;
  fields: Record<string, string>;
  hallucination_type?: string;
}

const SAMPLES = new Map(
  readFileSync(fixturePath('hallmark', 'dev_public_sample.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Sample)
    .map((s) => [s.bibtex_key, s.fields]),
);
const fields = (key: string) => SAMPLES.get(key)!;

describe('bibcheck verdicts on real HALLMARK entries (stand-in)', function () {
  this.timeout(30_000);
  let standIn: StandIn;
  let cacheDir: string;
  let settings: Settings;
  const engine = (cache = false) =>
    new VerdictEngine(networkAuthorities({ settings: cache ? settings : { ...settings, 'cache.enabled': false }, http: createHttpClient(cache ? settings : { ...settings, 'cache.enabled': false }, { pacing: new PacingRegistry(), backoffMs: 1, sweepAfterMs: false }) }), () => new Date('2026-11-25T12:00:00Z'));
  const asked = async (run: () => Promise<unknown>) => {
    const before = standIn.requests.length;
    await run();
    return standIn.requests.slice(before).map((r) => r.service);
  };

  beforeEach(async () => {
    standIn = await startStandIn();
    const pool = parsePoolLines(readFileSync(fixturePath('hallmark', 'pool_sample.jsonl'), 'utf8'));
    registerPoolRecords(standIn, pool);
    cacheDir = mkdtempSync(join(tmpdir(), 'verdicts-'));
    settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'sources.arxiv.intervalMs': 0, 'sources.dblp.intervalMs': 0, 'cache.dir': cacheDir });
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('verifies a CVPR entry with its DOI in one request, "CVPR" against Crossref\'s full name', async () => {
    let verdict;
    const services = await asked(async () => (verdict = await engine().verdict(fields('ee938d491c06'))));
    assert.equal(verdict!.verdict, 'verified');
    assert.equal(verdict!.authority, 'crossref');
    assert.deepEqual(services, ['crossref']);
    assert.deepEqual(verdict!.evidence.find((e: { field: string }) => e.field === 'venue'), { field: 'venue', entry: 'CVPR', authority: '2022 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)', status: 'agrees' });
  });

  it('verifies a DOI-less ICLR paper at DBLP (homonym numbers are no difference) in one request', async () => {
    let verdict;
    const services = await asked(async () => (verdict = await engine().verdict(fields('eeac2e647852'))));
    assert.equal(verdict!.verdict, 'verified');
    assert.equal(verdict!.record!.id, 'conf/iclr/0001L00KR23');
    assert.deepEqual(services, ['dblp']);
  });

  it('checks an arXiv entry\'s venue claim at DBLP; an "and others" list agrees', async () => {
    let verdict;
    const services = await asked(async () => (verdict = await engine().verdict(fields('c65faf378a95'))));
    assert.equal(verdict!.verdict, 'verified');
    assert.deepEqual(services, ['arxiv', 'dblp']);
    assert.equal(verdict!.published?.id, 'conf/acl/ZhangRGACC22');
  });

  it('offers the pages and volume DBLP has as fixes (verified-fixable)', async () => {
    const verdict = await engine().verdict(fields('faa1ea092c70'));
    assert.equal(verdict.verdict, 'verified-fixable');
    assert.deepEqual(verdict.fixable, ['pages', 'volume']);
  });

  it('names each kind of mismatch on the real records', async () => {
    const expected: [string, string][] = [
      ['bea1ec0111e6', 'nonexistent-venue'],
      ['c874720f3e08', 'wrong-venue'],
      ['da9f3dcc242e', 'authors-swapped'],
      ['ce034d80f2ee', 'merged-works'],
      ['b76f5bcce451', 'authors-missing'],
      ['d5eef6dc978e', 'title-near-miss'],
      ['b04a45dee19a', 'authors-swapped'],
      ['a8c1698a41e3', 'wrong-venue'],
    ];
    const e = engine();
    for (const [key, kind] of expected) {
      const verdict = await e.verdict(fields(key));
      assert.equal(verdict.verdict, 'mismatch', key);
      assert.equal(verdict.kind, kind, `${key}: ${verdict.message}`);
      assert.ok(verdict.evidence.some((x) => x.status === 'differs'), `${key} shows the differing field`);
    }
    // A real CVPR DOI under another paper's title and authors.
    const other = fields('eeac2e647852');
    const hybrid = await e.verdict({ ...fields('ee938d491c06'), title: other.title!, author: other.author! });
    assert.equal(hybrid.kind, 'doi-other-work', hybrid.message);
    const nearMiss = await e.verdict(fields('d5eef6dc978e'));
    assert.equal(nearMiss.record!.title, 'BiasAdv: Bias-Adversarial Augmentation for Model Debiasing', 'the real title is shown');
    assert.equal(nearMiss.evidence.find((x) => x.field === 'title')?.note, '1 word differs');
  });

  it('calls a preprint cited as a venue paper that only arXiv/CoRR has "preprint-as-published"', async () => {
    const verdict = await engine().verdict({ title: 'MonarchRT: Efficient Attention for Real-Time Video Generation', author: 'Krish Agarwal and Zhuoming Chen and Cheng Luo and Yongqi Chen and Haizhong Zheng and Xun Huang and Atri Rudra and Beidi Chen', booktitle: 'ICML', year: '2026' });
    assert.equal(verdict.verdict, 'mismatch');
    assert.equal(verdict.kind, 'preprint-as-published');
  });

  it('calls a placeholder author list (John Doe, et al alone) invented, and a wrong year beyond a preprint shift wrong', async () => {
    const base = fields('eeac2e647852');
    const doe = await engine().verdict({ ...base, author: 'John Doe and Nicklas Hansen' });
    assert.equal(doe.verdict, 'mismatch');
    assert.ok(doe.kind === 'authors-invented' || doe.otherKinds?.includes('authors-invented'), doe.message);
    const etAl = await engine().verdict({ ...base, author: 'et al' });
    assert.equal(etAl.kind, 'authors-invented', etAl.message);
    assert.equal((await engine().verdict({ ...base, year: '2019' })).kind, 'wrong-year');
    assert.equal((await engine().verdict({ ...base, year: '2022' })).verdict, 'verified-fixable', 'the preprint a year before the venue');
  });

  it('reports a DOI that does not resolve, and fabricated works, as not found with what was searched', async () => {
    const doi = await engine().verdict(fields('c0f088bed10c'));
    assert.equal(doi.verdict, 'not-found');
    assert.match(doi.message, /10\.47281\/bed\.57189 does not resolve/);
    const made = await engine().verdict(fields('a1a52be81664'));
    assert.equal(made.verdict, 'not-found');
    assert.deepEqual([...new Set(made.searched.map((s) => s.authority))], ['dblp', 'crossref', 'semanticscholar']);
  });

  it('reports a future year and an entry without title without a request', async () => {
    let future;
    let untitled;
    const services = await asked(async () => {
      future = await engine().verdict(fields('cd588085bf52'));
      untitled = await engine().verdict({ author: 'A. Author', year: '2020', journal: 'Nature' });
    });
    assert.equal(future!.verdict, 'future-date');
    assert.equal(untitled!.verdict, 'no-title');
    assert.deepEqual(services, []);
  });

  it('asks nothing when an unchanged entry list is checked again', async () => {
    const all = [...SAMPLES.values()];
    const first = await asked(async () => {
      const e = engine(true);
      await Promise.all(all.map((f) => e.verdict(f)));
    });
    assert.ok(first.length > 10);
    const again = await asked(async () => {
      const e = engine(true);
      await Promise.all(all.map((f) => e.verdict(f)));
    });
    assert.deepEqual(again, []);
  });

  it('says "unavailable" (and which authority) when DBLP answers 503 or junk, never "not found"', async () => {
    standIn.failNext('dblp', [503, 503, 503, 503]);
    const down = await engine().verdict(fields('eeac2e647852'));
    assert.equal(down.verdict, 'unavailable', down.message);
    assert.equal(down.authority, 'dblp');
    const dblp = standIn.handlerOf('dblp')!;
    standIn.handle('dblp', (req, res) => {
      if (!req.path.startsWith('/search')) return dblp(req, res);
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Service maintenance</body></html>');
    });
    const junk = await engine().verdict(fields('a1a52be81664'));
    assert.equal(junk.verdict, 'unavailable', junk.message);
    assert.match(junk.message, /DBLP did not answer/);
  });

  it('says DBLP was not asked, never "not found", when DBLP is switched off and Crossref has nothing', async () => {
    const off = { ...settings, 'sources.dblp.enabled': false, 'cache.enabled': false };
    const verdict = await new VerdictEngine(networkAuthorities({ settings: off, http: createHttpClient(off, { pacing: new PacingRegistry(), backoffMs: 1, sweepAfterMs: false }) })).verdict(fields('eeac2e647852'));
    assert.equal(verdict.verdict, 'unavailable');
    assert.equal(verdict.authority, 'dblp');
    assert.match(verdict.message, /switched off/);
  });

  it('asks Crossref, not DBLP, for a DOI-less entry of a journal outside computer science', async () => {
    let verdict;
    const services = await asked(async () => (verdict = await engine().verdict({ title: 'Single-molecule {FRET} studies on alpha-synuclein oligomerization of {Parkinson}\'s disease genetically related mutants', author: 'Tosatto, Laura and Horrocks, Mathew H. and others', journal: 'Scientific Reports', year: '2015' })));
    assert.equal(verdict!.verdict, 'verified-fixable', verdict!.message);
    assert.deepEqual(verdict!.fixable, ['doi', 'volume']);
    assert.deepEqual(services, ['crossref']);
  });
});
