// getFulltext end to end against the stand-in (files + GROBID on loopback): which route it takes
// (GROBID, pdfjs, abstract), and that every bad input is skipped with a clear reason.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { PaperRecord } from '../../../../src/core/types';
import {
  abstractOnlyDocument,
  fulltextFromPdfBytes,
  fulltextFromTei,
  getFulltext,
  pdfUrlCandidates,
  readingWritesSettled,
  readPdfFile,
  readTeiFile,
  resetGrobidState,
  type FulltextResult,
} from '../../../../src/core/fulltext';
import { FulltextError } from '../../../../src/core/fulltext/errors';
import { HttpError, type HttpClient, type HttpRequest } from '../../../../src/core/net/types';
import { fixturePath } from '../../../standin/server';
import { useGrobidStandIn } from '../../../helpers/grobidHarness';
import { installFiles } from '../../../standin/files';

const SPECTER = 'acl2020-specter-cs';
const ABSTRACT = 'Representation learning is a critical ingredient for natural language processing systems.';


describe('getFulltext', function () {
  this.timeout(30_000);
  const h = useGrobidStandIn('fulltext', { 'http.retries': 1 }, [(s) => installFiles(s, { anyPreprintPdf: true })]);
  const noGrobid = { 'grobid.enabled': false };

  function record(pdfPath?: string, extra: Partial<PaperRecord> = {}): PaperRecord {
    return {
      id: 'arxiv:2004.07180',
      source: 'arxiv',
      title: 'SPECTER: Document-level Representation Learning using Citation-informed Transformers',
      authors: ['Arman Cohan'],
      abstract: ABSTRACT,
      ...(pdfPath ? { pdfUrl: `${h.standIn.url}/files/${pdfPath}` } : {}),
      ...extra,
    };
  }

  function assertAbstractOnly(result: FulltextResult, reason: RegExp): void {
    assert.equal(result.kind, 'abstract');
    assert.deepEqual(result.document.sections, []);
    assert.equal(result.document.abstract, ABSTRACT);
    assert.match(result.warning ?? '', reason);
    assert.match(result.warning ?? '', /scored on the abstract only/);
  }

  describe('route', () => {
    it('uses GROBID when it is enabled and alive', async () => {
      const result = await getFulltext(record(`pdf/${SPECTER}.pdf`), h.deps());
      assert.equal(result.kind, 'grobid');
      assert.equal(result.warning, undefined);
      const tei = fulltextFromTei(readFileSync(fixturePath('grobid-tei', `${SPECTER}_grobid-0.6.1.tei.xml`), 'utf8'));
      assert.deepEqual(result.document.sections, tei.sections);
      assert.equal(h.grobid.uploads.length, 1);
    });

    it('uses pdfjs, silently, when GROBID is switched off', async () => {
      const result = await getFulltext(record(`pdf/${SPECTER}.pdf`), h.deps(noGrobid));
      assert.equal(result.kind, 'pdfjs');
      assert.equal(result.warning, undefined);
      assert.equal(result.notice, undefined);
      assert.ok(result.document.sections.some((s) => s.head === '2.2 Background: Pretrained Transformers'));
      assert.equal(h.standIn.requests.filter((r) => r.service === 'grobid').length, 0);
    });

    it("keeps the record's abstract when the PDF has no Abstract heading", async () => {
      const result = await getFulltext(record('pdf/naacl2018-pages2-3-no-abstract.pdf'), h.deps(noGrobid));
      assert.equal(result.kind, 'pdfjs');
      assert.equal(result.document.abstract, ABSTRACT);
      assert.ok(result.document.sections.length > 0);
    });

    it('uses pdfjs with a notice when GROBID is not running', async () => {
      h.grobid.setMode('down');
      const result = await getFulltext(record(`pdf/${SPECTER}.pdf`), h.deps());
      assert.equal(result.kind, 'pdfjs');
      assert.match(result.notice ?? '', /GROBID at .* is not running/);
      assert.equal(result.warning, undefined);
    });

    for (const [mode, reason] of [
      ['error', /GROBID at .* answered HTTP 500/],
      ['slow', /GROBID at .* did not answer in time/],
      ['malformed', /TEI is not well-formed/],
      ['no-content', /GROBID could not extract any text/],
    ] as const) {
      it(`falls back to pdfjs with a warning when GROBID is ${mode}`, async () => {
        h.grobid.setMode(mode, { slowMs: 10_000 });
        // Only the slow GROBID needs a short timeout: with it, a loaded machine made the others
        // time out too before their answer was read. GROBID's is 6 × http.timeoutMs (3 s, under the
        // stand-in's 10 s), the PDF's headers 1 ×: 100 ms ran out for the PDF itself under load.
        const timeout = mode === 'slow' ? { 'http.timeoutMs': 500 } : {};
        const result = await getFulltext(record(`pdf/${SPECTER}.pdf`), h.deps(timeout));
        assert.equal(result.kind, 'pdfjs');
        assert.match(result.warning ?? '', reason);
        assert.match(result.warning ?? '', /read the PDF in-process instead/);
        assert.ok(result.document.sections.length > 10);
      });
    }

    it('downloads and processes a PDF only once across runs (HTTP cache + TEI cache)', async () => {
      await getFulltext(record(`pdf/${SPECTER}.pdf`), h.deps());
      await readingWritesSettled(); // a run ends once its readings are on disk
      resetGrobidState();
      h.standIn.requests.length = 0;
      const again = await getFulltext(record(`pdf/${SPECTER}.pdf`), h.deps());
      assert.equal(again.kind, 'grobid');
      assert.deepEqual(h.standIn.requests.map((r) => r.path), [], 'not even the liveness probe');
      assert.equal(h.grobid.uploads.length, 1);
    });

    it('downloads a PDF once, and a repeat whose reading is cached downloads nothing', async () => {
      const downloads = () => h.standIn.requests.filter((r) => r.path.endsWith(`${SPECTER}.pdf`)).length;
      h.standIn.requests.length = 0;
      await getFulltext(record(`pdf/${SPECTER}.pdf`), h.deps(noGrobid));
      assert.equal(downloads(), 1);
      await readingWritesSettled();
      const again = await getFulltext(record(`pdf/${SPECTER}.pdf`), h.deps(noGrobid));
      assert.equal(again.kind, 'pdfjs');
      assert.equal(downloads(), 1, 'a repeat reads the cache and downloads nothing');
    });
  });

  describe('which PDF', () => {
    it('tries the next candidate URL when one fails', async () => {
      const rxiv = record(undefined, {
        source: 'biorxiv',
        doi: '10.1101/2020.03.02.973123',
        version: '2',
        pdfUrl: `${h.standIn.url}/files/pdf/missing.pdf`,
      });
      const urls = pdfUrlCandidates(rxiv, h.deps().settings);
      assert.deepEqual(urls, [
        `${h.standIn.url}/biorxiv-content/10.1101/2020.03.02.973123v2.full.pdf`,
        `${h.standIn.url}/biorxiv-content/10.1101/2020.03.02.973123.full.pdf`,
        `${h.standIn.url}/files/pdf/missing.pdf`,
      ]);
      const result = await getFulltext({ ...rxiv, pdfUrl: `${h.standIn.url}/files/pdf/${SPECTER}.pdf` }, h.deps(noGrobid));
      assert.equal(result.kind, 'pdfjs');
      assert.ok(h.standIn.requests.some((r) => r.service === 'biorxivContent' && r.path === '/10.1101/2020.03.02.973123v2.full.pdf'));
    });

    it('falls back from a 404 to the next URL', async () => {
      const rxiv = record(undefined, { source: 'medrxiv', doi: '10.1101/2020.01.01.000001', version: '1', pdfUrl: `${h.standIn.url}/files/pdf/${SPECTER}.pdf` });
      const result = await getFulltext({ ...rxiv, doi: 'not-a-doi' }, h.deps(noGrobid));
      assert.equal(result.kind, 'pdfjs');
      assert.deepEqual(h.standIn.requests.map((r) => r.service), ['medrxivContent', 'medrxivContent', 'files']);
    });

    it('reads the PDF a run fetched by the versionless link from the cache once the version is known', async () => {
      // The first run's PDF went out before the bioRxiv API named the version; the repeat knows it.
      const preprint = record(undefined, { source: 'medrxiv', doi: '10.1101/19000133' });
      await getFulltext(preprint, h.deps(noGrobid));
      assert.deepEqual(h.standIn.requests.map((r) => r.path), ['/10.1101/19000133.full.pdf']);
      h.standIn.requests.length = 0;
      const again = await getFulltext({ ...preprint, version: '1' }, h.deps(noGrobid));
      assert.equal(again.kind, 'pdfjs');
      assert.deepEqual(h.standIn.requests.map((r) => r.path), [], 'the versioned link is not asked: the cache holds the paper');
    });

    it('takes a remembered 404 of the versionless link as the server having no PDF of any version', async () => {
      const preprint = record(undefined, { source: 'medrxiv', doi: 'no-pdf-here' }); // a path the stand-in answers 404
      const first = h.deps(noGrobid);
      assert.equal((await getFulltext(preprint, first)).kind, 'abstract');
      await first.http.storesSettled?.(); // a run ends once its answers, the 404 too, are on disk
      assert.deepEqual(h.standIn.requests.map((r) => r.path), ['/no-pdf-here.full.pdf']);
      h.standIn.requests.length = 0;
      const again = await getFulltext({ ...preprint, version: '2' }, h.deps(noGrobid));
      assert.equal(again.kind, 'abstract');
      assert.match(again.warning ?? '', /HTTP 404/);
      assert.deepEqual(h.standIn.requests.map((r) => r.path), []);
    });

    it('asks the cache once for a link it lacks, and again for one whose "not found" it remembers', async () => {
      const deps = h.deps(noGrobid);
      const sent: HttpRequest[] = [];
      const http: HttpClient = { ...deps.http, request: (request) => (sent.push(request), deps.http.request(request)) };
      const preprint = record(undefined, { source: 'medrxiv', doi: '10.1101/19000133', version: '1' });
      const [versioned, versionless] = pdfUrlCandidates(preprint, deps.settings);
      // The versioned link's "not found" is remembered; the versionless one has never been asked.
      await http.remember!({ service: 'pdf', url: versioned!, accept: 'application/pdf', cacheNotFound: true },
        new HttpError('HTTP 404', 404, versioned!, 'no such version'));
      const result = await getFulltext(preprint, { ...deps, http });
      assert.equal(result.kind, 'pdfjs');
      const fromNetwork = sent.filter((r) => !r.cacheOnly).map((r) => [r.url, r.cacheRead ?? true]);
      assert.deepEqual(fromNetwork, [[versioned, true], [versionless, false]]);
      // The digest lookup that came first found the versionless link absent: no cache-only read of it follows.
      assert.deepEqual(sent.filter((r) => r.cacheOnly).map((r) => r.url), [versioned]);
      assert.deepEqual(h.standIn.requests.map((r) => r.path), ['/10.1101/19000133.full.pdf'], 'the remembered link is not asked');
    });

    it('derives an arXiv PDF link from the abstract page when the record has none', () => {
      const urls = pdfUrlCandidates(record(undefined, { url: 'http://arxiv.org/abs/2004.07180v1' }), h.deps().settings);
      assert.deepEqual(urls, ['http://arxiv.org/pdf/2004.07180v1']);
    });

    it('accepts a real PDF served as application/octet-stream', async () => {
      const result = await getFulltext(record(`octet/${SPECTER}.pdf`), h.deps(noGrobid));
      assert.equal(result.kind, 'pdfjs');
    });
  });

  describe('bad input is skipped with a clear reason', () => {
    const cases: [string, string | undefined, Record<string, unknown>, RegExp][] = [
      ['no PDF link', undefined, {}, /no open-access PDF link/],
      ['an encrypted PDF', 'pdf/bad/encrypted-aes256-naacl2018-p1.pdf', noGrobid, /encrypted and needs a password/],
      ['a corrupt (truncated) PDF', 'pdf/bad/corrupt-truncated-naacl2018.pdf', noGrobid, /PDF could not be read/],
      ['a scanned PDF without a text layer', 'pdf/bad/scanned-image-only-naacl2018-p1.pdf', noGrobid, /no text layer/],
      ['HTML served as application/pdf', 'html-as-pdf.pdf', {}, /served an HTML page instead of a PDF \(content type "application\/pdf"\)/],
      ['an HTML page', 'paywall.html', {}, /served an HTML page instead of a PDF \(content type "text\/html"\)/],
      ['a PDF over the size limit', `pdf/${SPECTER}.pdf`, { 'fulltext.maxPdfMb': 0.1 }, /over the 0\.1 MB limit \(fulltext\.maxPdfMb\)/],
      ['a missing PDF (404)', 'pdf/missing.pdf', {}, /PDF download failed with HTTP 404/],
    ];
    for (const [what, path, settings, reason] of cases) {
      it(`skips ${what}`, async () => {
        assertAbstractOnly(await getFulltext(record(path), h.deps(settings)), reason);
      });
    }

    it('names both failures when GROBID and pdfjs both fail on a PDF', async () => {
      const result = await getFulltext(record('pdf/bad/scanned-image-only-naacl2018-p1.pdf'), h.deps());
      assertAbstractOnly(result, /no text layer.*before that, GROBID could not extract any text/);
    });

    it('times out on a PDF host that does not answer', async () => {
      h.standIn.setLatency('files', 2_000);
      try {
        const result = await getFulltext(record(`pdf/${SPECTER}.pdf`), h.deps({ 'http.timeoutMs': 50, 'http.retries': 0 }));
        assertAbstractOnly(result, /PDF download timed out/);
      } finally {
        h.standIn.setLatency('files', 0);
      }
    });

    it('does not turn a cancellation into an abstract-only result', async () => {
      const controller = new AbortController();
      controller.abort();
      await assert.rejects(getFulltext(record(`pdf/${SPECTER}.pdf`), { ...h.deps(), signal: controller.signal }), (e: Error) => e.name === 'AbortError');
    });
  });

  describe('helpers for the score CLI', () => {
    it('reads TEI and PDF files from disk', async () => {
      const tei = await readTeiFile(fixturePath('grobid-tei', `${SPECTER}_grobid-0.6.1.tei.xml`));
      assert.equal(tei.sections[0].head, '1 Introduction');
      const pdf = await readPdfFile(fixturePath('pdf', `${SPECTER}.pdf`));
      assert.equal(pdf.sections[0].head, '1 Introduction');
    });

    it('throws a typed error for an unreadable PDF given directly', async () => {
      const bytes = new Uint8Array(readFileSync(fixturePath('pdf', 'bad', 'encrypted-aes256-naacl2018-p1.pdf')));
      await assert.rejects(fulltextFromPdfBytes(bytes, h.deps(noGrobid)), (e: unknown) => e instanceof FulltextError && e.reason === 'encrypted');
    });

    it('builds an abstract-only document', () => {
      assert.deepEqual(abstractOnlyDocument({ title: 'T', abstract: 'A.' }), { title: 'T', abstract: 'A.', sections: [], captions: [], references: [] });
    });
  });
});
