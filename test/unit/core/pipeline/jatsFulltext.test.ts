// A medRxiv preprint's full text from the server's own JATS (the `.source.xml` the bioRxiv API
// names), read instead of its PDF: no PDF is asked, the paragraphs are the JATS's, a repeat asks
// nothing and starts no parse worker, and a server that refuses the JATS still gets its PDF read.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../../../standin';
import { PAYWALL_HTML, RXIV_STAND_IN_JATS } from '../../../standin/files';
import { fixturePath, send } from '../../../standin/server';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { parseWorkersStarted, stopIdleParseWorkers } from '../../../../src/core/fulltext/parsePool';
import { getFulltext, readingWritesSettled, resetGrobidState } from '../../../../src/core/fulltext';
import { parseJats } from '../../../../src/core/fulltext/jats';
import { bodyParagraphs } from '../../../../src/core/fulltext/model';
import { resolveSettings } from '../../../../src/core/settings/index';
import { readRecordJats } from '../../../../src/core/fulltext/jatsSource';
import { createHttpClient } from '../../../../src/core/net/http';
import { JATS_KEY_PREFIX } from '../../../../src/core/net/cacheSweep';
import type { HttpClient, HttpRequest } from '../../../../src/core/net/types';
import type { PaperRecord } from '../../../../src/core/types';
import cacache from 'cacache';

const PREPRINT: PaperRecord = { id: 'doi:10.1101/19000133', source: 'medrxiv', doi: '10.1101/19000133', title: 'A medRxiv preprint', authors: [] };
const CLAIM = { selection: 'Machine learning models can predict in-hospital mortality from electronic health records.' };

