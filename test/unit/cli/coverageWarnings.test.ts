// `citefinder coverage` warnings on stderr and in the JSON: each names its file as the sentences'
// "file" does, relative to the root's folder (they were absolute paths), and an included file
// that is not there is said with its line (it was skipped silently).
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../helpers/cliRun';

describe('CLI coverage warnings', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'citefinder-coverage-warnings-'));
    mkdirSync(join(dir, 'ch'));
    const main = ['\\documentclass{article}', '\\begin{document}', '\\input{ch/intro}', '\\input{ch/missing}', '\\InputIfFileExists{extra}{}{}'];
    writeFileSync(join(dir, 'main.tex'), [...main, '\\input{paper.bbl}', '\\end{document}', ''].join('\n'));
    writeFileSync(join(dir, 'ch', 'intro.tex'), 'Deep networks generalise well.\nThe loss $L(\\theta, is smooth.\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('names the file relative to the root’s folder, on stderr and under "warnings"; a missing included .tex file is said', async () => {
    const warnings = [
      'main.tex:4: \\input{ch/missing}: no such file; its sentences are not read.',
      'ch/intro.tex:2: "$" is not closed in its paragraph; the rest of the paragraph was read as math.',
    ];
    const json = await runCli(['coverage', join(dir, 'main.tex'), '--json'], {});
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual((JSON.parse(json.stdout) as { warnings: string[] }).warnings, warnings, 'an optional \\InputIfFileExists or a .bbl is no warning');
    for (const warning of warnings) assert.ok(json.stderr.includes(`! ${warning}\n`), json.stderr);
  });
});
