// `citefinder coverage` warnings on stderr and in the JSON: each names its file as the sentences'
// "file" does, relative to the root's folder (they were absolute paths).
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
    writeFileSync(join(dir, 'main.tex'), '\\documentclass{article}\n\\begin{document}\n\\input{ch/intro}\n\\end{document}\n');
    writeFileSync(join(dir, 'ch', 'intro.tex'), 'Deep networks generalise well.\nThe loss $L(\\theta, is smooth.\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('names the file relative to the root’s folder, on stderr and under "warnings"', async () => {
    const warning = 'ch/intro.tex:2: "$" is not closed in its paragraph; the rest of the paragraph was read as math.';
    const json = await runCli(['coverage', join(dir, 'main.tex'), '--json'], {});
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual((JSON.parse(json.stdout) as { warnings: string[] }).warnings, [warning]);
    assert.ok(json.stderr.includes(`! ${warning}\n`), json.stderr);
  });
});
