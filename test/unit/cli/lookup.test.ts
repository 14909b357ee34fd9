// `citefinder lookup` end to end: the real dist/cli.js against the stand-in services.
import { strict as assert } from 'node:assert';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CliStandIn, runCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';



describe('CLI lookup against the stand-in services', function () {
  this.timeout(20_000);
  let env: Record<string, string>;
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-lookup-');
    ({ env } = cli);
  });
  afterEach(() => stopCliStandIn(cli));

  it('prints the work and the authority BibTeX of an arXiv link, its key rewritten', async () => {
    const run = await runCli(['lookup', 'https://arxiv.org/abs/astro-ph/9812133v1', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { id: string; work: { arxivId: string; title: string }; bibtex: string; citeKey: string };
    assert.equal(out.id, 'arXiv:astro-ph/9812133v1');
    assert.equal(out.work.arxivId, 'astro-ph/9812133');
    assert.match(out.work.title, /42 High-Redshift Supernovae/);
    assert.ok(out.bibtex.trim().startsWith(`@article{${out.citeKey},`), 'the journal version\'s BibTeX (doi.org), only the key rewritten');
    assert.match(out.bibtex, /10\.1086\/307221/i);
  });
  it('reads a DOI through Crossref and prints a readable form without --json', async () => {
    const run = await runCli(['lookup', 'doi:10.1186/s12984-017-0305-3'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /@article\{/);
  });
  it('reads a PubMed link through Europe PMC and prints the work with its DOI and PMID', async () => {
    const run = await runCli(['lookup', 'https://pubmed.ncbi.nlm.nih.gov/40120586/'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /High-throughput screening of human genetic variants by pooled prime editing/);
    assert.match(run.stdout, /doi:10\.1016\/j\.xgen\.2025\.100814, PMID:40120586 · Cell Genomics/);
    assert.match(run.stdout, /@article\{herger2025/);
  });
  it('says plainly when a well-formed identifier names no work (exit 0, work null)', async () => {
    const run = await runCli(['lookup', '10.1371/notarealdoi', '--json'], env);
    assert.equal(run.code, 0);
    assert.deepEqual(JSON.parse(run.stdout), { id: '10.1371/notarealdoi', work: null, bibtex: null, citeKey: null });
    assert.match(run.stderr, /Crossref has no work with DOI 10\.1371\/notarealdoi/);
  });
  it('refuses text that is no identifier (exit 2) and names a service that failed (exit 1)', async () => {
    const bad = await runCli(['lookup', 'Perlmutter et al. 1999'], env);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /is not a DOI, an arXiv id/);
    const down = await runCli(['lookup', '10.1086/307221'], { ...env, CITEFINDER_SOURCES_CROSSREF_URL: 'http://127.0.0.1:9' });
    assert.equal(down.code, 1);
    assert.match(down.stderr, /Crossref|127\.0\.0\.1/);
  });
});

describe('CLI insert against the stand-in services', function () {
  this.timeout(30_000);
  let dir: string;
  let env: Record<string, string>;
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-insert-');
    ({ dir, env } = cli);
  });
  afterEach(() => stopCliStandIn(cli));

  const MINE = '@misc{mine,\n  title  = {Kept   byte for byte},\n}\n';

  it('cites in a subfile with its main file\'s natbib command, into the .bib an included preamble names; a second run reuses both', async () => {
    mkdirSync(join(dir, 'chapters'));
    writeFileSync(join(dir, 'main.tex'), '\\documentclass{article}\n\\input{preamble}\n\\begin{document}\n\\subfile{chapters/intro}\n\\end{document}\n');
    writeFileSync(join(dir, 'preamble.tex'), '\\usepackage{natbib}\n\\usepackage{subfiles}\n% \\bibliography{old}\n\\bibliography{refs}\n');
    writeFileSync(join(dir, 'refs.bib'), MINE);
    const intro = join(dir, 'chapters', 'intro.tex');
    writeFileSync(intro, '\\documentclass[../main.tex]{subfiles}\n\\begin{document}\nThe expansion of the universe is accelerating.\n\\end{document}\n');
    const run = await runCli(['insert', '--tex', intro, '--line', '3', '--id', 'arXiv:astro-ph/9812133', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { key: string; command: string; bibFile: string; reused: boolean };
    assert.equal(out.command, '\\citep');
    assert.equal(out.bibFile, join(dir, 'refs.bib'));
    assert.ok(readFileSync(intro, 'utf8').includes(`accelerating~\\citep{${out.key}}.`));
    const bib = readFileSync(join(dir, 'refs.bib'), 'utf8');
    assert.ok(bib.startsWith(MINE + '\n@article{' + out.key + ','), 'the old entry byte for byte, then the authority\'s');
    const again = await runCli(['insert', '--tex', intro, '--line', '3', '--id', '10.1086/307221', '--json'], env);
    assert.equal(again.code, 0, again.stderr);
    assert.equal((JSON.parse(again.stdout) as { reused: boolean }).reused, true, 'the journal DOI of the same work reuses the entry');
    assert.equal(readFileSync(join(dir, 'refs.bib'), 'utf8'), bib);
    assert.equal(readFileSync(intro, 'utf8').match(/\\citep/g)?.length, 1, 'already cited there: nothing added');
  });

  it('creates references.bib and its \\bibliography line for a manuscript with none', async () => {
    const tex = join(dir, 'paper.tex');
    writeFileSync(tex, '\\documentclass{article}\n\\begin{document}\nGrasp studies matter.\n\\end{document}\n');
    const run = await runCli(['insert', '--tex', tex, '--line', '3', '--id', '10.1186/s12984-017-0305-3'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(readFileSync(join(dir, 'references.bib'), 'utf8'), /^@article\{/);
    assert.match(readFileSync(tex, 'utf8'), /matter~\\cite\{[^}]+\}\.\n[\s\S]*\\bibliography\{references\}/);
  });

  it('exits 2 on bad input and writes nothing', async () => {
    const tex = join(dir, 'paper.tex');
    writeFileSync(tex, '\\documentclass{article}\nText.\n');
    for (const args of [
      ['insert', '--tex', join(dir, 'missing.tex'), '--line', '1', '--id', '10.1086/307221'],
      ['insert', '--tex', tex, '--line', '9', '--id', '10.1086/307221'],
      ['insert', '--tex', tex, '--line', '2'],
      ['insert', '--tex', tex, '--line', '2', '--id', 'not an id'],
    ]) {
      const run = await runCli(args, env);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    }
    assert.equal(readFileSync(tex, 'utf8'), '\\documentclass{article}\nText.\n');
  });
});
