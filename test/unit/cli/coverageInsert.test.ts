// `citefinder coverage --insert` end to end: the real dist/cli.js against the stand-in on the offline
// demo's claims. A sentence one work clearly supports gets its citation and .bib entry as its search
// ends; a merely related work and a retracted one are left for the writer with the reason
// (clearCitation.test.ts holds the whole rule on the same candidates); the .bib's own entries stay
// byte for byte; Ctrl-C keeps the citations written.
import { strict as assert } from 'node:assert';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StandIn } from '../../standin';
import { type CliStandIn, runCli, startCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';
import { SERVICE_PREFIX, type StandInService } from '../../standin/server';
import { DEMO_SENTENCES, DEMO_TO_CITE } from '../../helpers/coverageDemo';

const { supernova: SUPERNOVA, mortality: MORTALITY, wakefield: WAKEFIELD, perlmutter: PERLMUTTER } = DEMO_SENTENCES;
const MANUSCRIPT = DEMO_TO_CITE;

/** The writer's own .bib, laid out by hand: it must come out unchanged, the new entries after it. */
const MINE = '@article{riess1998,\n    author={Riess, Adam G.},   title = {Observational Evidence},\n  year = 1998 }\n';

interface InsertJson {
  text: string;
  inserted?: { key: string; command: string; bibFile: string; reused: boolean; id: string; title: string; supportBy: string; why: string };
  notInserted?: string;
}

describe('CLI coverage --insert', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  let cli: CliStandIn | undefined;
  let standIn: StandIn;
  let dir: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-coverage-insert-', { CITEFINDER_GROBID_ENABLED: 'false' });
    ({ standIn, dir, env } = cli);
    writeFileSync(join(dir, 'main.tex'), MANUSCRIPT);
    writeFileSync(join(dir, 'refs.bib'), MINE);
  });
  afterEach(() => stopCliStandIn(cli));

  const args = () => ['coverage', join(dir, 'main.tex'), '--insert', '--min-score', '0.2'];

  it('stops with exit 2 at a read-only .bib, writing neither the manuscript nor the .bib', async () => {
    chmodSync(join(dir, 'refs.bib'), 0o444);
    const run = await runCli(args(), env);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /refs\.bib" is read-only; nothing was written\./);
    assert.equal(readFileSync(join(dir, 'main.tex'), 'utf8'), MANUSCRIPT);
    assert.equal(readFileSync(join(dir, 'refs.bib'), 'utf8'), MINE);
  });

  it('refuses, before any search, a manuscript whose references are a thebibliography written by hand', async () => {
    const byHand = MANUSCRIPT.replace('\\bibliography{refs}', '\\begin{thebibliography}{9}\n\\bibitem{riess1998} A. G. Riess et al., AJ 116, 1009 (1998).\n\\end{thebibliography}');
    writeFileSync(join(dir, 'main.tex'), byHand);
    const run = await runCli(args(), env);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /--insert: the manuscript writes its references by hand \(\\begin\{thebibliography\} at main\.tex:13\)[^]*nothing was written/);
    assert.doesNotMatch(run.stdout, /\[1\/4\]/, 'nothing searched');
    assert.equal(readFileSync(join(dir, 'main.tex'), 'utf8'), byHand, 'no \\bibliography line beside the list, no citation');
  });

  it('cites each sentence one work clearly supports, and leaves the others with the reason', async () => {
    const run = await runCli(args(), env);
    assert.equal(run.code, 0, run.stderr);
    const tex = readFileSync(join(dir, 'main.tex'), 'utf8');
    // The manuscript loads natbib and writes \cite: the new citation follows its habit.
    assert.ok(tex.includes(`${SUPERNOVA.slice(0, -1)}~\\cite{perlmutter1999measurements}.`), tex);
    // The mention becomes the citation of the work it names.
    assert.ok(tex.includes('\\citet{perlmutter1999measurements} measured the mass density'), tex);
    assert.ok(tex.includes(`\n${MORTALITY}\n`) && tex.includes(`\n${WAKEFIELD}\n`), 'a work without BibTeX and a retracted one are not cited');
    // The mortality sentence means its one work on the topic, but the stand-in has no BibTeX of it.
    assert.match(run.stdout, /not cited: no BibTeX from the authority for "Prospective and External Evaluation[^"]*" \(/);
    assert.match(run.stdout, /not cited: the one work found by wakefield is retracted: "RETRACTED: Ileal-lymphoid/);
    assert.match(run.stdout, /cited \\cite\{perlmutter1999measurements\} \([^)]+\); entry (added to|already in) refs\.bib\n    why: it supports the sentence, 0\.\d\d above the next work found\n/);
    assert.match(run.stdout, /cited \\citet\{perlmutter1999measurements\} [^\n]+\n    why: the one work found by perlmutter, supports\n/);
    assert.match(run.stdout, /Cited 2 of 4 listed sentences; 2 left for you[^\n]*\nRead each citation written before you submit: without an LLM judge/);
    const bib = readFileSync(join(dir, 'refs.bib'), 'utf8');
    assert.ok(bib.startsWith(MINE), 'the writer\'s entry is kept byte for byte');
    assert.equal(bib.match(/@article\{perlmutter1999measurements,/g)?.length, 1, 'one entry for the work cited twice');
    assert.match(bib, /doi\s*=\s*\{10\.1086\/307221\}/);

    // Listed again: the two sentences cited are cited now, the other two still listed.
    const again = await runCli(['coverage', join(dir, 'main.tex'), '--json', '--min-score', '0.2'], env);
    const sentences = JSON.parse(again.stdout).sentences as { text: string; cited: boolean; needsCitation: boolean }[];
    const listed = sentences.filter((s) => s.needsCitation).map((s) => s.text);
    assert.deepEqual(listed.sort(), [MORTALITY, WAKEFIELD].sort());
  });

  it('--json says, for each sentence, the citation written or why none was', async () => {
    const run = await runCli([...args(), '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const found = JSON.parse(run.stdout) as InsertJson[];
    assert.deepEqual(found.map((s) => s.text), [WAKEFIELD, PERLMUTTER, MORTALITY, SUPERNOVA]);
    const supernova = found.find((s) => s.text === SUPERNOVA)!;
    const { key, command, reused, title } = supernova.inserted!;
    assert.deepEqual({ key, command, reused }, { key: 'perlmutter1999measurements', command: '\\cite', reused: true }, 'the entry the mention added');
    assert.match(title, /42 High-Redshift Supernovae/);
    assert.deepEqual({ ...found[1]!.inserted, id: undefined, title: undefined, bibFile: undefined },
      { key, command: '\\citet', reused: false, supportBy: 'lexical', why: 'the one work found by perlmutter, supports', notes: [], id: undefined, title: undefined, bibFile: undefined });
    assert.equal(supernova.inserted!.bibFile, join(dir, 'refs.bib'));
    assert.match(found[0]!.notInserted!, /^the one work found by wakefield is retracted/);
    assert.ok(found.every((s) => (s.inserted === undefined) !== (s.notInserted === undefined)), 'each sentence: one or the other');
  });

  it('Ctrl-C keeps the citations written and starts no other', async () => {
    // A first run fills the cache without writing; then the sentences listed third and fourth are
    // new wording, which the services hold back until Ctrl-C.
    const first = await runCli(['coverage', join(dir, 'main.tex'), '--find', '--min-score', '0.2'], env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /\[1\/4\] main\.tex:12:1: Wakefield[^]*\[2\/4\] main\.tex:8:1: Perlmutter/, 'the order the test relies on');
    assert.equal(readFileSync(join(dir, 'main.tex'), 'utf8'), MANUSCRIPT, '--find alone writes nothing');
    const changed = MANUSCRIPT.replace('in-hospital mortality', 'hospital mortality').replace('Type Ia supernovae indicate', 'Type Ia supernovae show');
    writeFileSync(join(dir, 'main.tex'), changed);
    for (const service of Object.keys(SERVICE_PREFIX) as StandInService[]) standIn.setLatency(service, 60_000);
    const running = startCli(args(), { ...env, CITEFINDER_HTTP_TIMEOUTMS: '120000', CITEFINDER_RUN_DEADLINEMS: '300000' });
    await running.printed(/cited \\citet\{perlmutter1999measurements\}/);
    running.child.kill('SIGINT');
    assert.equal(await running.exited, 130);
    assert.doesNotMatch(running.output().stdout, /\[3\/4\]/);
    assert.equal(readFileSync(join(dir, 'main.tex'), 'utf8'), changed.replace('Perlmutter et al. (1999)', '\\citet{perlmutter1999measurements}'));
    assert.match(readFileSync(join(dir, 'refs.bib'), 'utf8'), /@article\{perlmutter1999measurements,/);
  });
});
