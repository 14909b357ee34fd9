// A paper in proceedings written as BibTeX's cross-reference (`crossref = {cvpr2023}` and the
// `@proceedings` volume in the same file): the paper is checked with the volume's booktitle and
// year, and the volume, which is no work a paper cites, is not checked as one (it was "not found").
// The real dist/cli.js against the stand-in serving HALLMARK's sample of DBLP's records.
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CliStandIn, runCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';
import { fixturePath } from '../../standin/server';
import { parsePoolLines, registerPoolRecords } from '../../standin/pool';

// DBLP's own BibTeX of the paper, as its "cross-referenced" export writes it.
const BIB = `@inproceedings{DBLP:conf/cvpr/0002KKASYH23,
  author       = {Jongin Lim and Youngdong Kim and Byungjai Kim and Chanho Ahn and Jinwoo Shin and Eunho Yang and Seungju Han},
  title        = {BiasAdv: Bias-Adversarial Augmentation for Model Debiasing},
  pages        = {3832--3841},
  crossref     = {DBLP:conf/cvpr/2023},
}

@proceedings{DBLP:conf/cvpr/2023,
  title        = {{IEEE/CVF} Conference on Computer Vision and Pattern Recognition, {CVPR} 2023, Vancouver, BC, Canada, June 17-24, 2023},
  publisher    = {{IEEE}},
  year         = {2023},
}
`;

interface JsonBibCheck {
  entries: { key: string; verdict: string; evidence: { field: string; status: string }[] }[];
  crossrefParents?: string[];
}

describe('CLI bib check of a paper cross-referencing its proceedings', function () {
  this.timeout(60_000);
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-bib-crossref-');
    registerPoolRecords(cli.standIn, parsePoolLines(readFileSync(fixturePath('hallmark', 'pool_sample.jsonl'), 'utf8')));
  });
  afterEach(() => stopCliStandIn(cli));

  it('checks the paper with the volume\'s booktitle and year, and leaves the volume out, naming it', async () => {
    const bib = join(cli!.dir, 'refs.bib');
    writeFileSync(bib, BIB);
    for (const command of [['bib', 'check'], ['refs', 'check']]) {
      const run = await runCli([...command, bib, '--json'], cli!.env);
      assert.equal(run.code, 0, run.stderr);
      const out = JSON.parse(run.stdout) as JsonBibCheck;
      assert.deepEqual(out.entries.map((e) => e.key), ['DBLP:conf/cvpr/0002KKASYH23'], command.join(' '));
      const paper = out.entries[0]!;
      assert.equal(paper.verdict, 'verified-fixable');
      assert.deepEqual(paper.evidence.filter((e) => e.field === 'venue' || e.field === 'year').map((e) => e.status), ['agrees', 'agrees']);
      assert.deepEqual(out.crossrefParents, ['DBLP:conf/cvpr/2023']);
    }
    const text = await runCli(['bib', 'check', bib], cli!.env);
    assert.match(text.stderr, /not checked, as the volumes other entries cross-reference \(no work of their own\): DBLP:conf\/cvpr\/2023\n/);
    assert.doesNotMatch(text.stdout, /DBLP:conf\/cvpr\/2023\b/);
  });
});
