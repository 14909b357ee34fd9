// The real dist/cli.js given a file that is not UTF-8 text where it wants LaTeX: every command says
// the same one line (latexSource.ts), with exit 2, as audit and coverage do; none says "no
// references found" or reads it silently.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../helpers/cliRun';

/** A manuscript saved as UTF-16 (what some Windows editors write): every letter beside a NUL byte. */
const UTF16_TEX = Buffer.from('\uFEFF\\documentclass{article}\n\\begin{document}\nText \\cite{a}.\n\\bibliography{refs}\n\\end{document}\n', 'utf16le');

describe('CLI commands refuse a binary or UTF-16 .tex with one verdict', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'citefinder-binary-'));
    writeFileSync(join(dir, 'main.tex'), UTF16_TEX);
    writeFileSync(join(dir, 'refs.bib'), '@article{a, title = {T}, year = {2020}}\n');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const env = () => ({ CITEFINDER_CACHE_DIR: join(dir, '.cache') });
  const notUtf8 = /^citefinder: "[^"]*main\.tex" is not UTF-8 text \(it has NUL bytes: UTF-16, perhaps\); save it as UTF-8\.\n$/;

  for (const command of [['refs', 'check'], ['bib', 'check'], ['audit']]) {
    it(`${command.join(' ')} main.tex says it is not UTF-8 text (exit 2), not that it has no references`, async () => {
      const run = await runCli([...command, join(dir, 'main.tex')], env());
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, notUtf8);
      assert.equal(run.stdout, '');
    });
  }

  it('find --context-file main.tex refuses it with the same line (exit 2) before any search', async () => {
    const run = await runCli(['find', '--claim', 'The expansion of the universe accelerates.', '--context-file', join(dir, 'main.tex')], env());
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, notUtf8);
    assert.equal(run.stdout, '');
  });
});
