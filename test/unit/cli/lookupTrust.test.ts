// `citefinder lookup ID` carries the work's trust and version of record, as `find` does: the
// command run in process against the stand-in (the retracted Lancet record, test/fixtures/crossref).
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLookup } from '../../../src/cli/lookup';
import { resolveSettings } from '../../../src/core/settings';
import type { TrustSignal, VersionOfRecord } from '../../../src/core/types';
import { startStandIn, type StandIn } from '../../standin';

const LANCET = '10.1016/S0140-6736(97)11096-0';

interface LookupJson {
  work: { doi?: string; title: string; trust?: TrustSignal; versionOfRecord?: VersionOfRecord } | null;
}

describe('CLI lookup: trust and version of record', function () {
  this.timeout(20_000);
  let standIn: StandIn;
  let dir: string;
  before(async () => (standIn = await startStandIn()));
  after(() => standIn.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'citefinder-lookup-trust-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function lookup(args: string[], extra: Record<string, unknown> = {}) {
    let stdout = '';
    let stderr = '';
    const settings = resolveSettings({ ...standIn.settings, 'cache.dir': join(dir, 'cache'), 'sources.arxiv.intervalMs': 0, 'http.retries': 0, ...extra });
    const code = await runLookup(
      args,
      async () => settings,
      { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
      new AbortController().signal,
    );
    return { code, stdout, stderr };
  }

  it('says a retracted DOI was retracted, with the notice, who asserted it and when', async () => {
    const run = await lookup([LANCET, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const { work } = JSON.parse(run.stdout) as LookupJson;
    assert.equal(work?.doi, '10.1016/s0140-6736(97)11096-0');
    assert.equal(work?.trust?.status, 'retracted');
    assert.equal(work?.trust?.notice?.source, 'retraction-watch');
    assert.match(work?.trust?.notice?.doi ?? '', /^10\.1016\/s0140-6736\(10\)60175-/);
    assert.match(run.stderr, /!! RETRACTED/);
    const text = await lookup([LANCET]);
    assert.match(text.stdout, /^ {2}!! RETRACTED \d{4}-\d{2}-\d{2} \(retraction-watch\): https:\/\/doi\.org\/10\.1016\//m);
  });

  it('gives an arXiv preprint its version of record and a trust that says what was checked', async () => {
    const run = await lookup(['arXiv:astro-ph/9812133', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const { work } = JSON.parse(run.stdout) as LookupJson;
    assert.equal(work?.versionOfRecord?.doi, '10.1086/307221');
    assert.equal(work?.trust?.status, 'ok');
    assert.match(work?.trust?.reason ?? '', /checked Crossref/);
  });

  it('says "unknown" and why when Crossref cannot be asked, never "ok"', async () => {
    const run = await lookup(['arXiv:astro-ph/9812133', '--json'], { 'sources.crossref.url': 'http://127.0.0.1:9', 'cache.enabled': false });
    assert.equal(run.code, 0, run.stderr);
    const { work } = JSON.parse(run.stdout) as LookupJson;
    assert.equal(work?.trust?.status, 'unknown');
    assert.match(work?.trust?.reason ?? '', /Crossref did not answer/);
  });
});
