// `citefinder lookup` end to end: the real dist/cli.js against the stand-in services.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startStandIn, standInEnv, type StandIn } from '../standin';

const CLI = resolve(__dirname, '..', '..', '..', 'dist', 'cli.js');

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('CLI lookup against the stand-in services', function () {
  this.timeout(20_000);
  let standIn: StandIn;
  let cacheDir: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    standIn = await startStandIn();
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-lookup-'));
    env = { ...standInEnv(standIn), CITEFINDER_CACHE_DIR: cacheDir, CITEFINDER_SOURCES_ARXIV_INTERVALMS: '0', CITEFINDER_HTTP_RETRIES: '0' };
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('prints the work and the authority BibTeX of an arXiv link, its key rewritten', async () => {
    const run = await runCli(['lookup', 'https://arxiv.org/abs/astro-ph/9812133v1', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { id: string; work: { arxivId: string; title: string }; bibtex: string; citeKey: string };
    assert.equal(out.id, 'arXiv:astro-ph/9812133v1');
    assert.equal(out.work.arxivId, 'astro-ph/9812133');
    assert.match(out.work.title, /42 High-Redshift Supernovae/);
    assert.ok(out.bibtex.trim().startsWith(`@article{${out.citeKey},`), 'the journal version\'s BibTeX (doi.org), only the key rewritten');
    assert.match(out.bibtex, /10\.1086\/307221/i);
  });
  it('reads a DOI through Crossref and prints a readable form without --json', async () => {
    const run = await runCli(['lookup', 'doi:10.1186/s12984-017-0305-3'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /@article\{/);
  });
  it('says plainly when a well-formed identifier names no work (exit 0, work null)', async () => {
    const run = await runCli(['lookup', '10.1371/notarealdoi', '--json'], env);
    assert.equal(run.code, 0);
    assert.deepEqual(JSON.parse(run.stdout), { id: '10.1371/notarealdoi', work: null, bibtex: null, citeKey: null });
    assert.match(run.stderr, /Crossref has no work with DOI 10\.1371\/notarealdoi/);
  });
  it('refuses text that is no identifier (exit 2) and names a service that failed (exit 1)', async () => {
    const bad = await runCli(['lookup', 'Perlmutter et al. 1999'], env);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /is not a DOI, an arXiv id/);
    const down = await runCli(['lookup', '10.1086/307221'], { ...env, CITEFINDER_SOURCES_CROSSREF_URL: 'http://127.0.0.1:9' });
    assert.equal(down.code, 1);
    assert.match(down.stderr, /Crossref|127\.0\.0\.1/);
  });
});
