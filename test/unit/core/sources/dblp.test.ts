// The DBLP client on DBLP's recorded answers (test/fixtures/dblp) and against the stand-in:
// the JSON's quirks, the wire format, the etiquette (one timetable across clients that share
// the slot files, 429 + Retry-After), the cache, the off switch and bad answers.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { FileSlots } from '../../../../src/core/net/slots';
import { resolveSettings, type Settings } from '../../../../src/core/settings';
import { dblpBibtex, DblpDisabledError, dblpEnabled, dblpTitleQuery, readDblpHits, searchDblp } from '../../../../src/core/sources/dblp';
import { dblpTitle, splitHomonym } from '../../../../src/core/sources/dblpRecord';
import { SourceError } from '../../../../src/core/sources/errors';
import { installDblp, registerDblpRecords } from '../../../standin/dblp';
import { fixturePath, startStandInServer, type StandIn } from '../../../standin/server';

const recorded = (name: string): unknown => JSON.parse(readFileSync(fixturePath('dblp', name), 'utf8'));

describe('DBLP records (recorded payloads)', () => {
  it('reads the raw envelope: title without its period, homonym numbers apart, numbers as numbers', () => {
    const [record, ...rest] = readDblpHits(recorded('search_attention-is-all-you-need_h1_raw-envelope.json'))!;
    assert.equal(rest.length, 0);
    assert.equal(record!.title, 'Attentional Transfer is All You Need: Technology-aware Layout Pattern Generation');
    assert.deepEqual(record!.authors.map((a) => [a.name, a.homonym]), [
      ['Xiaopeng Zhang', '0009'],
      ['Haoyu Yang', undefined],
      ['Evangeline F. Y. Young', undefined],
    ]);
    assert.equal(record!.authors[0]!.pid, '167/1261-9');
    assert.equal(record!.year, 2021);
    assert.equal(record!.venue, 'DAC');
    assert.equal(record!.kind, 'conference');
    assert.equal(record!.key, 'conf/dac/ZhangYY21');
    assert.equal(record!.doi, '10.1109/dac18074.2021.9586227');
    assert.deepEqual(record!.ee, ['https://doi.org/10.1109/DAC18074.2021.9586227']);
    assert.equal(record!.pages, '169-174');
    assert.equal(record!.score, 9);
  });

  it('reads a single author given as an object, not a list', () => {
    const [record] = readDblpHits(recorded('hits_variational-inducing-variables_single-author-object.json'))!;
    assert.deepEqual(record!.authors, [{ name: 'Michalis K. Titsias', pid: '19/5385' }]);
    assert.equal(record!.title, 'Variational Learning of Inducing Variables in Sparse Gaussian Processes');
    assert.equal(record!.venue, 'AISTATS');
    assert.equal(record!.doi, undefined);
  });

  it('decodes entities, lower-cases the upper-cased doi and keeps ee as DBLP wrote it', () => {
    const [record] = readDblpHits(recorded('hits_pandoras-box_single-author_apos-entity.json'))!;
    assert.equal(record!.title, "Whether or not to open Pandora's box");
    assert.equal(record!.doi, '10.1016/j.jet.2018.01.005');
    assert.equal(record!.venue, 'J. Econ. Theory');
    assert.equal(record!.kind, 'journal');
  });

  it('tells the CoRR version (arXiv id from its volume) from the CVPR paper', () => {
    const records = readDblpHits(recorded('hits_deep-residual-learning_h5_cvpr-and-corr.json'))!;
    const cvpr = records.find((r) => r.key === 'conf/cvpr/HeZRS16')!;
    const corr = records.find((r) => r.key === 'journals/corr/HeZRS15')!;
    assert.equal(cvpr.venue, 'CVPR');
    assert.equal(cvpr.arxivId, undefined);
    assert.deepEqual(cvpr.authors.map((a) => a.name), ['Kaiming He', 'Xiangyu Zhang', 'Shaoqing Ren', 'Jian Sun']);
    assert.equal(corr.kind, 'informal');
    assert.equal(corr.venue, 'CoRR');
    assert.equal(corr.arxivId, '1512.03385');
    assert.equal(corr.year, 2015);
  });

  it('keeps an editorship with no authors and theses with no venue', () => {
    const records = readDblpHits(recorded('hits_deep-learning_editorship-and-theses.json'))!;
    assert.equal(records.length, 5);
    const editorship = records.find((r) => r.kind === 'editorship')!;
    assert.deepEqual(editorship.authors, []);
    const thesis = records.find((r) => r.key === 'phd/hal/Simonian24')!;
    assert.equal(thesis.venue, undefined);
    assert.equal(thesis.kind, 'book');
    assert.match(thesis.title, /d'analyse de données/);
  });

  it('strips only DBLP\'s period and only four-digit homonym numbers', () => {
    assert.equal(dblpTitle('Is Attention All You Need?'), 'Is Attention All You Need?');
    assert.equal(dblpTitle('Learning in the U.S.'), 'Learning in the U.S.');
    assert.equal(dblpTitle('Deep Learning.'), 'Deep Learning');
    assert.deepEqual(splitHomonym('Lei Liu 0049'), { name: 'Lei Liu', homonym: '0049' });
    assert.deepEqual(splitHomonym('Louis XIV 2'), { name: 'Louis XIV 2' });
  });

  it('turns a title into plain query words, with no DBLP operator left', () => {
    assert.equal(dblpTitleQuery('{BERT}: Pre-training of Deep Bidirectional Transformers -- for $k$-NN|all*'), 'BERT Pre-training of Deep Bidirectional Transformers for k NN all', 'a leading hyphen would exclude the word');
    assert.equal(dblpTitleQuery("Whether or not to open Pandora's box."), "Whether or not to open Pandora's box");
    assert.equal(dblpTitleQuery('\\emph{Attention} is "all" you need'), 'Attention is all you need');
  });

  it('answers undefined for something that is not a search answer', () => {
    assert.equal(readDblpHits({ error: 'x' }), undefined);
    assert.equal(readDblpHits('nope'), undefined);
    assert.deepEqual(readDblpHits({ result: { hits: { '@total': '0' } } }), []);
  });
});

describe('DBLP client (stand-in)', () => {
  let standIn: StandIn;
  let settings: Settings;
  let dir: string;

  before(async () => {
    standIn = await startStandInServer([installDblp]);
    registerDblpRecords(standIn, [
      { key: 'conf/nips/VaswaniSPUJGKP17', title: 'Attention is All you Need', authors: ['Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar', 'Jakob Uszkoreit', 'Llion Jones', 'Aidan N. Gomez', 'Lukasz Kaiser', 'Illia Polosukhin'], year: 2017, venue: 'NIPS', type: 'inproceedings', pages: '5998-6008' },
      { key: 'conf/nips/AbelDHHLPS21', title: 'On the Expressivity of Markov Reward', authors: ['David Abel', 'Will Dabney', 'Anna Harutyunyan', 'Mark K. Ho', 'Michael L. Littman', 'Doina Precup', 'Satinder Singh 0001'], year: 2021, venue: 'NeurIPS', type: 'inproceedings' },
    ]);
    settings = resolveSettings({ ...standIn.settings, 'cache.enabled': false, 'http.retries': 0, 'sources.dblp.intervalMs': 0 });
  });
  after(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    dir = mkdtempSync(join(tmpdir(), 'cf-dblp-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const client = (s: Settings, pacing = new PacingRegistry()) => createHttpClient(s, { pacing, backoffMs: 1, sweepAfterMs: false });

  it('sends q, format=json and h, and reads registered records in DBLP form', async () => {
    const records = await searchDblp('Attention is all you need Vaswani', { http: client(settings), settings }, { hits: 3 });
    const sent = new URL(standIn.requests[0]!.url, standIn.url);
    assert.equal(sent.pathname, '/dblp/search/publ/api');
    assert.equal(sent.searchParams.get('q'), 'Attention is all you need Vaswani');
    assert.equal(sent.searchParams.get('format'), 'json');
    assert.equal(sent.searchParams.get('h'), '3');
    assert.equal(records[0]!.key, 'conf/nips/VaswaniSPUJGKP17');
    assert.equal(records[0]!.title, 'Attention is All you Need');
    assert.equal(records[0]!.venue, 'NIPS');
    const [abel] = await searchDblp('Expressivity of Markov Reward', { http: client(settings), settings });
    assert.deepEqual(abel!.authors.at(-1), { name: 'Satinder Singh', homonym: '0001' });
  });

  it('answers [] when nothing matches, and fetches a record\'s BibTeX (undefined when unknown)', async () => {
    const deps = { http: client(settings), settings };
    assert.deepEqual(await searchDblp('zzyzx quuxified', deps), []);
    const bib = await dblpBibtex('conf/iclr/0001B17', deps);
    assert.match(bib ?? '', /^@inproceedings\{DBLP:conf\/iclr\/0001B17,/);
    assert.match(bib ?? '', /biburl\s+= \{https:\/\/dblp\.org\/rec\/conf\/iclr\/0001B17\.bib\}/);
    assert.equal(standIn.requests.at(-1)!.path, '/rec/conf/iclr/0001B17.bib');
    assert.match((await dblpBibtex('DBLP:conf/nips/AbelDHHLPS21', deps)) ?? '', /Satinder Singh}/, 'no homonym number in BibTeX, as dblp writes it');
    assert.equal(await dblpBibtex('conf/iclr/NoSuchPaper17', deps), undefined);
    await assert.rejects(dblpBibtex('../../etc/passwd', deps), SourceError);
  });

  it('asks nothing when switched off, and says so', async () => {
    const off = resolveSettings({ ...settings, 'sources.dblp.enabled': false });
    assert.equal(dblpEnabled(off), false);
    await assert.rejects(searchDblp('attention', { http: client(off), settings: off }), DblpDisabledError);
    await assert.rejects(dblpBibtex('conf/iclr/0001B17', { http: client(off), settings: off }), DblpDisabledError);
    assert.equal(standIn.requests.length, 0);
  });

  it('answers a repeated search and BibTeX from the cache, with no request', async () => {
    const cached = resolveSettings({ ...settings, 'cache.enabled': true, 'cache.dir': join(dir, 'cache') });
    const http = client(cached);
    const first = await searchDblp('Expressivity of Markov Reward', { http, settings: cached });
    await dblpBibtex('conf/iclr/0001B17', { http, settings: cached });
    assert.equal(standIn.requests.length, 2);
    const again = await searchDblp('Expressivity of Markov Reward', { http: client(cached), settings: cached });
    await dblpBibtex('conf/iclr/0001B17', { http: client(cached), settings: cached });
    assert.equal(standIn.requests.length, 2, 'nothing sent the second time');
    assert.deepEqual(again, first);
  });

  it('waits for the Retry-After of a 429 before asking again', async () => {
    const retrying = resolveSettings({ ...settings, 'http.retries': 2 });
    standIn.failNext('dblp', [429], { 'retry-after': '1' });
    const records = await searchDblp('Expressivity of Markov Reward', { http: client(retrying), settings: retrying });
    assert.equal(records.length, 1);
    const [limited, retried] = standIn.requests;
    assert.equal(limited!.status, 429);
    assert.equal(retried!.status, 200);
    assert.ok(retried!.at - limited!.at >= 1000, `asked again after ${retried!.at - limited!.at} ms`);
  });

  it('keeps one timetable for two clients that share the slot files (as two processes do)', async () => {
    const paced = resolveSettings({ ...settings, 'sources.dblp.intervalMs': 300 });
    // Sends go 400 ms apart (300 and the margin); arrivals may be closer by a busy machine's jitter.
    standIn.enforceSpacing('dblp', 250);
    const slots = join(dir, 'pacing');
    const a = client(paced, new PacingRegistry(new FileSlots(slots)));
    const b = client(paced, new PacingRegistry(new FileSlots(slots)));
    const queries = ['Attention', 'Markov Reward', 'Pandora', 'Variational inducing', 'residual recognition', 'Titsias'];
    await Promise.all(queries.map((q, i) => searchDblp(q, { http: i % 2 ? a : b, settings: paced })));
    const arrivals = standIn.requests.map((r) => r.at).sort((x, y) => x - y);
    assert.equal(arrivals.length, queries.length, 'no request was refused and retried');
    for (let i = 1; i < arrivals.length; i++) assert.ok(arrivals[i]! - arrivals[i - 1]! >= 250, `gap ${arrivals[i]! - arrivals[i - 1]!} ms`);
    standIn.enforceSpacing('dblp', 0);
  });

  it('gives up at once when cancelled while waiting for its turn', async () => {
    const paced = resolveSettings({ ...settings, 'sources.dblp.intervalMs': 5000 });
    const http = client(paced);
    await searchDblp('Markov Reward', { http, settings: paced });
    const controller = new AbortController();
    const waiting = searchDblp('Attention', { http, settings: paced, signal: controller.signal });
    controller.abort();
    await assert.rejects(waiting, (error: Error) => error.name === 'AbortError');
    assert.equal(standIn.requests.length, 1, 'the second search was never sent');
  });

  it('says DBLP sent junk instead of calling it "no hits", and does not keep it', async () => {
    const cached = resolveSettings({ ...settings, 'cache.enabled': true, 'cache.dir': join(dir, 'cache') });
    standIn.handle('dblp', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>maintenance</body></html>'));
    await assert.rejects(searchDblp('Markov Reward', { http: client(cached), settings: cached }), /DBLP sent an HTML page/);
    await assert.rejects(dblpBibtex('conf/iclr/0001B17', { http: client(cached), settings: cached }), /DBLP sent an HTML page/);
    installDblp(standIn);
    assert.equal((await searchDblp('Markov Reward', { http: client(cached), settings: cached })).length, 1, 'asked again once DBLP is back');
    assert.match((await dblpBibtex('conf/iclr/0001B17', { http: client(cached), settings: cached })) ?? '', /^@inproceedings/);
    assert.equal(standIn.requests.length, 4);
  });
});
