// How coverage reads a project's prose: only the document's body, a project's own citation
// macros, pseudo-code, brace-less \input and accents (bugs found by exploratory testing).
import assert from 'node:assert/strict';
import { readProse } from '../../../../src/core/coverage';

const texts = (source: string) => readProse('main.tex', source).sentences.map((s) => s.text);

describe('coverage: prose is the document’s body', () => {
  it('reads nothing of the preamble: \\hypersetup, \\newtheorem and a macro’s \\citet are no prose', () => {
    const source = [
      '\\documentclass{article}',
      '\\usepackage{natbib}',
      '\\hypersetup{pdftitle={It has been shown that neural networks are universal approximators}}',
      '\\newtheorem{theorem}{Theorem}',
      '\\newcommand{\\seecite}[1]{see~\\citet{#1}}',
      '\\begin{document}',
      'It has been shown that aspirin reduces the risk of colorectal cancer.',
      '',
      'Previous studies found that statins lower LDL cholesterol by about 30\\%.',
      '\\end{document}',
    ].join('\n');
    const { sentences } = readProse('main.tex', source);
    assert.deepEqual(
      sentences.map((s) => [s.line + 1, s.cited, s.text]),
      [
        [7, false, 'It has been shown that aspirin reduces the risk of colorectal cancer.'],
        [9, false, 'Previous studies found that statins lower LDL cholesterol by about 30%.'],
      ],
    );
  });

  it('reads a preamble-less chapter file whole, and skips a whole document written out by filecontents', () => {
    assert.deepEqual(texts('Deep networks generalise well in practice.\n'), ['Deep networks generalise well in practice.']);
    const source = [
      '\\documentclass{article}',
      '\\begin{filecontents}{inner.tex}',
      '\\begin{document}Not this one.\\end{document}',
      '\\end{filecontents}',
      '\\hypersetup{pdftitle={Previous studies reported that the preamble is read}}',
      '\\begin{document}',
      'Dropout prevents co-adaptation of hidden units.',
      '\\end{document}',
    ].join('\n');
    assert.deepEqual(texts(source), ['Dropout prevents co-adaptation of hidden units.']);
  });
});
