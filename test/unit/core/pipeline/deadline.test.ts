// The whole-run deadline (run.deadlineMs) is not a cancellation: the run returns what it found,
// every candidate scored (on its abstract where its paper was not read yet), with a warning, and
// the CLI exits 0; a user's cancel still rejects (exit 130). A hung LLM gets a share of the
// deadline, never all of it, so the search still runs.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, standInEnv, type StandIn } from '../../../standin';
import { installGrobid } from '../../../standin/grobid';
import { injectFault, type InjectedFault } from '../../../standin/faults';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { resetGrobidState } from '../../../../src/core/fulltext';
import { resolveSettings } from '../../../../src/core/settings/index';
import { isAbortError } from '../../../../src/core/net/types';
import type { FindResult } from '../../../../src/core/types';
import { CLI } from '../../../helpers/paths';

const MORTALITY = 'Machine learning models can predict in-hospital mortality from electronic health records.';
const SUPERNOVA = 'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.';

describe('whole-run deadline', function () {
  this.timeout(60_000); // whole runs and a CLI process: slow, not racy, on a loaded machine
  let standIn: StandIn;
  let cacheDir: string;
  let fault: InjectedFault | undefined;

  beforeEach(async () => {
    standIn = await startStandIn({ anyPreprintPdf: true });
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-deadline-'));
    resetGrobidState();
  });
  afterEach(async () => {
    fault?.release();
    fault = undefined;
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const settingsFor = (values: Record<string, unknown>) =>
    resolveSettings({ ...standIn.settings, 'cache.dir': cacheDir, 'sources.arxiv.intervalMs': 0, 'grobid.enabled': false, ...values });

  it('returns what it has when the deadline passes while GROBID reads the papers', async () => {
    installGrobid(standIn).setMode('slow', { slowMs: 60_000 });
    // Long enough for the search on a loaded machine; GROBID (60 s a paper) cannot make it.
    const settings = settingsFor({ 'grobid.enabled': true, 'fulltext.topK': 2, 'run.deadlineMs': 6000, 'http.timeoutMs': 30_000 });
    const result = await createPipeline({ settings, llm: null }).find({ selection: MORTALITY });
    assert.ok(result.candidates.length > 0);
    assert.ok(result.candidates.every((c) => typeof c.score === 'number'), 'every candidate scored');
    const stopped = result.warnings.find((w) => w.startsWith('The search stopped at its deadline of 6000 ms (run.deadlineMs)'));
    assert.ok(stopped, result.warnings.join(' | '));
    assert.match(stopped, /scored on the abstract only/);
    assert.ok(result.candidates.every((c) => c.fulltext === 'abstract'), 'no paper was read before the deadline');
    assert.ok(result.candidates.every((c) => c.bibtex || c.bibtexError), 'each says whether it has BibTeX');
  });

  it('still rejects with an AbortError when the user cancels', async () => {
    installGrobid(standIn).setMode('slow', { slowMs: 60_000 });
    // Cancelled while a paper is at GROBID, which holds it: the moment the upload arrives, not a time after.
    const controller = new AbortController();
    const grobid = standIn.handlerOf('grobid')!;
    standIn.handle('grobid', (req, res) => {
      if (req.path === '/api/processFulltextDocument') controller.abort();
      return grobid(req, res);
    });
    const settings = settingsFor({ 'grobid.enabled': true, 'fulltext.topK': 2, 'run.deadlineMs': 60_000 });
    const pending = createPipeline({ settings, llm: null }).find({ selection: MORTALITY }, undefined, controller.signal);
    await assert.rejects(pending, (error: unknown) => isAbortError(error));
  });

  it('gives a hung LLM a share of the deadline, so the search still runs', async () => {
    fault = injectFault(standIn, 'openai', 'hang');
    const settings = settingsFor({ 'llm.model': 'stand-in-model', 'llm.timeoutMs': 600_000, 'run.deadlineMs': 10_000, 'fulltext.enabled': false });
    const result = await createPipeline({ settings }).find({ selection: SUPERNOVA });
    assert.equal(result.routing.by, 'heuristic');
    assert.ok(result.warnings.some((w) => /The LLM at .* did not answer within 4000 ms/.test(w)), result.warnings.join(' | '));
    assert.ok(result.candidates.some((c) => c.arxivId === 'astro-ph/9812133'), 'the search ran after the LLM was given up');
    assert.ok(!result.warnings.some((w) => /deadline/.test(w)), 'finished before the deadline');
  });

  it('exits 0 from the CLI at the deadline, with the warning', async () => {
    installGrobid(standIn).setMode('slow', { slowMs: 60_000 });
    const env = { ...standInEnv(standIn), PATH: process.env.PATH ?? '', HOME: cacheDir, CITEFINDER_CACHE_DIR: cacheDir,
      CITEFINDER_SOURCES_ARXIV_INTERVALMS: '0', CITEFINDER_FULLTEXT_TOPK: '2', CITEFINDER_RUN_DEADLINEMS: '1500', CITEFINDER_HTTP_TIMEOUTMS: '30000' };
    const run = await new Promise<{ code: number; stdout: string }>((done) =>
      execFile(process.execPath, [CLI, 'find', '--claim', MORTALITY, '--json'], { env, maxBuffer: 1 << 24 },
        (error, stdout) => done({ code: error ? Number(error.code ?? 1) : 0, stdout })));
    assert.equal(run.code, 0);
    const result = JSON.parse(run.stdout) as FindResult;
    assert.ok(result.warnings.some((w) => w.includes('(run.deadlineMs)')));
    assert.ok(result.candidates.length > 0);
  });
});
