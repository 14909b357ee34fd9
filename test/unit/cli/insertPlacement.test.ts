// `citefinder insert` follows the document's habits: in a REVTeX paper that cites after the full stop
// ("observed.\cite{x}") the new citation stands after the stop too (core/manuscript/citePlacement.ts); in one
// that cites through its own macro (`\refp{x}`) it is written with that macro (core/manuscript/citeCommand.ts).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startCliStandIn, stopCliStandIn, type CliStandIn } from '../../helpers/cliRun';

describe('CLI insert: the document\'s habits of citing', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  let cli: CliStandIn;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-placement-');
    writeFileSync(join(cli.dir, 'refs.bib'), '@article{phillips1993,\n  title = {The absolute magnitudes of Type IA supernovae},\n}\n');
  });
  afterEach(() => stopCliStandIn(cli));

  it('cites right after the claim\'s full stop in a paper whose citations stand there', async () => {
    const main = join(cli.dir, 'main.tex');
    writeFileSync(
      main,
      '\\documentclass[aps,prl]{revtex4-2}\n\\begin{document}\nType Ia supernovae are standardizable candles.\\cite{phillips1993}\n' +
        'The expansion of the universe is accelerating.\n\\bibliography{refs}\n\\end{document}\n',
    );
    const run = await runCli(['insert', '--tex', main, '--line', '4', '--id', '10.1086/307221', '--json'], cli.env);
    assert.equal(run.code, 0, run.stderr);
    const { key } = JSON.parse(run.stdout) as { key: string };
    assert.ok(readFileSync(main, 'utf8').includes(`\nThe expansion of the universe is accelerating.\\cite{${key}}\n`), readFileSync(main, 'utf8'));
  });
  it('writes the project\'s own citation macro when the document cites through it', async () => {
    const main = join(cli.dir, 'main.tex');
    writeFileSync(
      main,
      '\\documentclass{article}\n\\usepackage{natbib}\n\\newcommand{\\refp}[1]{\\citep{#1}}\n\\begin{document}\n' +
        'Type Ia supernovae are standardizable candles \\refp{phillips1993}.\nThe expansion of the universe is accelerating.\n' +
        '\\bibliography{refs}\n\\end{document}\n',
    );
    const run = await runCli(['insert', '--tex', main, '--line', '6', '--id', '10.1086/307221', '--json'], cli.env);
    assert.equal(run.code, 0, run.stderr);
    const { key } = JSON.parse(run.stdout) as { key: string };
    assert.ok(readFileSync(main, 'utf8').includes(`\nThe expansion of the universe is accelerating~\\refp{${key}}.\n`), readFileSync(main, 'utf8'));
  });
});
