// The GROBID client against the stand-in GROBID on loopback, which answers with the real
// recorded TEI of the uploaded fixture PDF: liveness probe and its cache, the local-only form
// fields, 503 retried, 204, 500, timeout, malformed TEI, the TEI cache, bounded concurrency.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import FakeTimers from '@sinonjs/fake-timers';
import { ALIVE_TTL_MS, grobidDocument, isGrobidAlive, resetGrobidState } from '../../../../src/core/fulltext/grobid';
import { readingWritesSettled } from '../../../../src/core/net/readings';
import { parseTei } from '../../../../src/core/fulltext/tei';
import { FulltextError, type FulltextFailure } from '../../../../src/core/fulltext/errors';
import { fixturePath } from '../../../standin/server';
import { useGrobidStandIn } from '../../../helpers/grobidHarness';
import { closedPort } from '../../../helpers/ports';

const PAPER = 'naacl2018-semantic-scholar-literature-graph-cs';
const pdf = () => new Uint8Array(readFileSync(fixturePath('pdf', `${PAPER}.pdf`)));
const recordedTei = () => readFileSync(fixturePath('grobid-tei', `${PAPER}_grobid-0.6.1.tei.xml`), 'utf8');


describe('GROBID client', () => {
  const h = useGrobidStandIn('grobid', { 'http.timeoutMs': 2_000, 'http.retries': 3 });

  async function rejectsWith(promise: Promise<unknown>, reason: FulltextFailure, message: RegExp): Promise<void> {
    await assert.rejects(promise, (error: unknown) => {
      assert.ok(error instanceof FulltextError, String(error));
      assert.equal(error.reason, reason);
      assert.match(error.message, message);
      return true;
    });
  }

  describe('liveness', () => {
    it('probes /api/isalive once and trusts the answer for a while', async () => {
      const clock = FakeTimers.install({ toFake: ['Date'] });
      try {
        const d = h.deps();
        assert.equal(await isGrobidAlive(d), true);
        assert.equal(await isGrobidAlive(d), true);
        const probes = () => h.standIn.requests.filter((r) => r.path === '/api/isalive').length;
        assert.equal(probes(), 1);
        clock.tick(ALIVE_TTL_MS + 1);
        assert.equal(await isGrobidAlive(d), true);
        assert.equal(probes(), 2);
      } finally {
        clock.uninstall();
      }
    });

    it('does not re-probe (and risk calling it dead) while its documents are in flight', async () => {
      const d = h.deps();
      assert.equal(await isGrobidAlive(d), true);
      h.grobid.setMode('slow', { slowMs: 10_000 });
      const controller = new AbortController();
      const pending = grobidDocument(pdf(), { ...d, signal: controller.signal }).catch((error: Error) => error);
      while (h.grobid.uploads.length === 0) await new Promise((resolve) => setImmediate(resolve));
      const clock = FakeTimers.install({ toFake: ['Date'], now: Date.now() + ALIVE_TTL_MS + 1 });
      try {
        assert.equal(await isGrobidAlive(d), true);
      } finally {
        clock.uninstall();
      }
      assert.equal(h.standIn.requests.filter((r) => r.path === '/api/isalive').length, 1);
      controller.abort();
      assert.equal(((await pending) as Error).name, 'AbortError');
    });

    it('says not alive when GROBID drops connections or nothing listens', async () => {
      h.grobid.setMode('down');
      assert.equal(await isGrobidAlive(h.deps()), false);
      resetGrobidState();
      assert.equal(await isGrobidAlive(h.deps({ 'grobid.url': `http://127.0.0.1:${await closedPort()}` })), false);
    });

    it('takes a refused connection as the answer: one attempt, no retries (pdfjs need not wait)', async () => {
      const deps = h.deps({ 'grobid.url': `http://127.0.0.1:${await closedPort()}`, 'http.timeoutMs': 30_000 });
      assert.equal(await isGrobidAlive(deps), false);
      assert.equal(deps.http.stats.network, 1);
      assert.equal(deps.http.stats.retries, 0);
    });

    it('is not asked at all when disabled or without a URL', async () => {
      assert.equal(await isGrobidAlive(h.deps({ 'grobid.enabled': false })), false);
      assert.equal(await isGrobidAlive(h.deps({ 'grobid.url': '' })), false);
      assert.equal(h.standIn.requests.length, 0);
    });
  });

  describe('processing', () => {
    it('uploads the PDF as `input` with consolidation off and sentences on, and parses the TEI', async () => {
      const document = await grobidDocument(pdf(), h.deps());
      assert.deepEqual(document, parseTei(recordedTei()));
      assert.equal(h.grobid.uploads.length, 1);
      assert.equal(h.grobid.uploads[0].bytes, 174773);
      assert.deepEqual(h.grobid.uploads[0].fields, { consolidateHeader: '0', consolidateCitations: '0', segmentSentences: '1' });
    });

    it('retries while GROBID is busy (503) and then succeeds', async () => {
      h.grobid.setMode('busy', { busyTimes: 2 });
      const document = await grobidDocument(pdf(), h.deps());
      assert.equal(document.sections[0].head, '1 Introduction');
      assert.equal(h.grobid.uploads.length, 3);
    });

    it('reports "no text" for a 204 answer', async () => {
      h.grobid.setMode('no-content');
      await rejectsWith(grobidDocument(pdf(), h.deps()), 'grobid-no-text', /HTTP 204/);
    });

    it('gets 204 for a PDF it has no recording of (what GROBID does with an empty PDF)', async () => {
      const scanned = new Uint8Array(readFileSync(fixturePath('pdf', 'bad', 'scanned-image-only-naacl2018-p1.pdf')));
      await rejectsWith(grobidDocument(scanned, h.deps()), 'grobid-no-text', /could not extract any text/);
    });

    it('gives up on a 500 after the HTTP retries', async () => {
      h.grobid.setMode('error');
      await rejectsWith(grobidDocument(pdf(), h.deps({ 'http.retries': 2 })), 'grobid-failed', /HTTP 500/);
      assert.equal(h.grobid.uploads.length, 3);
    });

    it('times out on a GROBID that does not answer, retries included', async () => {
      h.grobid.setMode('slow', { slowMs: 10_000 });
      // 300 ms HTTP timeout → 1.8 s per GROBID attempt, 2.7 s for the whole call, far short of the stand-in's 10 s.
      const { http, settings } = h.deps({ 'http.timeoutMs': 300 });
      // The uploads are counted as the client sends them: on a busy machine none may reach the stand-in in time.
      let sent = 0;
      const counting = { ...http, request: (req: Parameters<typeof http.request>[0]) => {
        if (req.url.endsWith('/api/processFulltextDocument')) sent++;
        return http.request(req);
      } };
      await rejectsWith(grobidDocument(pdf(), { http: counting, settings }), 'grobid-timeout', /did not answer in time/);
      assert.ok(sent > 0, 'the PDF was sent');
      // It gave up rather than waited: no upload that arrived had its answer (a clock would say so only on an idle machine).
      const arrived = h.standIn.requests.filter((r) => r.path === '/api/processFulltextDocument');
      assert.deepEqual(arrived.map((r) => r.endSeq), arrived.map(() => undefined), 'an upload was answered');
    });

    it('rejects malformed TEI and does not cache it', async () => {
      h.grobid.setMode('malformed');
      const d = h.deps();
      await rejectsWith(grobidDocument(pdf(), d), 'malformed-tei', /not well-formed/);
      h.grobid.setMode('ok');
      await grobidDocument(pdf(), d);
      assert.equal(h.grobid.uploads.length, 2);
    });

    it('reads a PDF it processed before from the TEI cache (keyed by the PDF SHA-256)', async () => {
      const first = await grobidDocument(pdf(), h.deps());
      await readingWritesSettled(); // a run ends once its readings are on disk
      const again = await grobidDocument(pdf(), h.deps()); // a new client: only the disk cache is shared
      assert.deepEqual(again, first);
      assert.equal(h.grobid.uploads.length, 1);
      await grobidDocument(pdf(), h.deps({ 'cache.enabled': false }));
      assert.equal(h.grobid.uploads.length, 2);
    });

    it('keeps at most grobid.concurrency documents in flight', async () => {
      h.grobid.setMode('slow', { slowMs: 100 });
      const d = h.deps({ 'grobid.concurrency': 2, 'cache.enabled': false });
      const papers = ['naacl2018-semantic-scholar-literature-graph-cs', 'acl2020-specter-cs', 'jneuroengrehab2016-fes-hand-opening'];
      await Promise.all(papers.map((p) => grobidDocument(new Uint8Array(readFileSync(fixturePath('pdf', `${p}.pdf`))), d)));
      assert.equal(h.grobid.uploads.length, 3);
      assert.equal(h.grobid.maxConcurrent, 2);
    });

    it('sends the same PDF asked for several times at once only once', async () => {
      h.grobid.setMode('slow', { slowMs: 100 });
      const d = h.deps({ 'grobid.concurrency': 5, 'cache.enabled': false });
      const documents = await Promise.all([1, 2, 3, 4].map(() => grobidDocument(pdf(), d)));
      assert.equal(h.grobid.uploads.length, 1);
      assert.ok(documents.every((doc) => doc.sections.length > 0 && doc.title === documents[0]!.title));
    });

    it('stops when the caller aborts', async () => {
      h.grobid.setMode('slow', { slowMs: 10_000 });
      const controller = new AbortController();
      const pending = grobidDocument(pdf(), { ...h.deps(), signal: controller.signal });
      while (h.grobid.uploads.length === 0) await new Promise((resolve) => setImmediate(resolve));
      controller.abort();
      await assert.rejects(pending, (error: Error) => error.name === 'AbortError');
    });
  });
});
