// Where the manuscript's sentences start and end when a citation, maths or a \ref opens one, an
// initial stands before a name or "et al." closes one: an uncited sentence must not hide in the
// cited one after it, nor a cited one fall apart into an uncited fragment.
import assert from 'node:assert/strict';
import { readProse } from '../../../../src/core/coverage';

/** Each sentence as [cited, the source it spans, its text]. */
function sentencesOf(body: string): [boolean, string, string][] {
  const source = `\\documentclass{article}\n\\usepackage{natbib}\n\\begin{document}\n${body}\n\\end{document}\n`;
  return readProse('main.tex', source).sentences.map((s) => [s.cited, source.slice(s.start, s.end), s.text]);
}

describe('coverage: sentence boundaries around citations, maths, initials and "et al."', () => {
  it('a sentence opening with \\citet is its own, and the uncited one before it is listed as uncited', () => {
    assert.deepEqual(sentencesOf(
      '\\section{Introduction}\nPrevious studies have shown that butyrate induces regulatory T cells in the colon. ' +
      '\\citet{turnbaugh2006} showed that the obese microbiome harvests more energy from the diet.',
    ), [
      [false, 'Previous studies have shown that butyrate induces regulatory T cells in the colon.',
        'Previous studies have shown that butyrate induces regulatory T cells in the colon.'],
      [true, '\\citet{turnbaugh2006} showed that the obese microbiome harvests more energy from the diet.',
        'showed that the obese microbiome harvests more energy from the diet.'],
    ]);
  });

  it('so does one opening with \\textcite, \\citeauthor, inline maths or a \\ref', () => {
    const opening = [
      '\\textcite{ley2006} showed that obesity alters the gut flora.',
      '\\citeauthor{smith2019} reported the same in mice~\\cite{smith2019}.',
      '$\\mathrm{SL}_2(\\mathbb{Z}/p)$ has property (T) for every prime $p$.',
      '\\ref{sec:proof} gives the proof.',
    ];
    for (const sentence of opening) {
      const found = sentencesOf(`The expander families are well studied. ${sentence}`);
      assert.deepEqual(found.map(([cited, spanned]) => [cited, spanned]), [
        [false, 'The expander families are well studied.'],
        [/cite/.test(sentence), sentence],
      ], sentence);
    }
  });

  it('a citation right after a full stop still belongs to the sentence before; after "et al." it opens nothing', () => {
    assert.deepEqual(sentencesOf('Treatment lowered the rate.~\\cite{a} Next came a trial. Smith et al.~\\cite{b} showed this.'), [
      [true, 'Treatment lowered the rate.', 'Treatment lowered the rate.'],
      [false, 'Next came a trial.', 'Next came a trial.'],
      [true, 'Smith et al.~\\cite{b} showed this.', 'Smith et al. showed this.'],
    ]);
  });

  it('an initial before a name splits no cited sentence into an uncited fragment', () => {
    const found = sentencesOf(
      '\\section{Related work}\nSequence alignment scores follow the extreme value distribution described by S. Karlin \\citep{karlin1990}.\n\n' +
      'Phylogenetic trees are commonly inferred by maximum likelihood, a method introduced to the field by J. Felsenstein \\cite{felsenstein1981}.',
    );
    assert.deepEqual(found.map(([cited, , text]) => [cited, text]), [
      [true, 'Sequence alignment scores follow the extreme value distribution described by S. Karlin.'],
      [true, 'Phylogenetic trees are commonly inferred by maximum likelihood, a method introduced to the field by J. Felsenstein.'],
    ]);
  });

  it('"et al." before a capitalised word ends an uncited sentence', () => {
    const found = sentencesOf(
      'Attention-based encoders were first applied to parsing by Vinyals et al. Graph-based parsers remain competitive on long sentences \\cite{dozat2017}.\n\n' +
      'Pointer networks were introduced by Vinyals et al.~\\cite{vinyals2015} Transition-based parsers are faster.',
    );
    assert.deepEqual(found.map(([cited, , text]) => [cited, text]), [
      [false, 'Attention-based encoders were first applied to parsing by Vinyals et al.'],
      [true, 'Graph-based parsers remain competitive on long sentences.'],
      [true, 'Pointer networks were introduced by Vinyals et al.'],
      [false, 'Transition-based parsers are faster.'],
    ]);
  });
});
