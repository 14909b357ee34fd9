// `citefinder coverage` end to end: the real dist/cli.js on the coverage fixtures (sentences of
// arXiv:2212.11826), then --find against the stand-in services, cancelled with Ctrl-C, and the
// `citefinder insert` command it gives for each candidate, run.
import { strict as assert } from 'node:assert';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { join } from 'node:path';
import type { StandIn } from '../../standin';
import { CLI, type CliStandIn, runCli, startCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';
import { fixturePath, send, SERVICE_PREFIX, type StandInService } from '../../standin/server';
import { DEMO_MANUSCRIPT } from '../../helpers/coverageDemo';
import { chatRequests, installOpenAi } from '../../standin/openai';
import { scriptedReply } from '../../e2e/scriptedLlm';

interface SentenceJson {
  file: string;
  line: number;
  column: number;
  text: string;
  cited: boolean;
  score: number;
  needsCitation: boolean;
  reason: string;
  role?: string;
}

describe('CLI coverage', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  let dir: string;
  let env: Record<string, string>;
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-clicoverage-', { CITEFINDER_GROBID_ENABLED: 'false' });
    ({ standIn, dir, env } = cli);
    cpSync(fixturePath('coverage', 'qpk'), dir, { recursive: true });
  });
  afterEach(() => stopCliStandIn(cli));

  it('gives every prose sentence in JSON, cited or not, with root-relative paths and 1-based positions', async () => {
    const run = await runCli(['coverage', join(dir, 'main.tex'), '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const { sentences } = JSON.parse(run.stdout) as { sentences: SentenceJson[] };
    const keys = ['file', 'line', 'column', 'text', 'cited', 'score', 'needsCitation', 'reason'];
    for (const s of sentences) assert.deepEqual(Object.keys(s), s.role ? [...keys, 'role'] : keys);
    const footnote = sentences.find((s) => s.role === 'footnote')!;
    assert.deepEqual([footnote.file, footnote.line, footnote.column, footnote.text, footnote.cited], ['intro.tex', 6, 145, 'See for its definition.', true]);
    const forgotten = sentences.find((s) => s.text.startsWith('A number of approaches'))!;
    assert.deepEqual([forgotten.file, forgotten.line, forgotten.column, forgotten.needsCitation], ['intro.tex', 4, 249, true]);
    assert.equal(sentences.filter((s) => s.cited).length, 6);
    assert.ok(sentences.filter((s) => s.cited).every((s) => !s.needsCitation && s.score === 0));
    assert.ok(sentences.some((s) => s.file === 'main.tex' && !s.cited));
  });

  it('prints the listed sentences with file, line, score and reason, most needed first; --file-only and --min-score', async () => {
    const run = await runCli(['coverage', join(dir, 'intro.tex'), '--file-only', '--min-score', '0.5'], env);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n').filter((l) => /^\S+:\d+:\d+: /.test(l));
    assert.match(lines[0]!, /^intro\.tex:4:249: 0\.\d\d states a result of earlier work: A number of approaches/);
    const scores = lines.map((l) => Number(/: (0\.\d\d) /.exec(l)![1]));
    assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
    assert.ok(scores.every((s) => s >= 0.5));
    assert.ok(lines.every((l) => l.startsWith('intro.tex:')));
    assert.match(run.stdout, /\d+ of \d+ sentences without a citation need one \(6 cite already\)\./);
    const bad = await runCli(['coverage', join(dir, 'main.tex'), '--min-score', 'high'], env);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--min-score "high": give a number from 0 to 1/);
  });

  it('--find searches for each listed sentence in turn; Ctrl-C keeps the sentences done', async () => {
    writeFileSync(join(dir, 'demo.tex'), DEMO_MANUSCRIPT);
    const args = ['coverage', join(dir, 'demo.tex'), '--find', '--min-score', '0.2'];
    const first = await runCli(args, env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /\[1\/2\] demo\.tex:\d+:1: /);
    assert.match(first.stdout, /\[2\/2\] demo\.tex:\d+:1: /);
    assert.match(first.stdout, /Observations of distant Type Ia supernovae[^\n]*\n {2}- [^\n]*(Supernova|supernova)/);
    // Each work's support is said with its label, as `find` says it: the order puts "supports" first.
    assert.match(first.stdout, /\n {2}- [^\n]*42 High-Redshift Supernovae[^\n]* · support 0\.\d\d supports\b/);
    // A second run: the cache answers the first sentence (unchanged); the second is new wording,
    // so it must ask the services, which now hold every answer back until Ctrl-C.
    const firstListed = /\[1\/2\] demo\.tex:\d+:1: ([^\n]+)/.exec(first.stdout)![1]!;
    writeFileSync(join(dir, 'demo.tex'), DEMO_MANUSCRIPT.replace('distant Type Ia supernovae', 'distant Type Ia supernovae and quasars'));
    for (const service of Object.keys(SERVICE_PREFIX) as StandInService[]) standIn.setLatency(service, 60_000);
    // Nor may the request timeout or the run's deadline end the sentence before Ctrl-C does.
    const slowEnv = { ...env, CITEFINDER_HTTP_TIMEOUTMS: '120000', CITEFINDER_RUN_DEADLINEMS: '300000' };
    const cli = startCli(args, slowEnv);
    await cli.printed(/\[1\/2\]/);
    cli.child.kill('SIGINT');
    const code = await cli.exited;
    const { stdout } = cli.output();
    assert.equal(code, 130);
    assert.ok(stdout.includes(`[1/2] demo.tex`) && stdout.includes(firstListed), stdout);
    assert.doesNotMatch(stdout, /\[2\/2\]/);
  });

  it('--find gives each candidate the insert command that cites it at the end of its sentence, wherever an earlier insert has moved it', async () => {
    const demo = join(dir, 'demo.tex');
    writeFileSync(demo, DEMO_MANUSCRIPT);
    const run = await runCli(['coverage', demo, '--find', '--min-score', '0.2', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const found = JSON.parse(run.stdout) as (SentenceJson & { candidates: { title: string; insert?: string[] }[] })[];
    const supernova = found.find((s) => s.text.startsWith('Observations of distant Type Ia supernovae'))!;
    const command = supernova.candidates[0]!.insert!;
    assert.match(supernova.candidates[0]!.title, /42 High-Redshift Supernovae/);
    assert.deepEqual(command.slice(0, 2), ['citefinder', 'insert']);
    assert.ok(command.includes('--sentence') && command.includes('doi:10.1086/307221'), command.join(' '));
    // The text says it as this CLI was started, with its --config: pasted into a shell, it cites.
    const config = join(dir, 'settings.json');
    writeFileSync(config, JSON.stringify({ 'citeKey.style': 'authorYearWord' }));
    const text = await runCli(['coverage', demo, '--find', '--min-score', '0.2', '--config', config], env);
    const hint = /\n {2}to cite the first: (\S*node \S+ insert --tex \S+ --line 5 --sentence 'Observations of distant[^\n]*)\n/.exec(text.stdout)?.[1];
    assert.ok(hint !== undefined && hint.endsWith(` --config ${config}`), text.stdout);
    assert.equal(path.resolve(hint.split(' ')[1]!), CLI);
    const shell = { env: { ...env, PATH: process.env.PATH ?? '' } };
    const pasted = await new Promise<number>((done) => execFile('sh', ['-c', hint], shell, (error) => done(error ? Number(error.code) : 0)));
    assert.equal(pasted, 0);
    assert.match(readFileSync(demo, 'utf8'), /the universe is accelerating~\\cite\{perlmutter1999\w*\}\.\n/);

    // An insert earlier on the line since: the citation still goes at the end of the sentence.
    writeFileSync(demo, DEMO_MANUSCRIPT.replace('Observations of distant', 'As shown~\\cite{riess1998}. Observations of distant'));
    const cited = await runCli(command.slice(1), env);
    assert.equal(cited.code, 0, cited.stderr);
    assert.match(readFileSync(demo, 'utf8'), /the universe is accelerating~\\cite\{perlmutter1999\w*\}\.\n/);
    // The sentence gone: nothing is inserted anywhere else.
    writeFileSync(demo, DEMO_MANUSCRIPT.replace('Observations of distant', 'Studies of nearby'));
    const gone = await runCli(command.slice(1), env);
    assert.equal(gone.code, 2);
    assert.match(gone.stderr, /is not in "[^"]*demo\.tex" any more; nothing was inserted/);
    assert.equal(readFileSync(demo, 'utf8'), DEMO_MANUSCRIPT.replace('Observations of distant', 'Studies of nearby'));
  });

  it('--find marks a retracted work and never offers the command that cites it', async () => {
    const tex = join(dir, 'wakefield.tex');
    const sentence = 'Wakefield et al. (1998) described twelve children with bowel disease and developmental regression.';
    writeFileSync(tex, `\\documentclass{article}\n\\begin{document}\n\\section{Introduction}\n${sentence}\n\\end{document}\n`);
    const run = await runCli(['coverage', tex, '--find', '--min-score', '0.2'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Ileal-lymphoid-nodular hyperplasia[^\n]* · RETRACTED/, run.stdout);
    assert.doesNotMatch(run.stdout, /to cite the first: [^\n]*s0140-6736/i, 'no command cites the retracted paper');
  });

  it('--find on a manuscript whose references are written by hand lists the works but offers no insert command (insert would refuse it)', async () => {
    const demo = join(dir, 'demo.tex');
    const list = '\\begin{thebibliography}{9}\n\\bibitem{riess1998} A. G. Riess et al., AJ 116, 1009 (1998).\n\\end{thebibliography}\n';
    writeFileSync(demo, DEMO_MANUSCRIPT.replace('\\end{document}', `${list}\\end{document}`));
    const text = await runCli(['coverage', demo, '--find', '--min-score', '0.2'], env);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /Observations of distant Type Ia supernovae[^\n]*\n {2}- [^\n]*42 High-Redshift Supernovae/);
    assert.doesNotMatch(text.stdout, /to cite the first/);
    assert.match(text.stderr, /writes its references by hand \(\\begin\{thebibliography\} at demo\.tex:10\)[^\n]*listed without insert commands/);
    const json = await runCli(['coverage', demo, '--find', '--min-score', '0.2', '--json'], env);
    const found = JSON.parse(json.stdout) as { candidates?: { insert?: string[] }[] }[];
    assert.ok(found.some((s) => (s.candidates ?? []).length > 0), json.stdout);
    assert.ok(found.every((s) => (s.candidates ?? []).every((c) => c.insert === undefined)), 'no insert command in the JSON');
  });

  it('--find offers no command for a work whose authority gives no BibTeX (the command would ask it again and fail)', async () => {
    const demo = join(dir, 'demo.tex');
    writeFileSync(demo, DEMO_MANUSCRIPT);
    // doi.org and Crossref answer as for a DOI they do not know, for the supernovae paper's alone.
    for (const service of ['doi', 'crossref'] as const) {
      const real = standIn.handlerOf(service)!;
      standIn.handle(service, (req, res) => (decodeURIComponent(req.url.pathname).includes('10.1086/307221') ? send(res, 404, 'Not Found') : real(req, res)));
    }
    const run = await runCli(['coverage', demo, '--find', '--min-score', '0.2'], env);
    assert.equal(run.code, 0, run.stderr);
    const block = run.stdout.split('\n[').find((b) => /^\d+\/\d+\] demo\.tex:5:/.test(b))!;
    const works = block.split('\n').filter((l) => l.startsWith('  - '));
    assert.match(works[0]!, /42 High-Redshift Supernovae/, block);
    assert.ok(works.every((l) => !l.includes('\\cite{')), 'none has a cite key: none has BibTeX');
    assert.doesNotMatch(block, /\n {2}to cite /, block);
    assert.match(block, /\n {2}\(no work shown has its BibTeX from its authority: none is offered to cite\)\n/, block);
  });

  it('--rerank asks the configured LLM once about the top of the list and prints its order and reasons; without an LLM it is refused', async () => {
    const args = ['coverage', join(dir, 'main.tex'), '--min-score', '0.05', '--rerank'];
    const refused = await runCli(args, { ...env, CITEFINDER_LLM_MODEL: '' });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--rerank asks an LLM: set llm\.model/);

    const plain = await runCli(['coverage', join(dir, 'main.tex'), '--min-score', '0.05'], env);
    const listedLines = (out: string) => out.split('\n').filter((l) => /^\S+:\d+:\d+: /.test(l));
    // The scripted model rates the authors' own work 1, a cue of earlier work 9, the rest 5.
    installOpenAi(standIn, { reply: scriptedReply });
    const llmEnv = { ...env, CITEFINDER_LLM_MODEL: 'gpt-4o-mini', CITEFINDER_COVERAGE_LLMRERANKTOP: '7' };
    const run = await runCli(args, llmEnv);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /• asking gpt-4o-mini to re-rank the top 7 sentences\n/);
    assert.equal(chatRequests(standIn).length, 1);
    const before = listedLines(plain.stdout);
    const after = listedLines(run.stdout);
    const whereOf = (line: string) => line.split(': ')[0];
    assert.deepEqual(after.map(whereOf).sort(), before.map(whereOf).sort(), 'the same sentences: none added, none dropped');
    const needs = after.slice(0, 7).map((l) => Number(/\(LLM (\d+)\/10: Scripted stand-in model/.exec(l)?.[1]));
    assert.deepEqual(needs, [...needs].sort((a, b) => b - a), after.slice(0, 7).join('\n'));
    assert.ok(needs.every((n) => [1, 5, 9].includes(n)), needs.join(','));
    // "In this paper, we propose …" (the authors' own work) moves below the general statements, to the
    // last of the seven; where the model had put it among them is the model's.
    const ownWork = (lines: string[]) => lines.findIndex((l) => l.includes('In this paper, we propose'));
    assert.equal(ownWork(after), 6, run.stdout);
    assert.ok(ownWork(before) >= 0 && ownWork(before) < 6, plain.stdout);
    assert.deepEqual(after.slice(7), before.slice(7), 'below the top 7 the model\'s order stands');
    assert.match(after.find((l) => l.includes('A number of approaches'))!, /\(LLM 9\/10: Scripted stand-in model: it reports earlier work\.\)/);

    const json = await runCli([...args, '--json'], llmEnv);
    const { sentences } = JSON.parse(json.stdout) as { sentences: (SentenceJson & { llm?: { need: number; rank: number } })[] };
    const rated = sentences.filter((s) => s.llm).sort((a, b) => a.llm!.rank - b.llm!.rank);
    assert.deepEqual(rated.map((s) => s.llm!.rank), [1, 2, 3, 4, 5, 6, 7]);
    assert.ok(rated.every((s) => s.needsCitation && !s.cited));

    // The LLM failing: the list keeps the model's order, with a warning.
    installOpenAi(standIn, { mode: 'http400' });
    const failed = await runCli(args, llmEnv);
    assert.equal(failed.code, 0, failed.stderr);
    assert.match(failed.stderr, /The LLM's re-ranking failed \(.*\); the list keeps the model's order\./);
    assert.deepEqual(listedLines(failed.stdout), before);
  });
});
