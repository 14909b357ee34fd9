// A file that is not UTF-8 is never written: read as UTF-8 its other bytes become U+FFFD, and
// writing that back would lose every accented letter. `insert` and `bib check --write` refuse it
// (exit 2, nothing changed), UTF-16 without a byte-order mark too; a UTF-8 file with a
// byte-order mark keeps it.
import { strict as assert } from 'node:assert';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startCliStandIn, stopCliStandIn, type CliStandIn } from '../../helpers/cliRun';
import { fixturePath } from '../../standin/server';

const PREAMBLE = '\\documentclass{article}\n\\usepackage[latin1]{inputenc}\n\\begin{document}\n';
const CLAIM = 'The expansion of the universe is accelerating.\n';
const END = '\\bibliography{refs}\n\\end{document}\n';
const MINE = '@misc{mine2020,\n  title = {Kept as it is},\n}\n';

describe('CLI writes only UTF-8 files', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  let cli: CliStandIn;
  beforeEach(async () => (cli = await startCliStandIn('citefinder-encoding-')));
  afterEach(() => stopCliStandIn(cli));

  const insert = (tex: string) => runCli(['insert', '--tex', tex, '--line', '4', '--id', '10.1086/307221'], cli.env);

  it('insert refuses a Latin-1 .tex: exit 2, the file named, both files byte for byte as they were', async () => {
    const tex = join(cli.dir, 'main.tex');
    const latin1 = Buffer.from(`${PREAMBLE}${CLAIM}% M\u00fcller's comment\n${END}`, 'latin1');
    writeFileSync(tex, latin1);
    writeFileSync(join(cli.dir, 'refs.bib'), MINE);
    const run = await insert(tex);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /main\.tex" is not UTF-8 \(it looks like Latin-1\); citefinder edits UTF-8 files only; nothing was written\./);
    assert.ok(!run.stderr.includes('Usage'), 'said alone, without the usage');
    assert.deepEqual(readFileSync(tex), latin1);
    assert.equal(readFileSync(join(cli.dir, 'refs.bib'), 'utf8'), MINE);
  });

  it('insert refuses a Latin-1 .bib before writing the .tex', async () => {
    const tex = join(cli.dir, 'main.tex');
    writeFileSync(tex, `${PREAMBLE}${CLAIM}${END}`);
    const bib = Buffer.from('@misc{m\u00fcller2020,\n  title = {\u00dcber alles},\n}\n', 'latin1');
    writeFileSync(join(cli.dir, 'refs.bib'), bib);
    const before = readFileSync(tex);
    const run = await insert(tex);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /refs\.bib" is not UTF-8/);
    assert.deepEqual(readFileSync(join(cli.dir, 'refs.bib')), bib);
    assert.deepEqual(readFileSync(tex), before, 'the .tex untouched too');
  });

  it('insert refuses a UTF-16 .bib without a byte-order mark (it decodes as UTF-8), leaving both files as they were', async () => {
    const tex = join(cli.dir, 'main.tex');
    writeFileSync(tex, `${PREAMBLE}${CLAIM}${END}`);
    // What Windows tools write as "Unicode" when told to leave the mark out: ASCII letters each beside a NUL.
    const utf16 = Buffer.from(MINE, 'utf16le');
    writeFileSync(join(cli.dir, 'refs.bib'), utf16);
    const before = readFileSync(tex);
    const run = await insert(tex);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /refs\.bib" is not UTF-8 \(it has NUL bytes: UTF-16 without a byte-order mark, or not text\); citefinder edits UTF-8 files only/);
    assert.deepEqual(readFileSync(join(cli.dir, 'refs.bib')), utf16);
    assert.deepEqual(readFileSync(tex), before, 'the .tex untouched too');
  });

  it('insert names a UTF-16 .tex as such, not as a file that does not look like LaTeX', async () => {
    const tex = join(cli.dir, 'main.tex');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${PREAMBLE}${CLAIM}${END}`, 'utf16le')]);
    writeFileSync(tex, utf16);
    const run = await insert(tex);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /main\.tex" is not UTF-8 text \(it has NUL bytes: UTF-16, perhaps\); save it as UTF-8\./);
    assert.deepEqual(readFileSync(tex), utf16);
  });

  it('insert keeps a UTF-8 byte-order mark and every other byte of both files', async () => {
    const tex = join(cli.dir, 'main.tex');
    const bom = '\ufeff';
    writeFileSync(tex, `${bom}${PREAMBLE.replace('[latin1]', '[utf8]')}${CLAIM}% M\u00fcller\n${END}`);
    writeFileSync(join(cli.dir, 'refs.bib'), `${bom}${MINE}`);
    const run = await insert(tex);
    assert.equal(run.code, 0, run.stderr);
    const texBytes = readFileSync(tex);
    assert.deepEqual(texBytes.subarray(0, 3), Buffer.from([0xef, 0xbb, 0xbf]));
    assert.match(texBytes.toString('utf8'), /\nThe expansion of the universe is accelerating~\\cite\{[^}]+\}\.\n% M\u00fcller\n/);
    const bibBytes = readFileSync(join(cli.dir, 'refs.bib'));
    assert.deepEqual(bibBytes.subarray(0, 3 + MINE.length), Buffer.from(`${bom}${MINE}`, 'utf8'));
  });

  it('bib check --write refuses a Latin-1 .bib before checking it, writing neither it nor a .bak', async () => {
    const bib = join(cli.dir, 'user.bib');
    const latin1 = Buffer.concat([Buffer.from('% Gepr\u00fcft von M\u00fcller\n', 'latin1'), readFileSync(fixturePath('bibcheck', 'user.bib'))]);
    writeFileSync(bib, latin1);
    const run = await runCli(['bib', 'check', bib, '--write'], cli.env);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /user\.bib" is not UTF-8 \(it looks like Latin-1\)/);
    assert.deepEqual(readFileSync(bib), latin1);
    assert.ok(!existsSync(`${bib}.bak`));
  });

  it('bib check without --write still reads a Latin-1 .bib', async () => {
    const bib = join(cli.dir, 'user.bib');
    copyFileSync(fixturePath('bibcheck', 'user.bib'), bib);
    writeFileSync(bib, Buffer.concat([Buffer.from('% Gepr\u00fcft\n', 'latin1'), readFileSync(bib)]));
    const run = await runCli(['bib', 'check', bib, '--json'], cli.env);
    assert.equal(run.code, 0, run.stderr);
  });
});
