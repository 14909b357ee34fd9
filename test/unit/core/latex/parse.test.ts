// What latex/parse.ts makes of broken LaTeX, as coverage reads it: every node located in the source
// as written however the text was repaired, no command's name turned into words, and an
// environment the parser would take in silence (it reads an unpaired \begin as a plain command)
// closed and reported. Lines and columns are readProse's, 0-based like the editor's.
import assert from 'node:assert/strict';
import { latexParser } from 'latex-utensils';
import { readProse } from '../../../../src/core/coverage';
import { parseLatexReporting, type LatexNode } from '../../../../src/core/latex/parse';

const sentences = (source: string) => readProse('paper.tex', source).sentences.map((s) => [s.line, s.column, s.text]);

/** The text node reading `word`, anywhere below `nodes`. */
function textNode(nodes: LatexNode[], word: string): LatexNode | undefined {
  for (const node of nodes) {
    if (latexParser.isTextString(node) && node.content === word) return node;
    const record = node as { content?: unknown; args?: unknown };
    const below = [record.content, record.args].flatMap((c) => (Array.isArray(c) ? [textNode(c as LatexNode[], word)] : []));
    const found = below.find(Boolean);
    if (found) return found;
  }
  return undefined;
}

describe('parseLatexReporting: locations after a repair', () => {
  const source = [
    '\\documentclass{article}',
    '\\begin{document}',
    'The mean was $\\mu = 3.2 and the variance was small.',
    '',
    'Prior studies found a mean of 3.0. Later work confirmed it.',
    '',
    'A third {paragraph here.',
    '',
    'Fourth paragraph. It has two sentences.',
    '\\end{document}',
  ].join('\n');

  it('places every sentence after an inserted $ and } where it is written, and reads \\end{document} as no words', () => {
    assert.deepEqual(sentences(source), [
      [2, 0, 'The mean was'],
      [4, 0, 'Prior studies found a mean of 3.0.'],
      [4, 35, 'Later work confirmed it.'],
      [6, 0, 'A third paragraph here.'],
      [8, 0, 'Fourth paragraph.'],
      [8, 18, 'It has two sentences.'],
    ]);
  });

  it('gives each node the offset, line and column of the source as written', () => {
    const later = textNode(parseLatexReporting(source).nodes, 'Later');
    const offset = source.indexOf('Later');
    assert.deepEqual(later?.location, { start: { offset, line: 5, column: 36 }, end: { offset: offset + 5, line: 5, column: 41 } });
    const sentencesWord = textNode(parseLatexReporting(source).nodes, 'sentences.');
    assert.equal(sentencesWord?.location?.start.offset, source.indexOf('sentences.'));
  });

  it('leaves a stray \\end{itemize} out without turning its name into words or moving what follows', () => {
    const stray = [
      '\\documentclass{article}',
      '\\begin{document}',
      'Intro here. A sentence with a {brace.',
      '',
      '\\end{itemize} Stray end above.',
      '',
      'The mean was $x and more.',
      '',
      'Last one here.',
      '\\end{document}',
    ].join('\n');
    const reading = readProse('paper.tex', stray);
    assert.deepEqual(sentences(stray), [
      [2, 0, 'Intro here.'],
      [2, 12, 'A sentence with a brace.'],
      [4, 14, 'Stray end above.'],
      [6, 0, 'The mean was'],
      [8, 0, 'Last one here.'],
    ]);
    assert.ok(reading.warnings.includes('paper.tex:5: "\\end{itemize}" closes nothing; it was left out.'), reading.warnings.join('\n'));
  });
});

describe('parseLatexReporting: an environment left unclosed', () => {
  it('reads an unclosed equation as math to the end of its paragraph, and says so', () => {
    const source = [
      '\\begin{document}',
      'The energy is given by \\begin{equation} E = \\frac{1}{2} m v^2 + V(x) .',
      '',
      'Next paragraph here. It is prose.',
      '\\end{document}',
    ].join('\n');
    const reading = readProse('paper.tex', source);
    assert.deepEqual(sentences(source), [
      [1, 0, 'The energy is given by.'],
      [3, 0, 'Next paragraph here.'],
      [3, 21, 'It is prose.'],
    ]);
    assert.deepEqual(reading.warnings, ['paper.tex:2: \\begin{equation} is never closed; the rest of the paragraph was read as math.']);
  });

  it('reads an unclosed itemize to the \\end{document} after it, and says so', () => {
    const source = ['\\begin{document}', 'Some text here.', '\\begin{itemize}', '\\item First item.', '', 'After list.', '\\end{document}'].join('\n');
    const reading = readProse('paper.tex', source);
    assert.deepEqual(reading.warnings, ['paper.tex:3: \\begin{itemize} is never closed; it was read to the \\end{document} after it.']);
    assert.deepEqual(sentences(source), [
      [1, 0, 'Some text here.'],
      [3, 6, 'First item.'],
      [5, 0, 'After list.'],
    ]);
  });

  it('says nothing of a \\begin that only a macro or environment definition holds', () => {
    const source = '\\newcommand{\\be}{\\begin{equation}}\\def\\ee{\\end{equation}}\n\\newenvironment{box}{\\begin{center}}{\\end{center}}\nText.';
    assert.deepEqual(parseLatexReporting(source).problems, []);
  });
});
