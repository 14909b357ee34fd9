// `citefinder insert` into a REVTeX paper that cites after the full stop ("observed.\cite{x}"):
// the new citation stands after the stop too, as the paper's own do (core/manuscript/citePlacement.ts).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startCliStandIn, stopCliStandIn, type CliStandIn } from '../../helpers/cliRun';

describe('CLI insert: the document\'s placement of citations after punctuation', function () {
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
});
