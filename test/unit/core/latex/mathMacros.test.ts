// Display math written through the document's own macros (\be … \ee), and lines that hidden text
// empties: what the parser reads must be what TeX typesets, on the sentences of arXiv:2212.11826's
// background (test/fixtures/coverage/qpk) written the way physics papers often write them.
import { strict as assert } from 'node:assert';
import { findMathMacros } from '../../../../src/core/latex/mathMacros';
import { visibleText } from '../../../../src/core/latex/hidden';
import { readProse } from '../../../../src/core/coverage';
import { parseClaim } from '../../../../src/core/claim';
import { citationSites } from '../../../../src/core/latex/citeSites';

const PREAMBLE = [
  '\\documentclass{article}',
  '\\newcommand{\\be}{\\begin{equation}}',
  '\\newcommand\\ee{\\end{equation}}',
  '\\def\\bea{\\begin{eqnarray}}',
  '\\def\\eea{\\end{eqnarray}}',
  '\\renewcommand*{\\bf}{\\textbf}',
  '\\begin{document}',
].join('\n');

const BACKGROUND = [
  'We denote by $\\mathcal{D}$ a labelled dataset of pairs that are i.i.d. sampled from an unknown probability distribution,',
  '\\be',
  '\\mathcal{D} = \\lbrace (\\mathbf{x}_i, y_i) \\rbrace_{i=1}^n \\subseteq \\mathcal{X}\\times \\mathcal{Y}. \\label{eq:data}',
  '\\ee',
  'This section briefly introduces the key concepts and notations in relation to Deep Learning, where',
  '\\bea f(x) &=& \\sigma(W x) \\eea',
  'is the network.',
  '\\end{document}',
].join('\n');

describe('display math through the document\'s macros, and lines hidden text empties', () => {
  it('finds the macros that open and close a math environment, whichever way they are defined, and no others', () => {
    const macros = findMathMacros([PREAMBLE]);
    assert.deepEqual([...macros.opens], [['be', 'equation'], ['bea', 'eqnarray']]);
    assert.deepEqual([...macros.closes], [['ee', 'equation'], ['eea', 'eqnarray']]);
    assert.equal(findMathMacros(['\\newcommand{\\bt}{\\begin{table}}']).opens.size, 0, 'a table is no math');
  });

  it('gives no sentence of the equation; its closing full stop ends the sentence before it', () => {
    const source = `${PREAMBLE}\n${BACKGROUND}\n`;
    const reading = readProse('paper.tex', source, '', { math: findMathMacros([source]) });
    assert.deepEqual(
      reading.sentences.map((s) => [s.line + 1, s.text]),
      [
        [8, 'We denote by a labelled dataset of pairs that are i.i.d. sampled from an unknown probability distribution,.'],
        [12, 'This section briefly introduces the key concepts and notations in relation to Deep Learning, where is the network.'],
      ],
    );
    const plain = readProse('paper.tex', source);
    assert.ok(plain.sentences.some((s) => s.text.includes('f(x)') || s.text.includes('sigma')), 'without the macros the equation reads as prose');
  });

  it('keeps every offset, and joins a line only hidden text filled, as TeX does; a blank line still ends the paragraph', () => {
    const source = 'Deep learning generalises\n% a note to self\nwell beyond its training set.\n\nA new paragraph % with a note\n\nends here.';
    const visible = visibleText(source);
    assert.equal(visible.length, source.length);
    assert.equal(visible.split('\n').length, source.split('\n').length - 1, 'the comment line\'s newline is a space; every other stays');
    const sentences = readProse('paper.tex', source).sentences.map((s) => [s.line + 1, s.text]);
    assert.deepEqual(sentences, [
      [1, 'Deep learning generalises well beyond its training set.'],
      [5, 'A new paragraph'],
      [7, 'ends here.'],
    ]);
  });

  it('reads a hidden block whole, its blank lines too: TeX skips them, so the paragraph goes on', () => {
    const source = [
      'Deep learning generalises',
      '\\iffalse',
      'An old paragraph.',
      '',
      'Another old one.',
      '\\fi',
      'well beyond its training set.',
      '\\begin{comment}',
      'A draft.',
      '',
      '\\end{comment}',
      'So does boosting.',
      '',
      '\\iftrue Kept text. \\else Gone.',
      '',
      'Also gone. \\fi',
      'ends here.',
    ].join('\n');
    const visible = visibleText(source);
    assert.equal(visible.length, source.length);
    const sentences = readProse('paper.tex', source).sentences.map((s) => [s.line + 1, s.text]);
    assert.deepEqual(sentences, [
      [1, 'Deep learning generalises well beyond its training set.'],
      [12, 'So does boosting.'],
      [14, 'Kept text. ends here.'],
    ]);
  });

  it('leaves the claim words free of an equation written through a macro, read from the document that defines it', () => {
    const document = `${PREAMBLE}\n${BACKGROUND}\n`;
    const selection = BACKGROUND.split('\n').slice(4, 7).join('\n');
    const claim = parseClaim(selection, document, document.indexOf(selection));
    assert.equal(claim.text.replace(/\s+/g, ' ').trim(), 'This section briefly introduces the key concepts and notations in relation to Deep Learning, where is the network.');
  });

  it('gives the audit the citing sentence without the equation, over a comment line, at its lines as written', () => {
    const source = [
      PREAMBLE,
      'Quantum neural networks have been shown to train faster than their classical analogues,',
      '% TODO: check the bound',
      '\\be T = O(\\log n) \\ee',
      'on certain artificial tasks~\\cite{abbas2021}.',
      '\\end{document}',
    ].join('\n');
    const [site] = citationSites('paper.tex', source);
    assert.equal(site!.sentence, 'Quantum neural networks have been shown to train faster than their classical analogues, on certain artificial tasks.');
    assert.deepEqual([site!.sentenceRange.start.line, site!.range.start.line], [7, 10]);
  });
});
