// Trust signals and versions of record from real records: Crossref notices from Retraction Watch
// and from a publisher, titles, arXiv comments, a failed lookup (unknown, never ok), and each
// path to a preprint's published version.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startStandIn, type StandIn } from '../../../standin';
import { fixturePath } from '../../../standin/server';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import type { CoreDeps } from '../../../../src/core/deps';
import { parseArxivFeed } from '../../../../src/core/sources/arxivAtom';
import { readCrossrefWork } from '../../../../src/core/sources/crossrefWork';
import { assessTrust, signalFromCrossref, signalFromText } from '../../../../src/core/trust';
import type { PaperRecord } from '../../../../src/core/types';

const record = (doi: string, extra: Partial<PaperRecord> = {}): PaperRecord => ({ id: `doi:${doi}`, source: 'crossref', title: 'A work', authors: [], doi, ...extra });

describe('trust signals', () => {
  let standIn: StandIn;
  let settings: Settings;
  let deps: CoreDeps;
  beforeEach(async () => {
    standIn = await startStandIn();
    settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'cache.enabled': false });
    deps = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) };
  });
  afterEach(() => standIn.close());

  it('reads a retraction from Retraction Watch, with its notice, date and link', async () => {
    const { trust } = await assessTrust(record('10.1016/s0140-6736(97)11096-0', { title: 'RETRACTED: Ileal-lymphoid-nodular hyperplasia' }), deps);
    assert.deepEqual(trust, {
      status: 'retracted',
      notice: { doi: '10.1016/s0140-6736(10)60175-4', date: '2010-02-06', source: 'retraction-watch', url: 'https://doi.org/10.1016/s0140-6736(10)60175-4' },
    });
  });
  it('reads a publisher\'s correction, and says ok (with what was checked) for a clean record', async () => {
    assert.equal((await assessTrust(record('10.1371/journal.pone.0033693'), deps)).trust.status, 'corrected');
    const clean = await assessTrust(record('10.1038/srep16696'), deps);
    assert.equal(clean.trust.status, 'ok');
    assert.deepEqual(clean.citedBy, { count: 110, by: 'crossref' }, 'is-referenced-by-count of the same record');
    assert.match(clean.trust.reason!, /checked Crossref's record of 10\.1038\/srep16696/);
  });
  it('says unknown, never ok, when Crossref does not answer', async () => {
    const dead = resolveSettings({ ...settings, 'sources.crossref.url': 'http://127.0.0.1:9' });
    const { trust } = await assessTrust(record('10.1038/srep16696'), { settings: dead, http: createHttpClient(dead, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) });
    assert.equal(trust.status, 'unknown');
    assert.match(trust.reason!, /Crossref did not answer for 10\.1038\/srep16696/);
  });
  it('reads RETRACTED / WITHDRAWN titles, a withdrawn arXiv comment and a withdrawn abstract', () => {
    assert.equal(signalFromText({ title: 'RETRACTED: Ileal-lymphoid-nodular hyperplasia' })?.status, 'retracted');
    assert.equal(signalFromText({ title: 'WITHDRAWN: A preprint' })?.status, 'withdrawn');
    assert.equal(signalFromText({ title: 'A paper', comment: 'This paper has been withdrawn by the author due to an error in Eq. 3' })?.status, 'withdrawn');
    assert.equal(signalFromText({ title: 'A preprint', abstract: 'This manuscript has been withdrawn by the authors.' })?.status, 'withdrawn');
    assert.equal(signalFromText({ title: 'Withdrawal of drugs in elderly patients', comment: '20 pages, 3 figures' }), undefined);
  });
  it('reads the withdrawal statement medRxiv puts in place of an abstract (recorded details)', () => {
    const details = JSON.parse(readFileSync(fixturePath('biorxiv', 'medrxiv_2019-01-01_2019-06-25.json'), 'utf8')) as { title: string; abstract: string }[];
    const withdrawn = details.find((d) => d.abstract.startsWith('The authors have withdrawn this manuscript'))!;
    assert.equal(signalFromText({ title: withdrawn.title, abstract: withdrawn.abstract })?.status, 'withdrawn');
  });
  it('reads the arXiv comment from the feed', () => {
    const [entry] = parseArxivFeed(readFileSync(fixturePath('arxiv-atom', 'api2026_idlist_1605.08386.atom.xml'), 'utf8')).records;
    assert.equal(entry!.comment, '20 pages, 3 figures');
  });
  it('reads no count from Crossref\'s 0, which says as often that nobody deposited one', () => {
    const list = JSON.parse(readFileSync(fixturePath('crossref', 'works_query-ecology_rows2_work-list.json'), 'utf8')) as { message: { items: unknown[] } };
    assert.deepEqual(list.message.items.map((item) => readCrossrefWork(item)?.citedBy?.count), [1, undefined]);
  });
  it('flags a retraction notice itself, which is no work to cite', () => {
    const notice = readCrossrefWork({ DOI: '10.1016/s0140-6736(10)60175-4', title: ['Retraction—Ileal-lymphoid-nodular hyperplasia'], 'update-to': [{ DOI: '10.1016/s0140-6736(97)11096-0', type: 'retraction', updated: { 'date-parts': [[2010, 2, 6]] }, source: 'publisher' }] })!;
    assert.match(signalFromCrossref(notice)!.reason!, /is the retraction notice of doi:10\.1016\/s0140-6736\(97\)11096-0/);
  });
  it('finds a bioRxiv preprint\'s published version through Crossref\'s is-preprint-of', async () => {
    const { versionOfRecord, citedBy } = await assessTrust(record('10.1101/2024.04.01.587366', { source: 'biorxiv' }), deps);
    assert.deepEqual(versionOfRecord, { doi: '10.1016/j.xgen.2025.100814', journal: 'Cell Genomics', year: 2025 });
    // The preprint's record counts 2 citations; the journal's (written from its BibTeX) counts none.
    assert.deepEqual(citedBy, { count: 2, by: 'crossref' });
    assert.ok(standIn.requests.some((r) => r.url.includes('10.1016%2Fj.xgen.2025.100814') || r.url.includes('10.1016/j.xgen.2025.100814')));
  });
  it('takes an arXiv record\'s journal DOI and journal_ref as its version of record', async () => {
    const [entry] = parseArxivFeed(readFileSync(fixturePath('arxiv-atom', 'api2026_idlist_astro-ph_0601001_old-style-id.atom.xml'), 'utf8')).records;
    const { versionOfRecord } = await assessTrust(entry!, deps);
    assert.equal(versionOfRecord?.journal, 'ActaAstron.56:1-50,2006');
  });
});

