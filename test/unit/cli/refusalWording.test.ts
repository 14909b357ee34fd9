// A service that refuses (HTTP 403: a key, an address or a proxy it does not accept) is asked
// nothing more for the rest of the run, and the words say which run that is: a bib check or a
// reference check is no search; and a refusal is said as one, not as a service that "did not
// answer" and is to be asked "later". The real dist/cli.js against the stand-in, Crossref refusing.
import { strict as assert } from 'node:assert';
import { cpSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CliStandIn, runCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';
import { injectFault } from '../../standin/faults';
import { fixturePath } from '../../standin/server';

// An entry of examples/checkme.bib with a DOI, which Crossref is asked about.
const BIB = `@article{grasp2017,
  author  = {Valero-Cuevas, Francisco J. and Santello, Marco},
  title   = {On Neuromechanical Approaches for the Study of Biological and Robotic Grasp and Manipulation},
  journal = {Journal of NeuroEngineering and Rehabilitation},
  year    = {2017},
  volume  = {13},
  doi     = {10.1186/s12984-017-0305-3}
}
`;

describe('CLI checks name a refusing service in the words of a check', function () {
  this.timeout(60_000);
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-refusal-words-');
    injectFault(cli.standIn, 'crossref', '403');
  });
  afterEach(() => stopCliStandIn(cli));

  it('audit says the service refused each citation it could not check, not that it "did not answer"', async () => {
    for (const name of readdirSync(fixturePath('audit'))) cpSync(fixturePath('audit', name), join(cli!.dir, name));
    const run = await runCli(['audit', join(cli!.dir, 'main.tex')], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    const unavailable = run.stdout.split('\n').filter((line) => /^\S+:\d+:\d+: unavailable /.test(line));
    assert.ok(unavailable.length > 0, run.stdout);
    for (const line of unavailable) {
      // The service by its name, as the breaker's warning says it, not the host it was reached at.
      assert.match(line, / Crossref refused a request \(HTTP 403: a key, an address or a proxy it does not accept\)\.$/, line);
      assert.doesNotMatch(line, /did not answer|try again later|search|127\.0\.0\.1/, line);
    }
  });

  it('lookup says in one sentence that the service (by name, then its host) refused, not its raw status line and URL', async () => {
    const run = await runCli(['lookup', 'doi:10.1186/s12984-017-0305-3'], cli!.env);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stdout, '');
    assert.match(
      run.stderr,
      /^citefinder: Crossref \(127\.0\.0\.1:\d+\) refused a request \(HTTP 403: a key, an address or a proxy it does not accept\); check its configured URL and key[^\n]*\.\n$/,
    );
    assert.doesNotMatch(run.stderr, /answered HTTP|https?:\/\//, run.stderr);
  });

  for (const command of [['bib', 'check'], ['refs', 'check']]) {
    it(`${command.join(' ')} says Crossref refused, not that "this search" skips it, and ends by saying what to look at, not to run it "again later"`, async () => {
      const bib = join(cli!.dir, 'refs.bib');
      writeFileSync(bib, BIB);
      const run = await runCli([...command, bib], cli!.env);
      const said = run.stdout + run.stderr;
      assert.match(said, /Crossref \([^)]+\) refused a request \(HTTP 403/, said);
      assert.doesNotMatch(said, /search|did not answer|try again later/, said);
      // The only failure was a refusal: the closing line says what to look at.
      const closing = run.stdout.trimEnd().split('\n').at(-1) ?? '';
      assert.match(closing, /^Unavailable is no verdict: a service refused the requests; check its configured URL and key/, run.stdout);
      assert.doesNotMatch(run.stdout, /again later/, run.stdout);
    });
  }
});
