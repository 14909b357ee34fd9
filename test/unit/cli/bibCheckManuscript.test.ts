// `citefinder refs check main.tex` / `bib check main.tex` on a manuscript that cites from .bib
// files: the real dist/cli.js finds them as `insert` does (through the root, from a chapter) and
// checks them against the stand-in services as `bib check FILE.bib` does, each entry with its file.
import { strict as assert } from 'node:assert';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CliStandIn, runCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';
import { fixturePath } from '../../standin/server';

describe('CLI refs check / bib check of a manuscript that cites from .bib files', function () {
  this.timeout(30_000);
  let dir: string;
  let env: Record<string, string>;
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-bibmanuscript-');
    ({ dir, env } = cli);
    mkdirSync(join(dir, 'bib'));
    copyFileSync(fixturePath('bibcheck', 'user.bib'), join(dir, 'bib', 'user.bib'));
    writeFileSync(
      join(dir, 'main.tex'),
      '\\documentclass{article}\n\\begin{document}\n\\input{intro}\n\\bibliographystyle{plain}\n\\bibliography{bib/user,bib/gone}\n\\end{document}\n',
    );
    // \nocite{*}: every entry is in the bibliography, as `bib check` of the file checks every one.
    writeFileSync(join(dir, 'intro.tex'), 'Supernovae show the expansion accelerates~\\cite{perlmutter1999}.\\nocite{*}\n');
  });
  afterEach(() => stopCliStandIn(cli));

  it('checks the .bib files its root names, from a chapter too, with the verdicts of bib check and each entry\'s file', async () => {
    const direct = await runCli(['bib', 'check', join(dir, 'bib', 'user.bib')], env);
    for (const args of [['refs', 'check', join(dir, 'intro.tex')], ['bib', 'check', join(dir, 'main.tex')]]) {
      const run = await runCli(args, env);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /• the manuscript cites from bib\/user\.bib\n/);
      assert.match(run.stderr, /! The manuscript names "[^"]*bib\/gone\.bib", which does not exist: it is left out\./);
      assert.match(run.stdout, /^bib\/user\.bib:\d+ +not-found +ghost2020: No authority has a work with this title/m);
      const summary = (out: string) => out.trim().split('\n').at(-1);
      assert.equal(summary(run.stdout), summary(direct.stdout), 'the same verdicts as bib check of the file');
    }
  });

  it('checks only the entries the manuscript cites, and says how many it left out', async () => {
    writeFileSync(join(dir, 'intro.tex'), 'Supernovae show the expansion accelerates~\\citep[see][]{perlmutter1999}.\n% \\cite{valerocuevas2017} in a comment cites nothing.\nA study nobody wrote~\\cite{Ghost2020,nowhere2021}.\n');
    const total = (await runCli(['bib', 'check', join(dir, 'bib', 'user.bib'), '--json'], env)).stdout;
    const all = (JSON.parse(total) as { entries: unknown[] }).entries.length;
    const run = await runCli(['refs', 'check', join(dir, 'main.tex'), '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { entries: { key: string }[]; uncited: number; missing: string[] };
    assert.deepEqual(out.missing, ['nowhere2021']);
    assert.deepEqual(out.entries.map((e) => e.key).sort(), ['ghost2020', 'perlmutter1999']);
    assert.equal(out.uncited, all + 1 - 2, 'the broken entry is not cited either');
    const text = await runCli(['refs', 'check', join(dir, 'main.tex')], env);
    assert.match(text.stderr, new RegExp(`• ${out.uncited} entries the manuscript does not cite left out \\(bib check FILE\\.bib checks them all\\)`));
    assert.doesNotMatch(text.stdout, /valerocuevas2017|broken/);
    assert.match(text.stderr, /! cited, and in no \.bib: nowhere2021\n/);
  });

  it('--write refuses a manuscript that cites from a thebibliography, and a .bbl, before reading anything, and writes nothing', async () => {
    const tex = '\\documentclass{article}\n\\begin{document}\nSee~\\cite{p99}.\n\\begin{thebibliography}{1}\n\\bibitem{p99} S.~Perlmutter et al., ApJ 517, 565 (1999).\n\\end{thebibliography}\n\\end{document}\n';
    writeFileSync(join(dir, 'main.tex'), tex);
    writeFileSync(join(dir, 'main.bbl'), '\\begin{thebibliography}{1}\n\\bibitem{p99} S.~Perlmutter et al., ApJ 517, 565 (1999).\n\\end{thebibliography}\n');
    for (const [file, why] of [['main.tex', /main\.tex cites from a thebibliography \(main\.tex\)/], ['main.bbl', /main\.bbl is no \.bib file/]] as const) {
      const run = await runCli(['bib', 'check', join(dir, file), '--write'], env);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, why);
      assert.match(run.stderr, /--write edits \.bib files; .* Check it without --write\./);
      assert.ok(!existsSync(join(dir, `${file}.bak`)), 'nothing written');
    }
    assert.equal(readFileSync(join(dir, 'main.tex'), 'utf8'), tex);
    assert.equal(cli!.standIn.requests.length, 0, 'no authority asked');
  });

  it("counts a key cited only through the project's own macro (\\refp) as cited, and no definition's #1 as missing", async () => {
    writeFileSync(
      join(dir, 'main.tex'),
      '\\documentclass{article}\n\\newcommand{\\refp}[1]{\\citep{#1}}\n\\begin{document}\n\\input{intro}\n\\bibliography{bib/user}\n\\end{document}\n',
    );
    writeFileSync(join(dir, 'intro.tex'), 'Supernovae show the expansion accelerates~\\refp{perlmutter1999}.\n');
    const run = await runCli(['refs', 'check', join(dir, 'main.tex'), '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { entries: { key: string }[]; missing: string[] };
    assert.deepEqual(out.entries.map((e) => e.key), ['perlmutter1999']);
    assert.deepEqual(out.missing, []);
  });

  it('gives each entry its file in JSON, and --write writes each file with its own .bak', async () => {
    const json = await runCli(['refs', 'check', join(dir, 'main.tex'), '--json'], env);
    assert.equal(json.code, 0, json.stderr);
    const out = JSON.parse(json.stdout) as { entries: { file: string; key: string; line: number }[] };
    assert.ok(out.entries.length > 0 && out.entries.every((e) => e.file === 'bib/user.bib'), json.stdout.slice(0, 400));

    const bib = join(dir, 'bib', 'user.bib');
    const original = readFileSync(bib, 'utf8');
    const written = await runCli(['bib', 'check', join(dir, 'main.tex'), '--write', '--json'], env);
    assert.equal(written.code, 0, written.stderr);
    assert.deepEqual((JSON.parse(written.stdout) as { backups: string[] }).backups, [`${bib}.bak`]);
    assert.equal(readFileSync(`${bib}.bak`, 'utf8'), original);
    assert.match(readFileSync(bib, 'utf8'), /volume {2}= \{14\},/);
  });

  it('says so, exit 2, when a manuscript names no .bib and has no thebibliography', async () => {
    writeFileSync(join(dir, 'main.tex'), '\\documentclass{article}\n\\begin{document}\nText.\n\\end{document}\n');
    const none = await runCli(['refs', 'check', join(dir, 'main.tex')], env);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /No references found for "[^"]*main\.tex": it names no \.bib file \(no \\bibliography or \\addbibresource\), and it has no thebibliography\./);
    assert.equal(existsSync(join(dir, 'bib', 'user.bib.bak')), false);
  });
});