describe('whose BibTeX a candidate cites', () => {
  it('is the published version\'s by default, the preprint\'s when the setting says so', async () => {
    const { bibtexPlan, bibtexOfSource } = await import('../../../../src/core/bibtex/fetch');
    const preprint: PaperRecord = { id: 'doi:10.1101/2024.04.01.587366', source: 'biorxiv', title: 'A preprint', authors: [], doi: '10.1101/2024.04.01.587366', publishedDoi: '10.1016/j.xgen.2025.100814' };
    const byDefault = bibtexPlan(preprint, resolveSettings({}));
    assert.match(byDefault[0]!.url, /\/10\.1016\/j\.xgen\.2025\.100814(\/transform\/application\/x-bibtex)?$/);
    assert.equal(bibtexOfSource(preprint, byDefault[0]!.url), 'published');
    const asPreprint = bibtexPlan(preprint, resolveSettings({ 'citation.preferPublished': false }));
    assert.ok(asPreprint.every((p) => !p.url.includes('xgen')), 'the published DOI is not asked');
    assert.equal(bibtexOfSource(preprint, asPreprint[0]!.url), 'preprint');
  });

  it('is the published version\'s for a journal\'s own record, which names no other version (PubMed\'s Cell Genomics article)', async () => {
    const { bibtexPlan, bibtexOfSource } = await import('../../../../src/core/bibtex/fetch');
    // It said 'preprint' for any record but Crossref's without a published DOI, so the CLI printed "(preprint version's BibTeX)".
    const article: PaperRecord = { id: 'doi:10.1016/j.xgen.2025.100814', source: 'pubmed', title: 'High-throughput screening of human genetic variants by pooled prime editing', authors: [], doi: '10.1016/j.xgen.2025.100814', pmid: '40120586' };
    assert.equal(bibtexOfSource(article, bibtexPlan(article, resolveSettings({}))[0]!.url), 'published');
    const lone: PaperRecord = { id: 'arxiv:2005.14124', source: 'arxiv', title: 'Active Fuzzing for Testing and Securing Cyber-Physical Systems', authors: [], arxivId: '2005.14124' };
    assert.equal(bibtexOfSource(lone, bibtexPlan(lone, resolveSettings({}))[0]!.url), 'preprint');
  });
});
