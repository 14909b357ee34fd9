// The real dist/cli.js on what a user's run meets: a reader that closes the pipe early (`| head`),
// a .bib with a syntax error halfway, and Ctrl-C while `bib check --write` waits for the authorities.
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CliStandIn, runCli, startCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';
import { fixturePath, SERVICE_PREFIX, type StandInService } from '../../standin/server';

/** The fixture's brace-broken entry, made a syntax error the brace count cannot see: a comma lost on its line 2. */
function bibWithCommaLost(): string {
  const text = readFileSync(fixturePath('bibcheck', 'user.bib'), 'utf8');
  const broken = '@article{broken,\n  title = {A brace that never closes,\n  year = {2020}\n';
  assert.ok(text.includes(broken), 'the fixture still has its broken entry');
  return text.replace(broken, '@article{broken,\n  title = {A comma lost} year = {2020},\n}\n');
}

describe('CLI runs a user cuts short or feeds broken input', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine

  it('a reader that closes the pipe (`--json | head`) ends the run quietly: exit 0, no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citefinder-epipe-'));
    try {
      // Enough sentences that the JSON is far more than a pipe holds.
      const sentences = Array.from({ length: 1500 }, (_, i) => `Sentence ${i} shows that the expansion of the universe accelerates in model ${i}.`);
      writeFileSync(join(dir, 'main.tex'), `\\documentclass{article}\n\\begin{document}\n${sentences.join('\n')}\n\\end{document}\n`);
      const cli = startCli(['coverage', join(dir, 'main.tex'), '--json'], { CITEFINDER_CACHE_DIR: join(dir, '.cache') });
      // The reader is gone before the CLI writes a byte: its first write meets EPIPE.
      cli.child.stdout!.destroy();
      const code = await cli.exited;
      const { stderr } = cli.output();
      assert.equal(code, 0, stderr);
      assert.doesNotMatch(stderr, /EPIPE|Unhandled|node:events|\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a .tex whose first paragraph never parses (`\\section{Intro` left open) says so at its line, not "0 of 0 sentences" alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citefinder-unparsed-'));
    try {
      const lines = [
        '\\documentclass{article}',
        '\\begin{document}',
        '\\section{Introduction',
        'Observations of distant supernovae indicate that the expansion of the universe is accelerating.',
        '\\end{document}',
      ];
      writeFileSync(join(dir, 'main.tex'), lines.join('\n') + '\n');
      const run = await runCli(['coverage', join(dir, 'main.tex')], { CITEFINDER_CACHE_DIR: join(dir, '.cache') });
      assert.equal(run.code, 0, run.stderr);
      // Before: nothing on stderr but the progress, the preamble's skip having swallowed the paragraph.
      assert.match(run.stderr, /main\.tex:3: this paragraph could not be read as LaTeX; its sentences are left out\./);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refs check of a file named .pdf that is no PDF names the file, in one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citefinder-not-pdf-'));
    try {
      // The bytes of a LaTeX source saved under a .pdf name: no PDF header, nothing pdfjs can read.
      writeFileSync(join(dir, 'paper.pdf'), '\\documentclass{article}\n\\begin{document}\nNot a PDF.\n\\end{document}\n');
      const run = await runCli(['refs', 'check', join(dir, 'paper.pdf')], { CITEFINDER_CACHE_DIR: join(dir, '.cache') });
      assert.equal(run.code, 2, run.stderr);
      // It said "citefinder: the PDF could not be read (…)", naming no file.
      assert.match(run.stderr, /^citefinder: Cannot use PDF file "[^"]*paper\.pdf": the PDF could not be read \([^\n]*\)\.\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a Latin-1 .tex is read, and coverage and audit say its accented letters are lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citefinder-latin1-'));
    try {
      const latin1 = Buffer.from(
        '\\documentclass{article}\n\\usepackage[latin1]{inputenc}\n\\begin{document}\n' +
          'Na\u00efve models of the caf\u00e9 economy predict that prices rise with demand.\n\\end{document}\n',
        'latin1',
      );
      writeFileSync(join(dir, 'main.tex'), latin1);
      const env = { CITEFINDER_CACHE_DIR: join(dir, '.cache') };
      const note = /^! "[^"]*main\.tex" is not UTF-8 \(Latin-1, perhaps\): its accented letters are read as "\uFFFD" and match nothing; save it as UTF-8/m;
      const coverage = await runCli(['coverage', join(dir, 'main.tex'), '--min-score', '0'], env);
      assert.equal(coverage.code, 0, coverage.stderr);
      assert.match(coverage.stderr, note);
      assert.match(coverage.stdout, /main\.tex:4:1: .*models of the caf\uFFFD economy/, 'the sentence is still read');
      const audit = await runCli(['audit', join(dir, 'main.tex')], env);
      assert.match(audit.stderr, note);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('against the stand-in services', () => {
    let cli: CliStandIn | undefined;
    let bib: string;
    beforeEach(async () => {
      cli = await startCliStandIn('citefinder-bad-runs-');
      bib = join(cli.dir, 'user.bib');
      writeFileSync(bib, bibWithCommaLost());
    });
    afterEach(() => stopCliStandIn(cli));

    it('a .bib with a syntax error halfway: the entries after it are checked, the error named with its line', async () => {
      const run = await runCli(['bib', 'check', bib, '--json'], cli!.env);
      assert.equal(run.code, 0, run.stderr);
      const report = JSON.parse(run.stdout) as {
        entries: { key: string; verdict: string }[];
        broken: { key: string; line: number; message: string }[];
      };
      assert.deepEqual(report.broken.map((b) => [b.key, b.line]), [['broken', 37]]);
      assert.match(report.broken[0]!.message, /^Not valid BibTeX at line 38: Expected [^\n]* but "y" found\.$/);
      const verdicts = Object.fromEntries(report.entries.map((e) => [e.key, e.verdict]));
      assert.equal(verdicts.ghost2020, 'not-found');
      assert.equal(verdicts.tosatto2015, 'verified');
      const text = await runCli(['bib', 'check', bib], cli!.env);
      assert.match(text.stdout, /^ +37 +broken +broken: Not valid BibTeX at line 38: .*\(left as it is\)$/m);
    });

    it('a Latin-1 .bib and .bbl are checked, and bib check and refs check say their accented letters are lost', async () => {
      writeFileSync(bib, Buffer.from(`% Bibliographie de l'\u00e9quipe\n${bibWithCommaLost()}`, 'latin1'));
      const run = await runCli(['bib', 'check', bib, '--json'], cli!.env);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /^! "[^"]*user\.bib" is not UTF-8 \(Latin-1, perhaps\): its accented letters are read as "\uFFFD" and match nothing/m);
      assert.equal((JSON.parse(run.stdout) as { entries: unknown[] }).entries.length > 0, true, 'the entries are still checked');
      // The .bbl BibTeX writes from it is Latin-1 too: refs check says the same.
      const bbl = join(cli!.dir, 'paper.bbl');
      writeFileSync(bbl, Buffer.from(`% Biblioth\u00e8que\n${readFileSync(fixturePath('references', 'prl-notitle-maths.bbl'), 'utf8')}`, 'latin1'));
      const refs = await runCli(['refs', 'check', bbl, '--json'], cli!.env);
      assert.equal(refs.code, 0, refs.stderr);
      assert.match(refs.stderr, /^! "[^"]*paper\.bbl" is not UTF-8 \(Latin-1, perhaps\)/m);
      assert.equal(refs.stderr.match(/is not UTF-8/g)?.length, 1, 'said once');
      // A script reading the JSON, and the Markdown report, are told as well.
      const notices = (JSON.parse(refs.stdout) as { notices?: string[] }).notices ?? [];
      assert.match(notices[0] ?? '', /paper\.bbl" is not UTF-8 \(Latin-1, perhaps\)/);
      const report = join(cli!.dir, 'report.md');
      assert.equal((await runCli(['refs', 'check', bbl, '--report', report], cli!.env)).code, 0);
      assert.match(readFileSync(report, 'utf8'), /^> "[^"]*paper\.bbl" is not UTF-8 \(Latin-1, perhaps\)/m);
    });

    it('Ctrl-C while bib check --write waits for the authorities: exit 130, the .bib untouched, no .bak', async () => {
      const before = readFileSync(bib, 'utf8');
      // Every service holds its answer; the first request says the check is under way.
      let asked!: () => void;
      const underWay = new Promise<void>((resolve) => (asked = resolve));
      for (const service of Object.keys(SERVICE_PREFIX) as StandInService[]) {
        const original = cli!.standIn.handlerOf(service);
        cli!.standIn.setLatency(service, 60_000);
        cli!.standIn.handle(service, (req, res) => {
          asked();
          return original?.(req, res);
        });
      }
      const running = startCli(['bib', 'check', bib, '--write'], { ...cli!.env, CITEFINDER_HTTP_TIMEOUTMS: '120000' });
      await underWay;
      running.child.kill('SIGINT');
      assert.equal(await running.exited, 130, running.output().stderr);
      assert.match(running.output().stderr, /citefinder: cancelled\./);
      assert.equal(readFileSync(bib, 'utf8'), before);
      assert.equal(existsSync(`${bib}.bak`), false);
    });
  });
});
