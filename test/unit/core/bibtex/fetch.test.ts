import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fixturePath, send, startStandInServer, type StandIn } from '../../../standin/server';
import { installDoi } from '../../../standin/doi';
import { installCrossref } from '../../../standin/crossref';
import { installArxivBibtex } from '../../../standin/arxivBibtex';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import { isAbortError, type HttpClient } from '../../../../src/core/net/types';
import {
  assertBibtex,
  attachBibtex,
  BibtexUnavailableError,
  fetchBibtex,
  NotBibtexError,
} from '../../../../src/core/bibtex';
import { dedupeRecords } from '../../../../src/core/dedupe/dedupe';
import type { PaperRecord } from '../../../../src/core/types';
import { ARXIV_1710_08557 } from '../../../helpers/paperRecords';

const bib = (file: string) => readFileSync(fixturePath('bibtex', file), 'utf8');
const REDIRECT_PAGE = readFileSync(
  fixturePath('bibtex', 'doi-org_302_handle-redirect_10.1126_science.169.3946.635.html'),
  'utf8',
);
const FRANK = 'crossref-cn_10.1126_science.169.3946.635.bib';
const JNER = 'doi-cn-2019_10.1186_s12984-017-0305-3_jner.bib';

function doiRecord(doi: string, extra: Partial<PaperRecord> = {}): PaperRecord {
  return { id: 'doi:' + doi.toLowerCase(), source: 'biorxiv', title: 'x', authors: [], doi, ...extra };
}

