// How `insert` and `bib check --write` replace a file: through a symbolic link to its target (a
// shared library gets the entry, the link stays a link), keeping the target's mode, and never a
// file marked read-only (exit 2, nothing written) — even when run as root, which may write anyway —
// nor a link to a missing file (writing over it would lose the link). `bib check --write` of several
// files writes those it may and names the others with the fixes they did not take.
import { strict as assert } from 'node:assert';
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startCliStandIn, stopCliStandIn, type CliStandIn } from '../../helpers/cliRun';
import { fixturePath } from '../../standin/server';

const TEX = '\\documentclass{article}\n\\begin{document}\nThe expansion of the universe is accelerating.\n\\bibliography{refs}\n\\end{document}\n';
const MINE = '@misc{mine2020,\n  title = {Kept as it is},\n}\n';

describe('CLI writes through links, keeps modes, refuses read-only files', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  let cli: CliStandIn;
  let tex: string;
  let bib: string;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-links-');
    tex = join(cli.dir, 'main.tex');
    bib = join(cli.dir, 'refs.bib');
    writeFileSync(tex, TEX);
  });
  afterEach(() => stopCliStandIn(cli));

  const insert = () => runCli(['insert', '--tex', tex, '--line', '3', '--id', '10.1086/307221', '--json'], cli.env);

  it('insert appends to the target of a .bib that is a symbolic link; the link stays a link', async () => {
    mkdirSync(join(cli.dir, 'shared'));
    const master = join(cli.dir, 'shared', 'master.bib');
    writeFileSync(master, MINE);
    symlinkSync(join('shared', 'master.bib'), bib);
    const run = await insert();
    assert.equal(run.code, 0, run.stderr);
    const { key } = JSON.parse(run.stdout) as { key: string };
    assert.ok(lstatSync(bib).isSymbolicLink(), 'refs.bib is still a link');
    const shared = readFileSync(master, 'utf8');
    assert.ok(shared.startsWith(MINE) && shared.includes(`{${key},`), 'the shared library got the entry');
  });

  it('insert refuses a .bib that is a link to a missing file: exit 2, the link and its target named, the link kept, nothing written', async () => {
    symlinkSync(join('elsewhere', 'refs.bib'), bib);
    const run = await insert();
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /refs\.bib" is a symbolic link to "elsewhere\/refs\.bib" \(.*elsewhere\/refs\.bib\), which does not exist \(restore its target or remove the link\); nothing was written\./);
    assert.ok(lstatSync(bib).isSymbolicLink(), 'refs.bib is still a link');
    assert.ok(!existsSync(join(cli.dir, 'elsewhere')), 'nothing was created where it points');
    assert.equal(readFileSync(tex, 'utf8'), TEX);
  });

  it('insert keeps the mode of the files it replaces (600 stays 600)', async () => {
    writeFileSync(bib, MINE);
    chmodSync(bib, 0o600);
    chmodSync(tex, 0o640);
    const run = await insert();
    assert.equal(run.code, 0, run.stderr);
    assert.equal(statSync(bib).mode & 0o777, 0o600);
    assert.equal(statSync(tex).mode & 0o777, 0o640);
  });

  it('insert refuses a read-only .bib: exit 2, the file named, neither file written', async () => {
    writeFileSync(bib, MINE);
    chmodSync(bib, 0o444);
    const run = await insert();
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /refs\.bib" is read-only; nothing was written\./);
    assert.equal(readFileSync(bib, 'utf8'), MINE);
    assert.equal(readFileSync(tex, 'utf8'), TEX);
    assert.equal(statSync(bib).mode & 0o777, 0o444);
  });

  it('insert refuses a read-only .tex', async () => {
    writeFileSync(bib, MINE);
    chmodSync(tex, 0o444);
    const run = await insert();
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /main\.tex" is read-only/);
    assert.equal(readFileSync(tex, 'utf8'), TEX);
    assert.equal(readFileSync(bib, 'utf8'), MINE);
  });

  it('bib check --write refuses a read-only .bib before checking, and writes through a link', async () => {
    const user = join(cli.dir, 'user.bib');
    copyFileSync(fixturePath('bibcheck', 'user.bib'), user);
    chmodSync(user, 0o444);
    const refused = await runCli(['bib', 'check', user, '--write'], cli.env);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /user\.bib" is read-only/);
    assert.ok(!existsSync(`${user}.bak`));
    chmodSync(user, 0o600);
    const link = join(cli.dir, 'linked.bib');
    symlinkSync('user.bib', link);
    const run = await runCli(['bib', 'check', link, '--write'], cli.env);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(lstatSync(link).isSymbolicLink(), 'linked.bib is still a link');
    assert.match(readFileSync(user, 'utf8'), /year {10}= \{1999\},/);
    assert.equal(statSync(user).mode & 0o777, 0o600);
  });
  it('bib check --write of a manuscript with a read-only .bib among several writes the others, names it with its fixes unwritten, exit 2', async () => {
    const writable = join(cli.dir, 'a.bib');
    const readOnly = join(cli.dir, 'b.bib');
    // Two entries of the bibcheck fixture's user.bib, each with a field its authority corrects.
    const [a, b] = readFileSync(fixturePath('bibcheck', 'user.bib'), 'utf8')
      .split(/\n(?=@)/)
      .filter((entry) => /^@article\{(perlmutter1999|valerocuevas2017),/.test(entry))
      .map((entry) => `${entry.trim()}\n`) as [string, string];
    writeFileSync(writable, a);
    writeFileSync(readOnly, b);
    chmodSync(readOnly, 0o444);
    writeFileSync(tex, TEX.replace('accelerating.', 'accelerating \\cite{perlmutter1999}. Grasp \\cite{valerocuevas2017}.').replace('{refs}', '{a,b}'));
    const run = await runCli(['bib', 'check', tex, '--write'], cli.env);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /^b\.bib:1 +verified-fixable +valerocuevas2017:/m, 'the read-only file is checked all the same');
    assert.match(run.stderr, /b\.bib" is read-only: its fixes \(valerocuevas2017\) were not written; make it writable and run again\./);
    assert.match(readFileSync(writable, 'utf8'), /year += \{1999\},/);
    assert.equal(readFileSync(`${writable}.bak`, 'utf8'), a);
    assert.equal(readFileSync(readOnly, 'utf8'), b);
    assert.ok(!existsSync(`${readOnly}.bak`));
    const json = await runCli(['bib', 'check', tex, '--write', '--json'], cli.env);
    assert.equal(json.code, 2, json.stderr);
    const unwritten = (JSON.parse(json.stdout) as { unwritten: { file: string; keys: string[] }[] }).unwritten;
    assert.deepEqual(unwritten.map((u) => [u.file, u.keys]), [['b.bib', ['valerocuevas2017']]]);
  });
});
