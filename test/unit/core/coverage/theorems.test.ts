// Named theorems in Find Uncited Claims, on sentences of arXiv:2212.11826 (test/fixtures/coverage/notes.tex):
// a theorem titled with a published result's name is listed by its title unless it cites; an untitled
// one, and the statement's sentences of any, never are.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { readProse, scoreSentences } from '../../../../src/core/coverage';
import { namesPublishedResult, NAMED_RESULT_SCORE } from '../../../../src/core/coverage/theorems';
import { coverNotes, lineOf, NOTES_SOURCE as source } from '../../../helpers/coverageNotes';

describe('coverage: a theorem named after a published result', () => {
  const report = coverNotes();
  const titles = report.filter((s) => s.role === 'named result');

  it('lists the title of a named theorem that cites nothing, where the title stands, with a fixed score', () => {
    const listed = titles.filter((s) => s.needsCitation);
    assert.equal(listed.length, 1);
    const [title] = listed;
    assert.deepEqual([title!.text, title!.score, title!.reason], ['Representer theorem', NAMED_RESULT_SCORE, 'names a published result']);
    assert.deepEqual([title!.line, title!.column], [lineOf('\\begin{theorem}[Representer theorem]'), '\\begin{theorem}['.length]);
    assert.equal(source.slice(title!.start, title!.end), 'Representer theorem');
  });

  it('does not list one whose title or statement cites, nor the sentences of any theorem’s statement', () => {
    assert.deepEqual(titles.map((s) => [s.line, s.cited]), [
      [lineOf('\\begin{theorem}[Representer theorem]'), false],
      [lineOf('\\begin{theorem}[Representer theorem~'), true],
      [lineOf('\\begin{lemma}[Representer theorem]'), true],
    ], 'a title that is only a \\cite names nothing');
    const statements = report.filter((s) => s.role === 'statement');
    assert.equal(statements.length, 5);
    assert.ok(statements.every((s) => !s.needsCitation && s.score === 0));
    assert.ok(statements.some((s) => s.text.startsWith('The Quantum Path Kernel converges')), 'the untitled theorem is the paper’s own');
  });

  it('would hardly list a named result by the model’s score: its title read as an introduction’s sentences scores under 0.05', () => {
    const titlesAsProse = "\\section{Introduction}\nBanach fixed-point theorem.\n\nHoeffding's inequality.";
    const scored = scoreSentences(readProse('titles.tex', titlesAsProse).sentences);
    assert.deepEqual(scored.map((s) => s.text), ['Banach fixed-point theorem.', "Hoeffding's inequality."]);
    assert.ok(scored.every((s) => s.score < 0.05 && !s.needsCitation), JSON.stringify(scored.map((s) => s.score)));
  });

  it('tells a published result’s name from the paper’s own titles', () => {
    for (const named of ['Banach fixed-point theorem', "Hoeffding's inequality", 'Cauchy–Schwarz', 'Central limit theorem', 'Four colour theorem']) {
      assert.equal(namesPublishedResult(named), true, named);
    }
    for (const own of ['Main result', 'Upper bound', 'Informal', 'Convergence under Assumption', 'Restatement of the main theorem', 'Key lemma',
      'Proof of Theorem 2', 'Sharpness of Conjecture~1.3']) {
      assert.equal(namesPublishedResult(own), false, own);
    }
  });

  it('does not take a name used as the adjective of a setting for a named result', () => {
    for (const setting of ['Bound for Gaussian noise', 'Convergence in Hilbert spaces', 'Descent under Lipschitz gradients',
      'Mixing for Markovian dynamics', 'Consistency of Bayesian estimators', 'Rates for Non-Gaussian noise']) {
      assert.equal(namesPublishedResult(setting), false, setting);
    }
    for (const named of ['Johnson–Lindenstrauss', 'Borel-Cantelli lemma', 'Lemma of Zorn', "Zorn's lemma"]) {
      assert.equal(namesPublishedResult(named), true, named);
    }
  });

  // Optional titles of theorem-like environments of the unarXive 2022 sample (arXiv:2212.11797, 2212.11862,
  // 2212.11867), as its text renders them ("Lemma 3.2 (Partition of unity)"), formulas left out.
  it('reads real theorem titles of arXiv papers: a named formula is listed, the papers’ own results are not', () => {
    for (const named of ['Künneth formula for quantum cohomology', 'Product formula for GW classes']) {
      assert.equal(namesPublishedResult(named), true, named);
    }
    const own = ['Global Kuranishi charts for GW moduli spaces', 'Polarization: existence', 'Positivity', 'Unobstructed projective embedding',
      'Reduction of structure group', 'Extension of sections', 'Partition of unity', 'Cohomology vanishing I', 'Error estimation'];
    for (const title of own) assert.equal(namesPublishedResult(title), false, title);
  });
});

describe('coverage: a named theorem sourced by the sentence that leads into it', () => {
  const sourcedFile = fixturePath('coverage', 'sourced.tex');
  const text = readFileSync(sourcedFile, 'utf8');
  const titles = scoreSentences(readProse(sourcedFile, text).sentences).filter((s) => s.role === 'named result');
  const before = (s: { start: number }) => text.slice(0, s.start).trimEnd().split('\n').at(-2)!;

  it('does not list one after a citing sentence that ends right before it, in its paragraph or the one before', () => {
    assert.equal(titles.length, 5);
    assert.deepEqual(titles.slice(0, 3).map((s) => [s.cited, s.needsCitation]), [[true, false], [true, false], [true, false]]);
    assert.match(before(titles[2]!), /^% the statement/, 'a comment line between them breaks nothing');
  });

  it('lists one when the citing sentence is followed by an uncited one, or a heading stands between', () => {
    const listed = titles.filter((s) => s.needsCitation);
    assert.deepEqual(listed.map((s) => s.line), [titles[3]!.line, titles[4]!.line]);
    assert.match(before(titles[3]!), /We now prove the following\.$/);
    assert.match(before(titles[4]!), /^\\subsection/);
  });
});