describe('full text from the server\'s JATS (bioRxiv/medRxiv)', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  let cacheDir: string;
  const settingsFor = (extra: Record<string, unknown> = {}) =>
    resolveSettings({ ...standIn.settings, 'cache.dir': cacheDir, 'fulltext.enabled': true, 'grobid.enabled': false, ...extra });
  const asked = (pattern: RegExp) => standIn.requests.filter((r) => pattern.test(r.path));

  beforeEach(async () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-jats-'));
    await stopIdleParseWorkers();
    resetGrobidState();
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('reads the JATS the bioRxiv API names, after its answer, and asks for no PDF', async () => {
    standIn = await startStandIn({ anyPreprintPdf: true, preprintJats: true });
    const result = await createPipeline({ settings: settingsFor(), llm: null }).find(CLAIM);
    const read = result.candidates.filter((c) => c.fulltext === 'jats');
    assert.ok(read.length > 0, result.candidates.map((c) => `${c.id} ${c.fulltext}`).join(', '));
    assert.deepEqual(asked(/\.full\.pdf$/).map((r) => r.path), []);
    for (const c of read) {
      const details = standIn.requests.find((r) => r.service === 'biorxiv' && r.path.includes(c.doi!))!;
      const jats = standIn.requests.filter((r) => r.service === 'medrxivContent' && r.path === new URL(c.jatsUrl!).pathname.replace(/^\/medrxiv-content/, ''));
      assert.equal(jats.length, 1, c.jatsUrl);
      assert.ok(jats[0]!.seq > details.endSeq!, 'the JATS is asked once the API named it');
    }
    // The paragraphs shown are the JATS's own.
    const own = new Set(bodyParagraphs(parseJats(readFileSync(fixturePath('jats', RXIV_STAND_IN_JATS), 'utf8'))).map((p) => p.paragraph.text));
    const shown = read.flatMap((c) => c.paragraphs ?? []).filter((p) => p.text.length > 200);
    assert.ok(shown.length > 0);
    for (const p of shown) assert.ok(own.has(p.text), p.text.slice(0, 80));
  });

  it('downloads a JATS once, and a repeat whose reading is cached downloads nothing', async () => {
    standIn = await startStandIn({ anyPreprintPdf: true, preprintJats: true });
    const settings = settingsFor();
    const path = '/early/2019/06/25/19000133.source.xml';
    const record = { ...PREPRINT, jatsUrl: `${standIn.url}/medrxiv-content${path}` };
    const downloads = () => standIn.requests.filter((r) => r.path.endsWith(path)).length;
    const deps = { http: createHttpClient(settings), settings };
    assert.equal((await getFulltext(record, deps)).kind, 'jats');
    assert.equal(downloads(), 1);
    await readingWritesSettled();
    assert.equal((await getFulltext(record, deps)).kind, 'jats');
    assert.equal(downloads(), 1, 'a repeat reads the cache and downloads nothing');
  });

  it('asks nothing and starts no parse worker when the search is repeated', async () => {
    standIn = await startStandIn({ anyPreprintPdf: true, preprintJats: true });
    const first = await createPipeline({ settings: settingsFor(), llm: null }).find(CLAIM);
    await stopIdleParseWorkers();
    const workers = parseWorkersStarted();
    standIn.requests.length = 0;
    const again = await createPipeline({ settings: settingsFor(), llm: null }).find(CLAIM);
    assert.deepEqual(standIn.requests.map((r) => r.path), []);
    assert.equal(parseWorkersStarted(), workers);
    const cards = (r: typeof first) => r.candidates.map((c) => [c.id, c.fulltext, c.score, c.paragraphs?.map((p) => p.text)]);
    assert.deepEqual(cards(again), cards(first));
  });

  it('sends a first run\'s bioRxiv API and JATS requests without reading the cache a second time', async () => {
    standIn = await startStandIn({ anyPreprintPdf: true, preprintJats: true });
    const settings = settingsFor();
    const inner = createHttpClient(settings);
    const sent: HttpRequest[] = [];
    const http: HttpClient = { ...inner, request: (request) => (sent.push(request), inner.request(request)) };
    const result = await createPipeline({ settings, http, llm: null }).find(CLAIM);
    assert.ok(result.candidates.some((c) => c.fulltext === 'jats'));
    // Each was looked up just before (a cache-only request, the JATS's digest): one read is enough.
    const sentFor = (pattern: RegExp) => sent.filter((r) => pattern.test(r.url) && !r.cacheOnly);
    for (const pattern of [/\/details\/medrxiv\//, /\.source\.xml$/]) {
      assert.ok(sentFor(pattern).length > 0, String(pattern));
      assert.deepEqual(sentFor(pattern).map((r) => r.cacheRead), sentFor(pattern).map(() => false), String(pattern));
    }
  });

  it('reads a JATS whose answer is cached but whose reading is not (a new reader) from the cache, asking nothing', async () => {
    standIn = await startStandIn({ anyPreprintPdf: true, preprintJats: true });
    const first = await createPipeline({ settings: settingsFor(), llm: null }).find(CLAIM);
    const readings = (await cacache.ls(cacheDir)) as Record<string, { key: string }>;
    const jatsReadings = Object.values(readings).filter((entry) => entry.key.startsWith(JATS_KEY_PREFIX));
    assert.ok(jatsReadings.length > 0);
    for (const entry of jatsReadings) await cacache.rm.entry(cacheDir, entry.key);
    standIn.requests.length = 0;
    const again = await createPipeline({ settings: settingsFor(), llm: null }).find(CLAIM);
    assert.deepEqual(standIn.requests.map((r) => r.path), []);
    const cards = (r: typeof first) => r.candidates.map((c) => [c.id, c.fulltext, c.paragraphs?.map((p) => p.text)]);
    assert.deepEqual(cards(again), cards(first));
  });

  it('reads the PDF when the server refuses the JATS', async () => {
    standIn = await startStandIn({ anyPreprintPdf: true });
    const result = await createPipeline({ settings: settingsFor(), llm: null }).find(CLAIM);
    const refused = asked(/\.source\.xml$/);
    assert.ok(refused.length > 0 && refused.every((r) => r.status === 404));
    assert.ok(result.candidates.some((c) => c.fulltext === 'pdfjs'));
    assert.ok(!result.candidates.some((c) => c.fulltext === 'jats'));
    for (const pdf of asked(/\.full\.pdf$/)) {
      const jats = refused.find((r) => pdf.path.includes(r.path.split('/').pop()!.replace('.source.xml', '')));
      if (jats) assert.ok(pdf.seq > jats.endSeq!, `${pdf.path} after its JATS was refused`);
    }
  });

  it('reads the PDF when an HTML page (a bot check) comes where the JATS should be', async () => {
    standIn = await startStandIn({ anyPreprintPdf: true, preprintJats: true });
    const content = standIn.handlerOf('medrxivContent')!;
    standIn.handle('medrxivContent', (req, res) => (req.path.endsWith('.source.xml')
      ? send(res, 200, PAYWALL_HTML, 'text/html; charset=utf-8')
      : content(req, res)));
    const result = await createPipeline({ settings: settingsFor(), llm: null }).find(CLAIM);
    assert.ok(asked(/\.source\.xml$/).length > 0);
    assert.ok(result.candidates.some((c) => c.fulltext === 'pdfjs'));
    assert.ok(!result.candidates.some((c) => c.fulltext === 'jats'));
  });

  it('gives up a JATS that trickles within one deadline over all its attempts, as a PDF download does', async () => {
    standIn = await startStandIn({ anyPreprintPdf: true, preprintJats: true });
    const drips = new Set<ReturnType<typeof setInterval>>();
    standIn.handle('medrxivContent', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      const drip = setInterval(() => res.write(' '), 20); // a byte now and then, never the end
      drips.add(drip);
      res.on('close', () => (clearInterval(drip), drips.delete(drip)));
    });
    try {
      // A client without the run's circuit breakers (the chat's, a CLI command's): only the
      // deadline stops the retries. Each attempt may take 3 × 300 ms, all of them 1.5 × that.
      const settings = settingsFor({ 'http.timeoutMs': 300, 'http.retries': 3 });
      const record = { ...PREPRINT, jatsUrl: `${standIn.url}/medrxiv-content/early/2019/06/25/19000133.source.xml` };
      assert.equal(await readRecordJats(record, { http: createHttpClient(settings), settings }), undefined, 'the PDF is read instead');
      const attempts = asked(/\.source\.xml$/).length;
      assert.ok(attempts >= 1 && attempts <= 2, `${attempts} attempts: without the deadline all 4 run (~9 s)`);
    } finally {
      for (const drip of drips) clearInterval(drip);
    }
  });

  it('is read before GROBID is asked: a GROBID user gets the JATS too', async () => {
    standIn = await startStandIn({ anyPreprintPdf: true, preprintJats: true });
    const result = await createPipeline({ settings: settingsFor({ 'grobid.enabled': true }), llm: null }).find(CLAIM);
    assert.ok(result.candidates.some((c) => c.fulltext === 'jats'));
    assert.deepEqual(standIn.requests.filter((r) => r.service === 'grobid' && r.method === 'POST').map((r) => r.path), []);
  });
});
