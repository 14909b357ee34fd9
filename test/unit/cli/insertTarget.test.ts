// `citefinder insert`: which .bib a new entry goes to when the bibliography names a file the project
// does not have (TeX Live's IEEEabrv, a ~/texmf library: a new file of that name beside the root
// would hide the installation's), none for references written by hand (thebibliography), and where
// the cite goes on a line with a trailing `%` comment (before it, not inside it), with lines that
// show nothing in the PDF refused.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startCliStandIn, stopCliStandIn, type CliStandIn } from '../../helpers/cliRun';

const LOCAL = '@misc{mine2020,\n  title = {Kept as it is},\n}\n';
const SCIENCE = '10.1126/science.169.3946.635';

describe('CLI insert: the .bib a new entry goes to', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  let cli: CliStandIn;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-target-');
  });
  afterEach(() => stopCliStandIn(cli));

  it('adds to the named .bib the project has, never creating an IEEEabrv.bib that would hide TeX Live\'s', async () => {
    const main = join(cli.dir, 'main.tex');
    writeFileSync(main, '\\documentclass{IEEEtran}\n\\begin{document}\nSoft matter flows.\n\\bibliographystyle{IEEEtran}\n\\bibliography{IEEEabrv,local}\n\\end{document}\n');
    writeFileSync(join(cli.dir, 'local.bib'), LOCAL);
    const run = await runCli(['insert', '--tex', main, '--line', '3', '--id', SCIENCE, '--json'], cli.env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { key: string; bibFile: string; notes: string[] };
    assert.equal(out.bibFile, join(cli.dir, 'local.bib'));
    assert.ok(!existsSync(join(cli.dir, 'IEEEabrv.bib')), 'no IEEEabrv.bib created');
    const bib = readFileSync(join(cli.dir, 'local.bib'), 'utf8');
    assert.ok(bib.startsWith(LOCAL) && bib.includes(`{${out.key},`));
    assert.deepEqual(out.notes, []);
  });

  it('creates the first named .bib when none of them exists, and says so', async () => {
    const main = join(cli.dir, 'main.tex');
    writeFileSync(main, '\\documentclass{article}\n\\begin{document}\nSoft matter flows.\n\\bibliography{library}\n\\end{document}\n');
    const run = await runCli(['insert', '--tex', main, '--line', '3', '--id', SCIENCE], cli.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(readFileSync(join(cli.dir, 'library.bib'), 'utf8'), /^@article\{/);
    assert.match(run.stdout, /created library\.bib: no such file in the project yet/);
  });

  it('refuses a manuscript whose references are a thebibliography written by hand, adding no second list', async () => {
    const main = join(cli.dir, 'main.tex');
    const tex = '\\documentclass[aps,prl]{revtex4-2}\n\\begin{document}\nSoft matter flows.\n\n' +
      '\\begin{thebibliography}{9}\n\\bibitem{riess98} A. G. Riess \\emph{et al.}, Astron. J. \\textbf{116}, 1009 (1998).\n' +
      '\\end{thebibliography}\n\\end{document}\n';
    writeFileSync(main, tex);
    const run = await runCli(['insert', '--tex', main, '--line', '3', '--id', SCIENCE], cli.env);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /writes its references by hand \(\\begin\{thebibliography\} at main\.tex:5\) and names no \.bib[^]*nothing was written/);
    assert.equal(readFileSync(main, 'utf8'), tex, 'no \\bibliography line beside the list');
    assert.ok(!existsSync(join(cli.dir, 'references.bib')), 'no references.bib created');
  });
});

describe('CLI insert --line: where on the line the cite goes', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  let cli: CliStandIn;
  let main: string;
  const TEX = [
    '\\documentclass{article}',
    '\\begin{document}',
    'Distant supernovae show that the expansion is accelerating. % TODO cite Perlmutter',
    'The universe accelerates.%',
    '% a line that is all comment',
    '\\bibliography{local}',
    '\\end{document}',
    '',
  ].join('\n');
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-line-');
    main = join(cli.dir, 'main.tex');
    writeFileSync(main, TEX);
    writeFileSync(join(cli.dir, 'local.bib'), LOCAL);
  });
  afterEach(() => stopCliStandIn(cli));

  it('cites before a trailing % comment, not inside it', async () => {
    const run = await runCli(['insert', '--tex', main, '--line', '3', '--id', '10.1086/307221', '--json'], cli.env);
    assert.equal(run.code, 0, run.stderr);
    const { key } = JSON.parse(run.stdout) as { key: string };
    const again = await runCli(['insert', '--tex', main, '--line', '4', '--id', SCIENCE, '--json'], cli.env);
    assert.equal(again.code, 0, again.stderr);
    const other = (JSON.parse(again.stdout) as { key: string }).key;
    const lines = readFileSync(main, 'utf8').split('\n');
    assert.equal(lines[2], `Distant supernovae show that the expansion is accelerating~\\cite{${key}}. % TODO cite Perlmutter`);
    assert.equal(lines[3], `The universe accelerates~\\cite{${other}}.%`);
  });

  it('refuses a comment line and a preamble line with exit 2, writing nothing', async () => {
    for (const [line, reason] of [['5', /shows nothing in the PDF/], ['1', /preamble, before \\begin\{document\}/]] as const) {
      const run = await runCli(['insert', '--tex', main, '--line', line, '--id', SCIENCE], cli.env);
      assert.equal(run.code, 2, `line ${line}: ${run.stderr}`);
      assert.match(run.stderr, reason);
    }
    assert.equal(readFileSync(main, 'utf8'), TEX);
    assert.equal(readFileSync(join(cli.dir, 'local.bib'), 'utf8'), LOCAL);
  });
});
