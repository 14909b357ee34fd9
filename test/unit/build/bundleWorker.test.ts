// The parse worker as the extension ships it: dist/heavy.js and dist/parseWorker.js copied alone
// into a folder laid out like the installed .vsix (dist/ beside node_modules/), then a whole run
// of the pipeline from that heavy.js reads a preprint's PDF with pdfjs in the worker. Without
// parseWorker.js beside heavy.js the paper falls back to its abstract, and the test sees it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../../standin';
import { resolveSettings } from '../../../src/core/settings/index';
import type { FindResult } from '../../../src/core/types';
import { REPO_ROOT as ROOT } from '../../helpers/paths';

const CLAIM = 'Machine learning models can predict in-hospital mortality from electronic health records.';

/** Runs createPipeline().find() from `<dir>/dist/heavy.js` in a fresh Node process. */
function findWith(dir: string, settings: unknown): Promise<FindResult> {
  const script = `
    const heavy = require(${JSON.stringify(join(dir, 'dist', 'heavy.js'))});
    const settings = JSON.parse(process.env.SETTINGS);
    heavy.createPipeline({ settings, llm: null }).find({ selection: ${JSON.stringify(CLAIM)} })
      .then((result) => process.stdout.write(JSON.stringify(result)), (error) => { console.error(error); process.exit(1); });`;
  return new Promise((done, fail) => {
    execFile(process.execPath, ['-e', script], { env: { PATH: process.env.PATH ?? '', HOME: dir, SETTINGS: JSON.stringify(settings) }, maxBuffer: 1 << 26 },
      (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stderr}`)) : done(JSON.parse(stdout) as FindResult)));
  });
}

describe('parse worker in the packaged extension', function () {
  this.timeout(60_000); // two whole runs in fresh processes: slow, not racy, on a loaded machine
  let standIn: StandIn;
  let dir: string;

  before(async () => {
    assert.ok(existsSync(join(ROOT, 'dist', 'parseWorker.js')), 'npm run build writes dist/parseWorker.js');
    standIn = await startStandIn({ anyPreprintPdf: true });
    dir = mkdtempSync(join(tmpdir(), 'citefinder-vsix-layout-'));
    mkdirSync(join(dir, 'dist'));
    copyFileSync(join(ROOT, 'dist', 'heavy.js'), join(dir, 'dist', 'heavy.js'));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  });
  after(async () => {
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const settings = () =>
    resolveSettings({ ...standIn.settings, 'cache.dir': join(dir, 'cache'), 'grobid.enabled': false, 'fulltext.topK': 1, 'sources.arxiv.intervalMs': 0 });

  it('reads PDFs from dist/heavy.js through dist/parseWorker.js beside it', async () => {
    const without = await findWith(dir, settings());
    assert.ok(!without.candidates.some((c) => c.fulltext === 'pdfjs'), 'no worker file, no full text');
    assert.ok(without.warnings.some((w) => /parseWorker\.js\) is missing/.test(w)), without.warnings.join(' | '));

    copyFileSync(join(ROOT, 'dist', 'parseWorker.js'), join(dir, 'dist', 'parseWorker.js'));
    rmSync(join(dir, 'cache'), { recursive: true, force: true });
    const result = await findWith(dir, settings());
    assert.ok(result.candidates.some((c) => c.fulltext === 'pdfjs'), result.warnings.join(' | '));
  });
});
