// getFulltext end to end against the stand-in (files + GROBID on loopback): which route it takes
// (GROBID, pdfjs, abstract), and that every bad input is skipped with a clear reason.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpClient } from '../../src/core/net/http';
import { PacingRegistry } from '../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../src/core/settings';
import type { PaperRecord } from '../../src/core/types';
import {
  abstractOnlyDocument,
  fulltextFromPdfBytes,
  fulltextFromTei,
  getFulltext,
  pdfUrlCandidates,
  readPdfFile,
  readTeiFile,
  resetGrobidState,
  type FulltextResult,
} from '../../src/core/fulltext';
import { FulltextError } from '../../src/core/fulltext/errors';
import { fixturePath, startStandInServer, type StandIn } from '../standin/server';
import { installGrobid, type GrobidStandIn } from '../standin/grobid';
import { installFiles } from '../standin/files';

const SPECTER = 'acl2020-specter-cs';
const ABSTRACT = 'Representation learning is a critical ingredient for natural language processing systems.';

describe('getFulltext', function () {
  this.timeout(30_000);
  let standIn: StandIn;
  let grobid: GrobidStandIn;
  let cacheDir: string;

  before(async () => {
    standIn = await startStandInServer([(s) => void (grobid = installGrobid(s)), (s) => installFiles(s, { anyPreprintPdf: true })]);
  });
  after(() => standIn.close());
  beforeEach(() => {
    resetGrobidState();
    grobid.setMode('ok');
    grobid.uploads.length = 0;
    standIn.requests.length = 0;
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-fulltext-test-'));
  });
  afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

  function deps(values: Record<string, unknown> = {}): { http: ReturnType<typeof createHttpClient>; settings: Settings } {
    const settings = resolveSettings({ ...standIn.settings, 'cache.dir': cacheDir, 'http.retries': 1, ...values });
    return { settings, http: createHttpClient(settings, { backoffMs: 5, pacing: new PacingRegistry() }) };
  }
  const noGrobid = { 'grobid.enabled': false };

  function record(pdfPath?: string, extra: Partial<PaperRecord> = {}): PaperRecord {
    return {
      id: 'arxiv:2004.07180',
      source: 'arxiv',
      title: 'SPECTER: Document-level Representation Learning using Citation-informed Transformers',
      authors: ['Arman Cohan'],
      abstract: ABSTRACT,
      ...(pdfPath ? { pdfUrl: `${standIn.url}/files/${pdfPath}` } : {}),
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
      const result = await getFulltext(record(`pdf/${SPECTER}.pdf`), deps());
      assert.equal(result.kind, 'grobid');
      assert.equal(result.warning, undefined);
      const tei = fulltextFromTei(readFileSync(fixturePath('grobid-tei', `${SPECTER}_grobid-0.6.1.tei.xml`), 'utf8'));
      assert.deepEqual(result.document.sections, tei.sections);
      assert.equal(grobid.uploads.length, 1);
    });

    it('uses pdfjs, silently, when GROBID is switched off', async () => {
      const result = await getFulltext(record(`pdf/${SPECTER}.pdf`), deps(noGrobid));
      assert.equal(result.kind, 'pdfjs');
      assert.equal(result.warning, undefined);
      assert.equal(result.notice, undefined);
      assert.ok(result.document.sections.some((s) => s.head === '2.2 Background: Pretrained Transformers'));
      assert.equal(standIn.requests.filter((r) => r.service === 'grobid').length, 0);
    });

    it('uses pdfjs with a notice when GROBID is not running', async () => {
      grobid.setMode('down');
      const result = await getFulltext(record(`pdf/${SPECTER}.pdf`), deps());
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
        grobid.setMode(mode, { slowMs: 10_000 });
        const result = await getFulltext(record(`pdf/${SPECTER}.pdf`), deps({ 'http.timeoutMs': 100 }));
        assert.equal(result.kind, 'pdfjs');
        assert.match(result.warning ?? '', reason);
        assert.match(result.warning ?? '', /read the PDF in-process instead/);
        assert.ok(result.document.sections.length > 10);
      });
    }

    it('downloads and processes a PDF only once across runs (HTTP cache + TEI cache)', async () => {
      await getFulltext(record(`pdf/${SPECTER}.pdf`), deps());
      resetGrobidState();
      standIn.requests.length = 0;
      const again = await getFulltext(record(`pdf/${SPECTER}.pdf`), deps());
      assert.equal(again.kind, 'grobid');
      assert.deepEqual(standIn.requests.map((r) => r.path), ['/api/isalive']);
      assert.equal(grobid.uploads.length, 1);
    });
  });

  describe('which PDF', () => {
    it('tries the next candidate URL when one fails', async () => {
      const rxiv = record(undefined, {
        source: 'biorxiv',
        doi: '10.1101/2020.03.02.973123',
        version: '2',
        pdfUrl: `${standIn.url}/files/pdf/missing.pdf`,
      });
      const urls = pdfUrlCandidates(rxiv, deps().settings);
      assert.deepEqual(urls, [`${standIn.url}/biorxiv-content/10.1101/2020.03.02.973123v2.full.pdf`, `${standIn.url}/files/pdf/missing.pdf`]);
      const result = await getFulltext({ ...rxiv, pdfUrl: `${standIn.url}/files/pdf/${SPECTER}.pdf` }, deps(noGrobid));
      assert.equal(result.kind, 'pdfjs');
      assert.ok(standIn.requests.some((r) => r.service === 'biorxivContent' && r.path === '/10.1101/2020.03.02.973123v2.full.pdf'));
    });

    it('falls back from a 404 to the next URL', async () => {
      const rxiv = record(undefined, { source: 'medrxiv', doi: '10.1101/2020.01.01.000001', version: '1', pdfUrl: `${standIn.url}/files/pdf/${SPECTER}.pdf` });
      const result = await getFulltext({ ...rxiv, doi: 'not-a-doi' }, deps(noGrobid));
      assert.equal(result.kind, 'pdfjs');
      assert.deepEqual(standIn.requests.map((r) => r.service), ['medrxivContent', 'files']);
    });

    it('derives an arXiv PDF link from the abstract page when the record has none', () => {
      const urls = pdfUrlCandidates(record(undefined, { url: 'http://arxiv.org/abs/2004.07180v1' }), deps().settings);
      assert.deepEqual(urls, ['http://arxiv.org/pdf/2004.07180v1']);
    });

    it('accepts a real PDF served as application/octet-stream', async () => {
      const result = await getFulltext(record(`octet/${SPECTER}.pdf`), deps(noGrobid));
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
        assertAbstractOnly(await getFulltext(record(path), deps(settings)), reason);
      });
    }

    it('names both failures when GROBID and pdfjs both fail on a PDF', async () => {
      const result = await getFulltext(record('pdf/bad/scanned-image-only-naacl2018-p1.pdf'), deps());
      assertAbstractOnly(result, /no text layer.*before that, GROBID could not extract any text/);
    });

    it('times out on a PDF host that does not answer', async () => {
      standIn.setLatency('files', 2_000);
      try {
        const result = await getFulltext(record(`pdf/${SPECTER}.pdf`), deps({ 'http.timeoutMs': 50, 'http.retries': 0 }));
        assertAbstractOnly(result, /PDF download timed out/);
      } finally {
        standIn.setLatency('files', 0);
      }
    });

    it('does not turn a cancellation into an abstract-only result', async () => {
      const controller = new AbortController();
      controller.abort();
      await assert.rejects(getFulltext(record(`pdf/${SPECTER}.pdf`), { ...deps(), signal: controller.signal }), (e: Error) => e.name === 'AbortError');
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
      await assert.rejects(fulltextFromPdfBytes(bytes, deps(noGrobid)), (e: unknown) => e instanceof FulltextError && e.reason === 'encrypted');
    });

    it('builds an abstract-only document', () => {
      assert.deepEqual(abstractOnlyDocument({ title: 'T', abstract: 'A.' }), { title: 'T', abstract: 'A.', sections: [], captions: [], references: [] });
    });
  });
});
