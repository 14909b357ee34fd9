// The audit asks Crossref for many DOIs' records in one request (`/works?filter=doi:…,doi:…`):
// Crossref's public pool takes one request at a time, and an audit's record and trust lookups
// queued one after another for seconds. Each caller still reads its record as `/works/{doi}`
// answers it, and a re-run reads the trust it found from the audit cache.
import assert from 'node:assert/strict';
import { access, readFile } from 'node:fs/promises';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../../../standin';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings';
import { AuditCache, auditProject, type AuditDeps } from '../../../../src/core/audit';
import { CrossrefBatchClient } from '../../../../src/core/sources/crossrefBatch';
import { NotCachedError, type HttpClient } from '../../../../src/core/net/types';
import { storingBehind } from '../../../../src/core/net/storingBehind';
import { fetchCrossrefWork } from '../../../../src/core/sources/crossref';

describe('audit: Crossref records of many DOIs in one request', function () {
  this.timeout(30_000);
  let standIn: StandIn;
  let settings: Settings;
  let deps: AuditDeps;
  let dir: string;
  const crossref = () => standIn.requests.filter((r) => r.service === 'crossref');
  beforeEach(async () => {
    standIn = await startStandIn();
    settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'sources.arxiv.intervalMs': 0, 'cache.enabled': false, 'grobid.enabled': false });
    deps = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }), llm: null };
    dir = mkdtempSync(join(tmpdir(), 'citefinder-crossref-batch-'));
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the lookups of one tick from one list request, a DOI it lacks as not found', async () => {
    const batched = { ...deps, http: new CrossrefBatchClient(deps.http, settings) };
    const [plos, lancet, none] = await Promise.all(
      ['10.1371/journal.pone.0033693', '10.1016/S0140-6736(97)11096-0', '10.1086/999999'].map((doi) => fetchCrossrefWork(doi, batched)),
    );
    assert.equal(plos?.doi, '10.1371/journal.pone.0033693');
    assert.match(lancet?.title ?? '', /Ileal-lymphoid-nodular hyperplasia/);
    assert.equal(none, undefined);
    assert.deepEqual(crossref().map((r) => decodeURIComponent(r.url)), [
      '/crossref/works?filter=doi:10.1371/journal.pone.0033693,doi:10.1016/s0140-6736(97)11096-0,doi:10.1086/999999&rows=3',
    ]);
    assert.equal((await fetchCrossrefWork('10.1371/journal.pone.0033693', batched))?.doi, '10.1371/journal.pone.0033693');
    assert.equal(crossref().length, 1, 'a DOI a list answered is not asked again');
    await fetchCrossrefWork('10.1038/srep16696', batched);
    assert.equal(decodeURIComponent(crossref()[1]!.url), '/crossref/works/10.1038/srep16696', 'one DOI alone is asked as before');
  });

  it('reads each DOI alone when the list answer is a page, and never keeps that page', async () => {
    const cacheDir = join(dir, 'cache');
    const cached = createHttpClient(resolveSettings({ ...settings, 'cache.enabled': true }), { cacheDir, pacing: new PacingRegistry(), backoffMs: 1 });
    const real = standIn.handlerOf('crossref')!;
    let pages = 1;
    standIn.handle('crossref', (req, res) => {
      if (!req.url.searchParams.has('filter') || pages-- <= 0) return real(req, res);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><html><body>Down for maintenance</body></html>');
    });
    const dois = ['10.1371/journal.pone.0033693', '10.1038/srep16696'];
    const ask = () => {
      const batched = { ...deps, http: new CrossrefBatchClient(cached, settings) };
      return Promise.all(dois.map((doi) => fetchCrossrefWork(doi, batched)));
    };
    assert.deepEqual((await ask()).map((w) => w?.doi), dois, 'each read alone after the page');
    assert.deepEqual(crossref().map((r) => r.url.includes('filter=')), [true, false, false]);
    const listUrl = crossref()[0]!.url;
    await ask();
    assert.equal(crossref().length, 3, "asked again, each DOI is read from its own cached answer");
    await assert.rejects(
      cached.request({ service: 'crossref', url: `${standIn.url}${listUrl}`, accept: 'application/json', cacheOnly: true }),
      (e: unknown) => e instanceof NotCachedError,
      'the page was not kept',
    );
  });

  it('asks Crossref once for an audit\'s DOI entries, and a re-run after an edit asks nothing', async () => {
    writeFileSync(join(dir, 'refs.bib'), [
      '@article{plos, title = {Methylphenidate}, doi = {10.1371/journal.pone.0033693}}',
      '@article{lancet, title = {Ileal-lymphoid-nodular hyperplasia}, doi = {10.1016/S0140-6736(97)11096-0}}',
      '@article{ieee, title = {Accurate explicit differentiation}, doi = {10.1109/icdcsw.2003.1203662}}',
    ].join('\n'));
    const tex = join(dir, 'main.tex');
    const write = (first: string) => writeFileSync(tex, `\\documentclass{article}\n\\begin{document}\n${first} \\cite{plos}.\n`
      + 'A bowel disease was linked to a disorder \\cite{lancet}.\nWireless sensors differentiate \\cite{ieee}.\n\\bibliography{refs}\n\\end{document}\n');
    write('Methylphenidate exposure induces dopamine changes');
    const input = { file: tex, scope: 'file' as const, files: { read: (f: string) => readFile(f, 'utf8').catch(() => undefined), list: async () => [tex] },
      exists: (f: string) => access(f).then(() => true, () => false) };
    const cache = new AuditCache();
    const first = await auditProject(input, { ...deps, cache });
    assert.equal(first.findings[1]!.trust?.status, 'retracted');
    const lists = crossref().filter((r) => r.url.includes('filter=doi'));
    assert.equal(lists.length, 1, crossref().map((r) => r.url).join('\n'));
    assert.equal(crossref().length, 1, 'the entries\' trust read the records the list gave');
    write('Methylphenidate exposure changes dopamine');
    const before = standIn.requests.length;
    const edited = await auditProject(input, { ...deps, cache: AuditCache.fromJSON(JSON.parse(JSON.stringify(cache))) });
    assert.equal(edited.findings[0]!.cached, undefined, 'the edited sentence was checked again');
    assert.deepEqual(standIn.requests.slice(before).map((r) => r.url), [], 'its work and its trust came from the audit cache');
  });

  it('answers a run\'s lookups before their records are written, when the run waits for its writes at its end', async () => {
    // The records' writes wait until the lookups are answered: a lookup that waited for its
    // write would never be answered (the test then times out).
    let answered!: () => void;
    const lookupsAnswered = new Promise<void>((resolve) => (answered = resolve));
    const kept: string[] = [];
    let bothKept!: () => void;
    const written = new Promise<void>((resolve) => (bothKept = resolve));
    const inner: HttpClient = {
      request: (request) => deps.http.request(request),
      remember: async (request) => {
        await lookupsAnswered;
        if (kept.push(request.url) === 2) bothKept();
      },
    };
    const batched = { ...deps, http: storingBehind(new CrossrefBatchClient(inner, settings)) };
    const dois = ['10.1371/journal.pone.0033693', '10.1038/srep16696'];
    const works = await Promise.all(dois.map((doi) => fetchCrossrefWork(doi, batched)));
    assert.deepEqual(works.map((w) => w?.doi), dois);
    assert.deepEqual(kept, [], 'answered before any record was written');
    answered();
    await written;
    assert.equal(crossref().length, 1, 'one list');
  });
});

