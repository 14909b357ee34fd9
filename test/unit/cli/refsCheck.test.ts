// `citefinder refs check` end to end: the real dist/cli.js against the stand-in serving the
// HALLMARK sample's real works, on a .bbl (and `bib check` of the same .bbl, which delegates).
import { strict as assert } from 'node:assert';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CliStandIn, runCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';
import { fixturePath } from '../../standin/server';
import { parsePoolLines, registerPoolRecords } from '../../standin/pool';

interface JsonReference {
  number: string | null;
  key: string | null;
  page: number | null;
  text: string;
  fields: Record<string, string>;
  verdict: string;
  kind: string | null;
  confidence: number | null;
  evidence: { field: string; status: string }[];
  authority: string | null;
}

describe('CLI refs check against the stand-in services', function () {
  this.timeout(60_000);
  let cli: CliStandIn | undefined;
  let bbl: string;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-refs-');
    registerPoolRecords(cli.standIn, parsePoolLines(readFileSync(fixturePath('hallmark', 'pool_sample.jsonl'), 'utf8')));
    bbl = join(cli.dir, 'paper.bbl');
    copyFileSync(fixturePath('references', 'hallmark-sample.bbl'), bbl);
  });
  afterEach(() => stopCliStandIn(cli));

  it('prints each reference with its key, text, fields and graded verdict, and writes nothing', async () => {
    const run = await runCli(['refs', 'check', bbl, '--json'], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { reader: string; references: JsonReference[]; summary: Record<string, number> };
    assert.equal(out.reader, 'bbl');
    assert.equal(out.references.length, 21);
    const nearMiss = out.references.find((r) => r.key === 'd5eef6dc978e')!;
    assert.deepEqual([nearMiss.verdict, nearMiss.kind, nearMiss.authority], ['mismatch', 'title-near-miss', 'crossref']);
    assert.equal(nearMiss.fields.title, 'BiasAdv: Bias-Adversarial Augmentation towards Model Debiasing');
    assert.ok(nearMiss.evidence.some((e) => e.field === 'title' && e.status === 'differs'));
    assert.equal(out.references.find((r) => r.key === 'ee938d491c06')!.verdict, 'verified');
    assert.equal(out.references.find((r) => r.key === 'cd588085bf52')!.verdict, 'future-date');
    assert.equal(Object.values(out.summary).reduce((a, b) => a + b, 0), 21);
    assert.deepEqual(readdirSync(cli!.dir).sort(), ['.cache', 'paper.bbl']);
  });

  it('lines up its verdicts when natbib labels make the places long, and cuts a long title with "…"', async () => {
    const natbib = join(cli!.dir, 'apsrev.bbl');
    copyFileSync(fixturePath('references', 'hallmark-sample-apsrev.bbl'), natbib);
    const run = await runCli(['refs', 'check', natbib], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    const rows = run.stdout.split('\n').filter((line) => / · line \d+ /.test(line));
    assert.equal(rows.length, 21);
    assert.match(rows[0]!, /^\[Wang et al\. \(2022\)\] · ee938d491c06 · line 53 +verified/, 'the label as the text prints it');
    const verdictColumn = (line: string) => /(?<=\S) +(?=(?:verified|mismatch|not-found|future-date|unreadable|unavailable))/.exec(line);
    const columns = new Set(rows.map((line) => { const gap = verdictColumn(line)!; return gap.index + gap[0].length; }));
    assert.equal(columns.size, 1, `every verdict in one column:\n${rows.join('\n')}`);
    const titleColumns = new Set(rows.map((line) => line.indexOf(' "')));
    assert.equal(titleColumns.size, 1, `every title in one column:\n${rows.join('\n')}`);
    const titles = rows.map((line) => /"(.*?)": /.exec(line)?.[1] ?? '');
    assert.ok(titles.every((title) => title.length <= 80), titles.join('\n'));
    // A long title is cut at a whole word and says so ("…missing-view" of Wen et al.'s was cut mid-word, without a mark).
    const cut = titles.find((title) => title.startsWith('Unified tensor framework for incomplete multi-view clustering'));
    assert.match(cut ?? '', /^Unified tensor framework for incomplete multi-view clustering and\S*(?: \S+)*…$/);
    assert.doesNotMatch(cut ?? '', /\s…$/);
  });

  it('writes the Markdown report only when --report names it, and bib check of a .bbl gives the same verdicts', async () => {
    const report = join(cli!.dir, 'review.md');
    const run = await runCli(['refs', 'check', bbl, '--report', report], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /d5eef6dc978e · line 105\s+mismatch: title-near-miss/);
    const markdown = readFileSync(report, 'utf8');
    assert.match(markdown, /^# Reference check: .*paper\.bbl\n\n21 references: /);
    assert.match(markdown, /## Flagged \(14\)/);
    const viaBib = await runCli(['bib', 'check', bbl, '--json'], cli!.env);
    assert.equal(viaBib.code, 0, viaBib.stderr);
    const refs = await runCli(['refs', 'check', bbl, '--json'], cli!.env);
    const verdicts = (stdout: string) => (JSON.parse(stdout) as { references: JsonReference[] }).references.map((r) => `${r.key}:${r.verdict}`);
    assert.deepEqual(verdicts(viaBib.stdout), verdicts(refs.stdout));
  });

  it('names the file of a manuscript\'s thebibliography kept in an \\input file, as bib check names a .bib', async () => {
    // The list's lines were printed as "line 105", of no file the command was given (main.tex has 5 lines).
    copyFileSync(bbl, join(cli!.dir, 'refs.tex'));
    const main = join(cli!.dir, 'main.tex');
    writeFileSync(main, '\\documentclass{article}\n\\begin{document}\nText.\n\\input{refs}\n\\end{document}\n');
    const run = await runCli(['refs', 'check', main], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /d5eef6dc978e · refs\.tex:105\s+mismatch: title-near-miss/);
    const json = await runCli(['bib', 'check', main, '--json'], cli!.env);
    const out = JSON.parse(json.stdout) as { references: (JsonReference & { file?: string; line: number })[] };
    assert.deepEqual([...new Set(out.references.map((r) => r.file))], ['refs.tex']);
    assert.equal(out.references.find((r) => r.key === 'd5eef6dc978e')!.line, 105);
  });

  it('checks the first of a project\'s thebibliography lists and names the others (chapterbib), never skipping them silently', async () => {
    const list = (key: string) => `\\begin{thebibliography}{1}\n\\bibitem{${key}} S.~Perlmutter et al., Astrophys. J. 517, 565 (1999).\n\\end{thebibliography}\n`;
    writeFileSync(join(cli!.dir, 'ch1.tex'), `Supernovae~\\cite{p1}.\n${list('p1')}`);
    writeFileSync(join(cli!.dir, 'ch2.tex'), `Again~\\cite{p2}.\n${list('p2')}`);
    const main = join(cli!.dir, 'main.tex');
    writeFileSync(main, '\\documentclass{book}\n\\begin{document}\n\\include{ch1}\n\\include{ch2}\n\\end{document}\n');
    const run = await runCli(['refs', 'check', main], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /· p1 · ch1\.tex:3 /);
    assert.doesNotMatch(run.stdout, /p2/);
    assert.match(run.stderr, /! 1 more thebibliography in ch2\.tex: check each with refs check FILE\.tex\./);
  });

  it('reads a Physical Review PDF\'s unheaded, title-less list and says where each title came from', async () => {
    const pdf = join(cli!.dir, 'prl.pdf');
    copyFileSync(fixturePath('references', 'prl-unheaded.pdf'), pdf);
    const run = await runCli(['refs', 'check', pdf, '--json'], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /no "References" heading/);
    const out = JSON.parse(run.stdout) as { references: (JsonReference & { titleFrom?: string; message: string })[] };
    assert.deepEqual(out.references.map((r) => [r.number, r.verdict, r.titleFrom ?? null]), [
      ['1', 'verified-fixable', 'citation'], ['2', 'verified-fixable', 'citation'], ['3', 'verified-fixable', 'citation'], ['4', 'unreadable', null], ['5', 'unreadable', null],
    ]);
    assert.match(out.references[4]!.message, /^It prints no title, and Crossref has no work with its first author, year, volume and first page/);
  });

  it('says a missing file, and a PDF without a reference section, are bad input (exit 2)', async () => {
    const missing = await runCli(['refs', 'check', join(cli!.dir, 'missing.pdf')], cli!.env);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /Cannot read PDF file ".*missing\.pdf": no such file/);
    const partial = join(cli!.dir, 'partial.pdf');
    copyFileSync(fixturePath('pdf', 'naacl2018-pages2-3-no-abstract.pdf'), partial);
    const run = await runCli(['refs', 'check', partial], cli!.env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /The PDF has no reference section[\s\S]*No references found in ".*partial\.pdf"/);
  });
});