describe('fetchBibtex against the stand-in authorities', () => {
  let standIn: StandIn;
  let settings: Settings;
  let http: HttpClient;

  beforeEach(async () => {
    standIn = await startStandInServer([installDoi, installCrossref, installArxivBibtex]);
    settings = resolveSettings({ ...standIn.settings, 'http.retries': 2 });
    http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
  });
  afterEach(() => standIn.close());

  const paths = () => standIn.requests.map((r) => `${r.service} ${r.url.replace(/^\/[a-z-]+/, '')}`);

  it('follows the doi.org redirect to Crossref with Accept: application/x-bibtex on every hop', async () => {
    const result = await fetchBibtex(doiRecord('10.1126/science.169.3946.635'), { http, settings });
    assert.equal(result.bibtex, bib(FRANK));
    assert.equal(result.source, `${standIn.settings['sources.doi.url']}/10.1126/science.169.3946.635`);
    assert.deepEqual(paths(), [
      'doi /10.1126/science.169.3946.635',
      'crossref /v1/works/10.1126%2Fscience.169.3946.635/transform',
    ]);
    for (const request of standIn.requests) {
      assert.equal(request.headers.accept, 'application/x-bibtex');
      assert.match(String(request.headers['user-agent']), /^citefinder\//);
    }
  });

  it('prefers the published version’s DOI over the preprint’s', async () => {
    const preprint = doiRecord('10.1101/2024.04.01.587366', { publishedDoi: '10.1016/j.xgen.2025.100814' });
    const result = await fetchBibtex(preprint, { http, settings });
    assert.equal(result.bibtex, bib('crossref-transform_10.1016_j.xgen.2025.100814_cell-genomics.bib'));
    assert.ok(standIn.requests.every((r) => r.url.includes('xgen')));
  });

  it('falls back to the Crossref transform when doi.org cannot give BibTeX', async () => {
    standIn.failNext('doi', [406]);
    const result = await fetchBibtex(doiRecord('10.1186/S12984-017-0305-3'), { http, settings });
    assert.equal(result.bibtex, bib(JNER));
    assert.equal(
      result.source,
      `${standIn.settings['sources.crossref.url']}/works/10.1186/s12984-017-0305-3/transform/application/x-bibtex`,
    );
    assert.deepEqual(paths(), [
      'doi /10.1186/s12984-017-0305-3',
      'crossref /works/10.1186/s12984-017-0305-3/transform/application/x-bibtex',
    ]);
  });

  it('retries a 503 from doi.org before falling back', async () => {
    standIn.failNext('doi', [503]);
    const result = await fetchBibtex(doiRecord('10.1126/science.169.3946.635'), { http, settings });
    assert.equal(result.bibtex, bib(FRANK));
    assert.equal(standIn.requests.filter((r) => r.service === 'doi').length, 2);
  });

  it('gives a clear error after the real 404, asking Crossref nothing about a DOI doi.org does not know', async () => {
    const error = await fetchBibtex(doiRecord('10.1371/notarealdoi'), { http, settings }).then(
      () => assert.fail('expected an error'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof BibtexUnavailableError);
    assert.equal(error.attempts.length, 1);
    assert.match(error.message, /^No BibTeX for doi:10\.1371\/notarealdoi: /);
    assert.match(error.message, /HTTP 404: Resource not found\./);
    assert.deepEqual(paths(), ['doi /10.1371/notarealdoi']);
  });

  it('rejects an HTML page served as 200 and takes the next authority', async () => {
    standIn.handle('doi', (_req, res: ServerResponse) => send(res, 200, REDIRECT_PAGE, 'text/html;charset=utf-8'));
    const result = await fetchBibtex(doiRecord('10.1086/307221'), { http, settings });
    // Crossref's real answer, its mangled maths repaired in the title only (latexHealth.ts).
    assert.equal(result.bibtex, bib('doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib').replace('$\\{upOmega}$ and $\\{upLambda}$', '$\\Omega$ and $\\Lambda$'));
    assert.match(result.note ?? '', /title had maths mangled/);
    assert.match(result.source, /\/crossref\/works\//);

    standIn.handle('crossref', (_req, res: ServerResponse) => send(res, 200, '', 'application/x-bibtex'));
    await assert.rejects(
      fetchBibtex(doiRecord('10.1086/307221'), { http, settings }),
      (e: unknown) => e instanceof BibtexUnavailableError && /HTML\/XML page.*empty body/.test(e.message),
    );
  });

  it('tries the DataCite DOI, then arxiv.org/bibtex, for an arXiv paper without a DOI', async () => {
    const record: PaperRecord = { ...ARXIV_1710_08557, doi: undefined, publishedDoi: undefined };
    await assert.rejects(fetchBibtex(record, { http, settings }), BibtexUnavailableError);
    assert.deepEqual(paths(), ['doi /10.48550/arXiv.1710.08557', 'arxivBibtex /1710.08557']);
    assert.match(String(standIn.requests[1].headers.accept), /application\/x-bibtex/);

    // With a body at the arXiv endpoint (here the recorded journal BibTeX of the same work,
    // since no arxiv.org/bibtex response is recorded), its bytes are returned unchanged.
    standIn.handle('arxivBibtex', (_req, res: ServerResponse) => send(res, 200, bib(JNER), 'text/plain; charset=utf-8'));
    const result = await fetchBibtex(record, { http, settings });
    assert.equal(result.bibtex, bib(JNER));
    assert.equal(result.source, `${standIn.settings['sources.arxivBibtex.url']}/1710.08557`);
  });

  it('asks for a journal DOI before any arXiv endpoint, and nothing without identifiers', async () => {
    await fetchBibtex(ARXIV_1710_08557, { http, settings });
    assert.deepEqual(paths(), [
      'doi /10.1186/s12984-017-0305-3',
      'crossref /v1/works/10.1186%2Fs12984-017-0305-3/transform',
    ]);
    await assert.rejects(
      fetchBibtex({ id: 'x', source: 'biorxiv', title: 't', authors: [] }, { http, settings }),
      /neither a DOI nor an arXiv id/,
    );
    assert.equal(standIn.requests.length, 2);
  });

  it('propagates cancellation instead of reporting missing BibTeX', async () => {
    const controller = new AbortController();
    standIn.handle('doi', () => controller.abort()); // never answers; the abort ends the wait
    await assert.rejects(
      fetchBibtex(doiRecord('10.1126/science.169.3946.635'), { http, settings, signal: controller.signal }),
      (e: unknown) => isAbortError(e),
    );
    assert.equal(standIn.requests.filter((r) => r.service === 'crossref').length, 0);
  });

  it('attachBibtex rewrites only the key and keeps a candidate whose BibTeX failed', async () => {
    const [candidate] = dedupeRecords([{ record: ARXIV_1710_08557, queryIndex: 0, rank: 0 }]);
    const withBibtex = await attachBibtex(candidate, { http, settings }, 'authorYearWord');
    assert.equal(withBibtex.citeKey, 'valerocuevas2017neuromechanical');
    assert.equal(withBibtex.bibtex, bib(JNER).replace('{Valero_Cuevas_2017,', '{valerocuevas2017neuromechanical,'));
    assert.equal(withBibtex.bibtexSource, `${standIn.settings['sources.doi.url']}/10.1186/s12984-017-0305-3`);
    assert.equal(withBibtex.bibtexError, undefined);
    assert.equal((await attachBibtex(candidate, { http, settings }, 'authorYear')).citeKey, 'valerocuevas2017');

    const missing = { ...candidate, id: 'doi:10.1371/notarealdoi', doi: '10.1371/notarealdoi', arxivId: undefined };
    const kept = await attachBibtex(missing, { http, settings }, 'authorYearWord');
    assert.equal(kept.bibtex, undefined);
    assert.equal(kept.citeKey, undefined);
    assert.match(kept.bibtexError ?? '', /Resource not found/);
    assert.equal(kept.title, candidate.title);
  });
});

describe('assertBibtex', () => {
  it('accepts every recorded BibTeX body', () => {
    const files = readdirSync(fixturePath('bibtex')).filter((f) => f.endsWith('.bib'));
    assert.ok(files.length >= 6, `found ${files.length} .bib fixtures`);
    for (const file of files) assert.doesNotThrow(() => assertBibtex(bib(file)), file);
  });

  it('refuses empty bodies, HTML, JSON and truncated BibTeX', () => {
    const work = readFileSync(fixturePath('crossref', 'works_10.1038_srep16696_scirep.json'), 'utf8');
    const notFound = readFileSync(fixturePath('crossref', 'works_10.1371_notarealdoi_http404.txt'), 'utf8');
    for (const body of ['', '  \n', REDIRECT_PAGE, work, notFound, bib(FRANK).slice(0, 200), '@comment{only}']) {
      assert.throws(() => assertBibtex(body), NotBibtexError, JSON.stringify(body.slice(0, 40)));
    }
  });
});
