// `citefinder insert --claim-line` on a line holding an informal citation: the CLI searches by
// author and year (stand-in services) and replaces the mention, keeping the prose of a sentence.
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startCliStandIn, stopCliStandIn, type CliStandIn } from '../../helpers/cliRun';



describe('informal citations: CLI insert --claim-line (stand-in)', function () {
  this.timeout(30_000);
  let dir: string;
  let env: Record<string, string>;
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-informal-', { CITEFINDER_FULLTEXT_ENABLED: 'false' });
    ({ dir, env } = cli);
  });
  afterEach(() => stopCliStandIn(cli));

  async function insertOn(line: string, preamble: string): Promise<{ text: string; key: string }> {
    const tex = join(dir, 'main.tex');
    writeFileSync(tex, `\\documentclass{article}\n${preamble}\\begin{document}\n${line}\n\\bibliography{refs}\n\\end{document}\n`);
    writeFileSync(join(dir, 'refs.bib'), '');
    const lineNumber = preamble ? 4 : 3;
    const run = await runCli(['insert', '--tex', tex, '--line', String(lineNumber), '--claim-line', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const key = (JSON.parse(run.stdout) as { key: string }).key;
    assert.match(readFileSync(join(dir, 'refs.bib'), 'utf8'), /10\.1086\/307221|astro-ph\/9812133/i, 'the entry of Perlmutter et al. 1999');
    return { text: readFileSync(tex, 'utf8').split('\n')[lineNumber - 1]!, key };
  }

  it('keeps the names of an in-sentence mention and puts the citation in place of the year', async () => {
    const { text, key } = await insertOn('As Perlmutter et al. (1999) showed, the expansion of the Universe accelerates.', '');
    assert.equal(text, `As Perlmutter et al.~\\cite{${key}} showed, the expansion of the Universe accelerates.`);
  });

  it('with --sentence, searches for that sentence, not the whole line it shares with another mention', async () => {
    const tex = join(dir, 'main.tex');
    const wakefield = 'Wakefield et al. (1998) described twelve children with bowel disease and developmental regression.';
    const perlmutter = 'As Perlmutter et al. (1999) showed, the expansion of the Universe accelerates.';
    writeFileSync(tex, `\\documentclass{article}\n\\begin{document}\n${wakefield} ${perlmutter}\n\\bibliography{refs}\n\\end{document}\n`);
    writeFileSync(join(dir, 'refs.bib'), '');
    const run = await runCli(['insert', '--tex', tex, '--line', '3', '--sentence', perlmutter, '--claim-line', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const key = (JSON.parse(run.stdout) as { key: string }).key;
    assert.match(readFileSync(join(dir, 'refs.bib'), 'utf8'), /10\.1086\/307221|astro-ph\/9812133/i, 'the entry of Perlmutter et al. 1999');
    assert.equal(readFileSync(tex, 'utf8').split('\n')[2], `${wakefield} As Perlmutter et al.~\\cite{${key}} showed, the expansion of the Universe accelerates.`);
  });

  it('replaces a mention as LaTeX writes it ("et al.\\ (1999)", "et~al.~(1999)", "\\emph{et al.} (1999)") as it does one in prose', async () => {
    for (const mention of ['Perlmutter et al.\\ (1999)', 'Perlmutter et~al.~(1999)', 'Perlmutter \\emph{et al.} (1999)']) {
      const { text, key } = await insertOn(`As ${mention} showed, the expansion of the Universe accelerates.`, '\\usepackage{natbib}\n');
      assert.equal(text, `As \\citet{${key}} showed, the expansion of the Universe accelerates.`, mention);
    }
    const { text, key } = await insertOn('As Perlmutter et al.\\ (1999) showed, the expansion of the Universe accelerates.', '');
    assert.equal(text, `As Perlmutter et al.~\\cite{${key}} showed, the expansion of the Universe accelerates.`);
  });

  it('replaces a bare mention with natbib\'s \\citep', async () => {
    const { text, key } = await insertOn('The expansion of the Universe accelerates [Perlmutter et al. 1999].', '\\usepackage{natbib}\n');
    assert.equal(text, `The expansion of the Universe accelerates~\\citep{${key}}.`);
  });
});

describe('informal citations: CLI find on the whole sentence (stand-in)', function () {
  this.timeout(30_000);
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-informal-find-', { CITEFINDER_FULLTEXT_ENABLED: 'false' });
  });
  afterEach(() => stopCliStandIn(cli));

  async function titlesFound(claim: string): Promise<string[]> {
    const run = await runCli(['find', '--claim', claim, '--json'], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    return (JSON.parse(run.stdout) as { candidates: { title: string }[] }).candidates.map((c) => c.title);
  }

  it('finds the work of a mention from the whole sentence, as from the mention alone (the offline demo\'s line)', async () => {
    const lancet = /Ileal-lymphoid-nodular hyperplasia/;
    assert.ok((await titlesFound('Wakefield et al. (1998)')).some((t) => lancet.test(t)), 'the mention alone');
    const sentence = await titlesFound('Wakefield et al. (1998) described twelve children with bowel disease and developmental regression.');
    assert.ok(sentence.some((t) => lancet.test(t)), `the whole sentence found: ${JSON.stringify(sentence)}`);
  });

  it('scores the papers found for a mention against the sentence it sits in, not against the names and year alone', async () => {
    const sentence = 'Wakefield et al. (1998) described twelve children with bowel disease and developmental regression.';
    const tex = join(cli!.dir, 'main.tex');
    writeFileSync(tex, `\\documentclass{article}\n\\begin{document}\n\\section{Clinical prediction}\n${sentence}\n\\end{document}\n`);
    type Found = { candidates: { title: string; score?: number; paragraphs?: { reason: string }[] }[] };
    const lancetOf = async (args: string[]) => {
      const run = await runCli(['find', '--claim', 'Wakefield et al. (1998)', ...args, '--json'], cli!.env);
      assert.equal(run.code, 0, run.stderr);
      const lancet = (JSON.parse(run.stdout) as Found).candidates.find((c) => /Ileal-lymphoid-nodular hyperplasia/.test(c.title));
      assert.ok(lancet, run.stdout);
      return lancet;
    };
    const alone = await lancetOf([]);
    const inSentence = await lancetOf(['--context-file', tex]);
    assert.match(inSentence.paragraphs![0]!.reason, /children|developmental/, 'the sentence\'s words are what matched');
    assert.ok(inSentence.score! > alone.score!, `${inSentence.score} against ${alone.score} for the mention alone`);
  });

  it('finds a PubMed Central article by its mention: the published lanes are searched for the author\'s works too', async () => {
    const claim = 'Wu et al. (2018) showed that the garlic-derived compound TSDB damages the cell membrane of Staphylococcus aureus.';
    const run = await runCli(['find', '--claim', claim, '--json'], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    type Found = { candidates: { doi?: string; pmcid?: string; namedInClaim?: string[] }[]; lanes: { lane: string; searched: boolean }[] };
    const result = JSON.parse(run.stdout) as Found;
    assert.equal(result.candidates[0]?.doi, '10.1371/journal.pone.0197348', JSON.stringify(result.candidates));
    assert.equal(result.candidates[0]?.pmcid, 'PMC5967733');
    // The card says why it stands first: its author is the one the sentence names.
    assert.deepEqual(result.candidates[0]?.namedInClaim, ['Tao Wu']);
    const text = await runCli(['find', '--claim', claim], cli!.env);
    assert.match(text.stdout, /^ {3}by Tao Wu, named in the claim · PMC5967733/m, text.stdout);
    assert.ok(result.lanes.some((l) => l.lane === 'pubmed' && l.searched), JSON.stringify(result.lanes));
  });

  it('reads a mention written in LaTeX ("et al.\\ (2018)", "et al.~(2018)", "\\emph{et al.}") as a citation, searched by author and year', async () => {
    for (const mention of ['Wu et al.\\ (2018)', 'Wu et al.~(2018)', 'Wu \\emph{et al.} (2018)']) {
      const run = await runCli(['find', '--claim', `${mention} showed that TSDB damages the cell membrane.`, '--json'], cli!.env);
      assert.equal(run.code, 0, run.stderr);
      const result = JSON.parse(run.stdout) as { queries: string[]; candidates: { doi?: string }[] };
      assert.deepEqual(result.queries, ['au:Wu TSDB damages cell membrane; 2017..2019'], mention);
      assert.equal(result.candidates[0]?.doi, '10.1371/journal.pone.0197348', mention);
    }
  });
});
