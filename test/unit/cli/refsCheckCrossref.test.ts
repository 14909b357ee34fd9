// `citefinder refs check` of a .bbl whose entries cross-reference a volume BibTeX printed as an item
// of its own (real plainnat output), against the stand-in serving the HALLMARK sample's NeurIPS 2021
// works: the children were "mismatch: nonexistent-venue" (venue "In") and the volume "not-found".
import { strict as assert } from 'node:assert';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CliStandIn, runCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';
import { fixturePath } from '../../standin/server';
import { parsePoolLines, registerPoolRecords } from '../../standin/pool';

describe('CLI refs check of a .bbl that prints a crossref volume', function () {
  this.timeout(60_000);
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-refs-crossref-');
    registerPoolRecords(cli.standIn, parsePoolLines(readFileSync(fixturePath('hallmark', 'pool_sample.jsonl'), 'utf8')));
  });
  afterEach(() => stopCliStandIn(cli));

  it('verifies the children with the volume\'s title as their venue, and names the volume as not checked', async () => {
    const bbl = join(cli!.dir, 'paper.bbl');
    copyFileSync(fixturePath('references', 'crossref-volumes-plainnat.bbl'), bbl);
    const json = await runCli(['refs', 'check', bbl, '--json'], cli!.env);
    assert.equal(json.code, 0, json.stderr);
    const out = JSON.parse(json.stdout) as { references: { key: string; verdict: string; fields: Record<string, string> }[] };
    assert.deepEqual(out.references.map((r) => [r.key, r.verdict]), [
      ['abbas2021combinatorial', 'verified'],
      ['abel2021expressivity', 'verified'],
      ['abrahamsen2021training', 'verified'],
    ]);
    assert.equal(out.references[1]!.fields.venue, 'Advances in Neural Information Processing Systems 34 (NeurIPS 2021)');
    const text = await runCli(['refs', 'check', bbl], cli!.env);
    assert.match(text.stderr, /Not checked, as volumes other references cross-reference \(crossref\): neurips2021\./);
    assert.match(text.stdout, /verified 3\n/);
  });

  it('verifies IEEEtran\'s children, whose venue reads without the volume\'s "34 (NeurIPS 2021)": no false mismatch', async () => {
    const bbl = join(cli!.dir, 'paper.bbl');
    copyFileSync(fixturePath('references', 'crossref-volumes-ieeetran.bbl'), bbl);
    const json = await runCli(['refs', 'check', bbl, '--json'], cli!.env);
    assert.equal(json.code, 0, json.stderr);
    const out = JSON.parse(json.stdout) as { references: { key: string; verdict: string; fields: Record<string, string> }[] };
    assert.deepEqual(out.references.map((r) => [r.key, r.verdict]), [
      ['abel2021expressivity', 'verified'],
      ['abrahamsen2021training', 'verified'],
      ['abbas2021combinatorial', 'verified'],
    ]);
    // The venue stops where a volume number would begin; no volume is read from it, so none is compared.
    assert.equal(out.references[0]!.fields.venue, 'Advances in Neural Information Processing Systems');
    assert.equal(out.references[0]!.fields.volume, undefined);
  });
});
