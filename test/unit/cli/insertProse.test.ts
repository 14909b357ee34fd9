// `citefinder insert` into a chapter that holds only prose (no LaTeX command): accepted when a
// root includes it or it names its root in a magic comment, refused otherwise; and a root whose
// bibliography is `\bibliography{\subfix{bib/refs}}` (subfiles) gets the entry in bib/refs.bib.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startCliStandIn, stopCliStandIn, type CliStandIn } from '../../helpers/cliRun';

const PROSE = 'The expansion of the universe is accelerating.\n';
const MINE = '@misc{mine2020,\n  title = {Kept as it is},\n}\n';

describe('CLI insert into a prose-only chapter', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  let cli: CliStandIn;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-prose-');
    mkdirSync(join(cli.dir, 'chapters'));
    mkdirSync(join(cli.dir, 'bib'));
    writeFileSync(join(cli.dir, 'bib', 'refs.bib'), MINE);
  });
  afterEach(() => stopCliStandIn(cli));

  it('cites in a chapter \\input by the root, into the .bib named through \\subfix', async () => {
    writeFileSync(join(cli.dir, 'main.tex'), '\\documentclass{article}\n\\usepackage{subfiles}\n\\begin{document}\n\\input{chapters/intro}\n\\bibliography{\\subfix{bib/refs}}\n\\end{document}\n');
    const intro = join(cli.dir, 'chapters', 'intro.tex');
    writeFileSync(intro, PROSE);
    const run = await runCli(['insert', '--tex', intro, '--line', '1', '--id', '10.1086/307221', '--json'], cli.env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { key: string; bibFile: string; reused: boolean };
    assert.equal(out.bibFile, join(cli.dir, 'bib', 'refs.bib'));
    assert.equal(readFileSync(intro, 'utf8'), `The expansion of the universe is accelerating~\\cite{${out.key}}.\n`);
    const bib = readFileSync(join(cli.dir, 'bib', 'refs.bib'), 'utf8');
    assert.ok(bib.startsWith(MINE), 'the existing entry byte for byte');
    assert.ok(bib.includes(`{${out.key},`));
    assert.ok(!readFileSync(join(cli.dir, 'main.tex'), 'utf8').includes('\\bibliography{references}'), 'no second bibliography added');
  });

  it('cites in a prose file that names its root in a magic comment', async () => {
    writeFileSync(join(cli.dir, 'main.tex'), '\\documentclass{article}\n\\begin{document}\n\\bibliography{bib/refs}\n\\end{document}\n');
    const notes = join(cli.dir, 'chapters', 'notes.tex');
    writeFileSync(notes, `% !TeX root = ../main.tex\n${PROSE}`);
    const run = await runCli(['insert', '--tex', notes, '--line', '2', '--id', '10.1086/307221', '--json'], cli.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(readFileSync(notes, 'utf8'), /accelerating~\\cite\{[^}]+\}\.\n$/);
  });

  it('refuses prose that no root includes or names, saying why, and writes nothing', async () => {
    const loose = join(cli.dir, 'chapters', 'loose.tex');
    writeFileSync(loose, PROSE);
    const run = await runCli(['insert', '--tex', loose, '--line', '1', '--id', '10.1086/307221'], cli.env);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /does not look like LaTeX \(no command in it\), and no root file includes it/);
    assert.equal(readFileSync(loose, 'utf8'), PROSE);
    assert.equal(readFileSync(join(cli.dir, 'bib', 'refs.bib'), 'utf8'), MINE);
  });
});
