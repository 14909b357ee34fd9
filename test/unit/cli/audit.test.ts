// `citefinder audit` end to end: the real dist/cli.js on the audit fixture project against the
// stand-in services: the JSON contract, the cached second run, bad input and Ctrl-C.
import { strict as assert } from 'node:assert';
import { cpSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StandIn } from '../../standin';
import { type CliStandIn, runCli, startCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';
import { fixturePath, SERVICE_PREFIX, type StandInService } from '../../standin/server';



interface AuditJson {
  citations: {
    file: string;
    line: number;
    column: number;
    key: string;
    sentence: string;
    status: string;
    score: number | null;
    best: { text: string; section: string; score: number; reason?: string } | null;
    work: { title: string; doi?: string; arxivId?: string; url?: string } | null;
  }[];
  summary: Record<string, number>;
}

describe('CLI audit against the stand-in services', function () {
  this.timeout(30_000);
  let standIn: StandIn;
  let dir: string;
  let env: Record<string, string>;
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-cliaudit-', { CITEFINDER_GROBID_ENABLED: 'false' });
    ({ standIn, dir, env } = cli);
    for (const name of readdirSync(fixturePath('audit'))) cpSync(fixturePath('audit', name), join(dir, name));
  });
  afterEach(() => stopCliStandIn(cli));

  it('prints every citation with root-relative paths and 1-based positions; a second run asks nothing', async () => {
    const first = await runCli(['audit', join(dir, 'main.tex'), '--json'], env);
    assert.equal(first.code, 0, first.stderr);
    const out = JSON.parse(first.stdout) as AuditJson;
    const intro = out.citations.find((c) => c.file === 'intro.tex' && c.status === 'supported')!;
    assert.deepEqual([intro.line, intro.column, intro.key], [2, 119, 'perlmutter1999']);
    assert.match(intro.sentence, /^The analysis of 42 Type Ia supernovae shows/);
    assert.equal(intro.work?.arxivId, 'astro-ph/9812133');
    assert.ok(intro.best && intro.best.score >= 0.47);
    assert.match(intro.best.reason ?? '', /^matches: .*supernovae/i);
    assert.deepEqual(out.summary, { supported: 3, weak: 0, unsupported: 2, unresolved: 1, missing: 1, unavailable: 0, unscored: 0 });
    const asked = standIn.requests.length;
    const second = await runCli(['audit', join(dir, 'main.tex'), '--json'], env);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(standIn.requests.length, asked, 'the second run is answered from the audit cache');
    assert.deepEqual((JSON.parse(second.stdout) as AuditJson).summary, out.summary);
  });

  it('prints a readable list without --json', async () => {
    const run = await runCli(['audit', join(dir, 'main.tex'), '--file-only'], env);
    assert.equal(run.code, 0, run.stderr);
    // The status once, in its column: it read "supported   tosatto2015: Supported: its abstract …".
    assert.match(run.stdout, /^main\.tex:7:\d+: supported +tosatto2015: its abstract \(no open full text\) says so/m);
    // The passage the status was read from is shown under it, with the words that matched.
    assert.match(run.stdout, /says so[^\n]*\n {4}> \[0\.\d\d\] Abstract: Oligomers of alpha-synuclein[^\n]*…\n {6}matches: [^\n]*FRET/);
    assert.match(run.stdout, /missing +nosuchkey: "nosuchkey" is in no \.bib file of the project\./);
    assert.doesNotMatch(run.stdout, /intro\.tex/);
  });

  it('exits 2 on a missing file or a file that is not LaTeX, and 130 on Ctrl-C', async () => {
    assert.equal((await runCli(['audit', join(dir, 'nope.tex')], env)).code, 2);
    writeFileSync(join(dir, 'notes.txt'), 'just words\n');
    const plain = await runCli(['audit', join(dir, 'notes.txt')], env);
    assert.equal(plain.code, 2);
    assert.match(plain.stderr, /does not look like LaTeX/);
    // Every service holds its answers until Ctrl-C, and no timeout or deadline ends the audit first.
    for (const service of Object.keys(SERVICE_PREFIX) as StandInService[]) standIn.setLatency(service, 60_000);
    const cli = startCli(['audit', join(dir, 'main.tex')], { ...env, CITEFINDER_HTTP_TIMEOUTMS: '120000', CITEFINDER_RUN_DEADLINEMS: '300000' });
    // Ctrl-C once the audit is under way (it has announced its citations), however busy the machine.
    await cli.printed(/• 7 citations to check\n/);
    cli.child.kill('SIGINT');
    const code = await cli.exited;
    const { stderr } = cli.output();
    assert.equal(code, 130, stderr);
  });
});
