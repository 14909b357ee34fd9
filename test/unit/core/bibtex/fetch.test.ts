import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fixturePath, send, startStandInServer, type StandIn } from '../../../standin/server';
import { installDoi } from '../../../standin/doi';
import { installCrossref } from '../../../standin/crossref';
import { installArxivBibtex } from '../../../standin/arxivBibtex';
import { installDatacite } from '../../../standin/datacite';
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
import { CrossrefBatchClient } from '../../../../src/core/sources/crossrefBatch';
import { fetchCrossrefWork } from '../../../../src/core/sources/crossref';
import type { PaperRecord } from '../../../../src/core/types';
import { ARXIV_1710_08557 } from '../../../helpers/paperRecords';
import { resetRegistrationAgencies } from '../../../../src/core/bibtex/agency';

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
    standIn = await startStandInServer([installDoi, installCrossref, installArxivBibtex, installDatacite]);
    settings = resolveSettings({ ...standIn.settings, 'http.retries': 2 });
    http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
    resetRegistrationAgencies();
  });
  afterEach(() => standIn.close());

  // The BibTeX requests, the prefixes' agency lookups (doi.org's /ra/, agency.test.ts) aside.
  const asked = () => standIn.requests.filter((r) => !(r.service === 'doi' && r.path.startsWith('/ra/')));
  const paths = () => asked().map((r) => `${r.service} ${r.url.replace(/^\/[a-z-]+/, '')}`);

  it('follows the doi.org redirect to Crossref with Accept: application/x-bibtex on every hop', async () => {
    // Without a Crossref endpoint of its own, a Crossref DOI goes through doi.org.
    const viaDoiOrg = resolveSettings({ ...settings, 'sources.crossref.url': '' });
    const result = await fetchBibtex(doiRecord('10.1126/science.169.3946.635'), { http, settings: viaDoiOrg });
    assert.equal(result.bibtex, bib(FRANK));
    assert.equal(result.source, `${standIn.settings['sources.doi.url']}/10.1126/science.169.3946.635`);
    assert.deepEqual(paths(), [
      'doi /10.1126/science.169.3946.635',
      'crossref /v1/works/10.1126%2Fscience.169.3946.635/transform',
    ]);
    for (const request of asked()) {
      assert.equal(request.headers.accept, 'application/x-bibtex');
      assert.match(String(request.headers['user-agent']), /^citefinder\//);
    }
  });

  it('prefers the published version’s DOI over the preprint’s', async () => {
    const preprint = doiRecord('10.1101/2024.04.01.587366', { publishedDoi: '10.1016/j.xgen.2025.100814' });
    const result = await fetchBibtex(preprint, { http, settings });
    assert.equal(result.bibtex, bib('crossref-transform_10.1016_j.xgen.2025.100814_cell-genomics.bib'));
    assert.ok(asked().every((r) => r.url.includes('xgen')));
  });

  it('asks Crossref directly for a Crossref DOI, and falls back to doi.org when Crossref cannot give BibTeX', async () => {
    const direct = await fetchBibtex(doiRecord('10.1186/S12984-017-0305-3'), { http, settings });
    assert.equal(direct.bibtex, bib(JNER));
    assert.equal(
      direct.source,
      `${standIn.settings['sources.crossref.url']}/works/10.1186/s12984-017-0305-3/transform/application/x-bibtex`,
    );
    assert.deepEqual(paths(), ['crossref /works/10.1186/s12984-017-0305-3/transform/application/x-bibtex']);

    standIn.requests.length = 0;
    standIn.failNext('crossref', [406]);
    const fallback = await fetchBibtex(doiRecord('10.1186/S12984-017-0305-3'), { http, settings });
    assert.equal(fallback.bibtex, bib(JNER));
    assert.equal(fallback.source, `${standIn.settings['sources.doi.url']}/10.1186/s12984-017-0305-3`);
    assert.deepEqual(paths(), [
      'crossref /works/10.1186/s12984-017-0305-3/transform/application/x-bibtex',
      'doi /10.1186/s12984-017-0305-3',
      'crossref /v1/works/10.1186%2Fs12984-017-0305-3/transform',
    ]);
  });

  it('retries a 503 from Crossref before falling back', async () => {
    standIn.failNext('crossref', [503]);
    const result = await fetchBibtex(doiRecord('10.1126/science.169.3946.635'), { http, settings });
    assert.equal(result.bibtex, bib(FRANK));
    assert.equal(asked().filter((r) => r.service === 'crossref').length, 2);
    assert.equal(asked().filter((r) => r.service === 'doi').length, 0);
  });

  it('gives a clear error after the real 404, asking nobody else about a DOI its agency does not know', async () => {
    const error = await fetchBibtex(doiRecord('10.1371/notarealdoi'), { http, settings }).then(
      () => assert.fail('expected an error'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof BibtexUnavailableError);
    assert.equal(error.attempts.length, 1);
    assert.match(error.message, /^No BibTeX for doi:10\.1371\/notarealdoi: /);
    assert.match(error.message, /HTTP 404: Resource not found\./);
    assert.deepEqual(paths(), ['crossref /works/10.1371/notarealdoi/transform/application/x-bibtex']);
  });

  it('spends no Crossref turn on a transform of a DOI the run\'s list of records says Crossref lacks', async () => {
    // A preprint whose journal DOI Crossref does not hold: the records of both DOIs come in one
    // list (as the trust stage asks them), and only the preprint's BibTeX is asked after it.
    const records = { http: new CrossrefBatchClient(http, settings), settings };
    const crossrefHolds = async (doi: string) => (await fetchCrossrefWork(doi, records)) !== undefined;
    const preprint = doiRecord('10.1101/2024.04.01.587366', { publishedDoi: '10.1038/nature99999' });
    const result = await fetchBibtex(preprint, { http, settings }, { crossrefHolds });
    assert.equal(result.bibtex, bib('crossref-transform_10.1101_2024.04.01.587366_biorxiv-preprint.bib'));
    assert.deepEqual(paths().map(decodeURIComponent), [
      'crossref /works?filter=doi:10.1038/nature99999,doi:10.1101/2024.04.01.587366&rows=2',
      'crossref /works/10.1101/2024.04.01.587366/transform/application/x-bibtex',
    ]);
    // Without the list, the same lookup asks the journal DOI's transform first and gets its 404.
    standIn.requests.length = 0;
    await fetchBibtex(preprint, { http, settings });
    assert.deepEqual(paths().map(decodeURIComponent), [
      'crossref /works/10.1038/nature99999/transform/application/x-bibtex',
      'crossref /works/10.1101/2024.04.01.587366/transform/application/x-bibtex',
    ]);
  });

  it('says which authority lacks the DOI when the list of records alone answered for it', async () => {
    const records = { http: new CrossrefBatchClient(http, settings), settings };
    const crossrefHolds = async (doi: string) => (await fetchCrossrefWork(doi, records)) !== undefined;
    const error = await fetchBibtex(doiRecord('10.1371/notarealdoi'), { http, settings }, { crossrefHolds }).then(
      () => assert.fail('expected an error'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof BibtexUnavailableError);
    assert.equal(error.words, 'Crossref and doi.org do not know this DOI');
    assert.deepEqual(paths(), ['crossref /works/10.1371/notarealdoi']);
  });

  it('asks doi.org first for a DOI of an unknown agency, and Crossref nothing after doi.org’s 404', async () => {
    await assert.rejects(fetchBibtex(doiRecord('10.99999/notarealdoi'), { http, settings }), BibtexUnavailableError);
    assert.deepEqual(paths(), ['doi /10.99999/notarealdoi']);
  });

  it('rejects an HTML page served as 200 and takes the next authority', async () => {
    // Crossref's direct transform answers with a page; doi.org's redirect (to /v1/works) still works.
    const crossref = standIn.handlerOf('crossref')!;
    standIn.handle('crossref', (req, res: ServerResponse) =>
      req.path.startsWith('/works/') ? send(res, 200, REDIRECT_PAGE, 'text/html;charset=utf-8') : crossref(req, res));
    const result = await fetchBibtex(doiRecord('10.1086/307221'), { http, settings });
    // doi.org's real answer (Crossref's), its mangled maths repaired in the title only (latexHealth.ts).
    assert.equal(result.bibtex, bib('doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib').replace('$\\{upOmega}$ and $\\{upLambda}$', '$\\Omega$ and $\\Lambda$'));
    assert.match(result.note ?? '', /title had maths mangled/);
    assert.equal(result.source, `${standIn.settings['sources.doi.url']}/10.1086/307221`);

    standIn.handle('doi', (_req, res: ServerResponse) => send(res, 200, '', 'application/x-bibtex'));
    await assert.rejects(
      fetchBibtex(doiRecord('10.1086/307221'), { http, settings }),
      (e: unknown) => e instanceof BibtexUnavailableError && /HTML\/XML page.*empty body/.test(e.message),
    );
  });

  it('tries the DataCite DOI, then arxiv.org/bibtex, for an arXiv paper without a DOI', async () => {
    const record: PaperRecord = { ...ARXIV_1710_08557, doi: undefined, publishedDoi: undefined };
    // DataCite's 404 settles it: arXiv registers a DOI for every paper it announces.
    await assert.rejects(fetchBibtex(record, { http, settings }), BibtexUnavailableError);
    assert.deepEqual(paths(), ['datacite /dois/10.48550/arXiv.1710.08557']);
    // DataCite and doi.org down: arxiv.org/bibtex is the last authority.
    standIn.requests.length = 0;
    standIn.failNext('datacite', [500, 500, 500]);
    standIn.failNext('doi', [500, 500, 500]);
    await assert.rejects(fetchBibtex(record, { http, settings }), BibtexUnavailableError);
    assert.deepEqual(paths().at(-1), 'arxivBibtex /1710.08557');
    assert.match(String(asked().at(-1)!.headers.accept), /application\/x-bibtex/);
    standIn.failNext('datacite', [500, 500, 500]);
    standIn.failNext('doi', [500, 500, 500]);

    // With a body at the arXiv endpoint (here the recorded journal BibTeX of the same work,
    // since no arxiv.org/bibtex response is recorded), its bytes are returned unchanged.
    standIn.handle('arxivBibtex', (_req, res: ServerResponse) => send(res, 200, bib(JNER), 'text/plain; charset=utf-8'));
    const result = await fetchBibtex(record, { http, settings });
    assert.equal(result.bibtex, bib(JNER));
    assert.equal(result.source, `${standIn.settings['sources.arxivBibtex.url']}/1710.08557`);
  });

  it('asks for a journal DOI before any arXiv endpoint, and nothing without identifiers', async () => {
    await fetchBibtex(ARXIV_1710_08557, { http, settings });
    assert.deepEqual(paths(), ['crossref /works/10.1186/s12984-017-0305-3/transform/application/x-bibtex']);
    await assert.rejects(
      fetchBibtex({ id: 'x', source: 'biorxiv', title: 't', authors: [] }, { http, settings }),
      /neither a DOI nor an arXiv id/,
    );
    assert.equal(asked().length, 1);
  });

  it('propagates cancellation instead of reporting missing BibTeX', async () => {
    const controller = new AbortController();
    standIn.handle('crossref', () => controller.abort()); // never answers; the abort ends the wait
    await assert.rejects(
      fetchBibtex(doiRecord('10.1126/science.169.3946.635'), { http, settings, signal: controller.signal }),
      (e: unknown) => isAbortError(e),
    );
    assert.equal(asked().filter((r) => r.service === 'doi').length, 0);
  });

  it('attachBibtex rewrites only the key and keeps a candidate whose BibTeX failed', async () => {
    const [candidate] = dedupeRecords([{ record: ARXIV_1710_08557, queryIndex: 0, rank: 0 }]);
    const withBibtex = await attachBibtex(candidate, { http, settings }, 'authorYearWord');
    assert.equal(withBibtex.citeKey, 'valerocuevas2017neuromechanical');
    assert.equal(withBibtex.bibtex, bib(JNER).replace('{Valero_Cuevas_2017,', '{valerocuevas2017neuromechanical,'));
    assert.equal(withBibtex.bibtexSource, `${standIn.settings['sources.crossref.url']}/works/10.1186/s12984-017-0305-3/transform/application/x-bibtex`);
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
