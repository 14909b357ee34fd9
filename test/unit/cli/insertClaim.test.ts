// `citefinder insert --claim-line` cites by the rule `coverage --insert` cites by (clearCitation):
// the real dist/cli.js against the stand-in. A claim one work clearly supports gets its citation;
// the example manuscript's ResNet line, whose best works only relate to it (DBLP records scored on
// their titles, with no BibTeX recorded), is left as it was, with why and the works found. It used
// to be cited with a paper on robotic grasping, the one work found that had BibTeX.
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startCliStandIn, stopCliStandIn, type CliStandIn } from '../../helpers/cliRun';
import { DEMO_SENTENCES } from '../../helpers/coverageDemo';

const RESNET = 'Deep residual learning makes very deep networks trainable for image recognition.';
/** The writer's .bib: the grasping paper the ResNet line was once cited with is in it. */
const BIB = '@article{valerocuevas2017,\n  title = {On Neuromechanical Approaches for the Study of Biological Grasp and Manipulation},\n  doi = {10.1186/s12984-017-0305-3},\n  year = {2017}\n}\n';

interface Listed {
  id: string;
  title: string;
  score?: number;
  support?: string;
  bibtex: boolean;
}

describe('CLI insert --claim-line: cites only the work the claim clearly means', function () {
  this.timeout(60_000); // a CLI process per case
  let cli: CliStandIn | undefined;
  let tex: string;
  let bib: string;
  let manuscript: string;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-insert-claim-', { CITEFINDER_FULLTEXT_ENABLED: 'false' });
    tex = join(cli.dir, 'main.tex');
    bib = join(cli.dir, 'refs.bib');
    manuscript = `\\documentclass{article}\n\\begin{document}\n${DEMO_SENTENCES.supernova}\n${RESNET}\n\\bibliography{refs}\n\\end{document}\n`;
    writeFileSync(tex, manuscript);
    writeFileSync(bib, BIB);
  });
  afterEach(() => stopCliStandIn(cli));

  it('cites a claim one work clearly supports, and says why it is the one', async () => {
    const run = await runCli(['insert', '--tex', tex, '--line', '3', '--claim-line', '--json'], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as { key: string; work: { doi?: string; arxivId?: string }; why: string };
    assert.match(report.why, /^it supports the sentence, 0\.\d\d above the next work found$/);
    assert.ok(report.work.doi === '10.1086/307221' || report.work.arxivId === 'astro-ph/9812133', JSON.stringify(report.work));
    assert.equal(readFileSync(tex, 'utf8').split('\n')[2], `${DEMO_SENTENCES.supernova.slice(0, -1)}~\\cite{${report.key}}.`);
    assert.match(readFileSync(bib, 'utf8'), new RegExp(`^${BIB.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^]*@article\\{${report.key},`));
  });

  it('writes nothing for a claim whose best work only relates to it, and lists the works found (--json)', async () => {
    const run = await runCli(['insert', '--tex', tex, '--line', '4', '--claim-line', '--json'], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as { key?: string; notInserted: string; candidates: Listed[] };
    assert.equal(report.key, undefined);
    assert.match(report.notInserted, /^no work clearly supports it \(the best: "[^"]+", related 0\.\d\d\)$/);
    const resnet = report.candidates.find((c) => c.title === 'Deep Residual Learning for Image Recognition');
    assert.ok(resnet, JSON.stringify(report.candidates));
    assert.deepEqual({ id: resnet.id, support: resnet.support, bibtex: resnet.bibtex }, { id: 'doi:10.1109/cvpr.2016.90', support: 'related', bibtex: false });
    assert.ok(report.candidates.length <= 3 && report.candidates.every((c) => typeof c.score === 'number'), JSON.stringify(report.candidates));
    assert.match(run.stderr, /^citefinder: not cited: no work clearly supports it [^\n]+ Nothing was inserted\.\n$/);
    assert.equal(readFileSync(tex, 'utf8'), manuscript, 'the manuscript byte for byte');
    assert.equal(readFileSync(bib, 'utf8'), BIB, 'the .bib byte for byte');
  });

  it('says the same in words, with the works found and the command that cites one by its id', async () => {
    const run = await runCli(['insert', '--tex', tex, '--line', '4', '--claim-line'], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^citefinder: not cited: no work clearly supports it \(the best: [^\n]+\. Nothing was inserted\.\nThe works found, best first:\n/);
    assert.match(run.stderr, /\n {2}- Deep Residual Learning for Image Recognition \(2016\) doi:10\.1109\/cvpr\.2016\.90 · related 0\.\d\d · no BibTeX from its authority\n/);
    assert.match(run.stderr, /\nTo cite one of them: \S+ \S+ insert --tex \S+main\.tex --line 4 --id ID\n$/);
    assert.equal(readFileSync(tex, 'utf8'), manuscript);
    assert.equal(readFileSync(bib, 'utf8'), BIB);
  });
});
