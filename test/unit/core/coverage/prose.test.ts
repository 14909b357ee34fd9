// How coverage reads a project's prose: only the document's body, a project's own citation
// macros, pseudo-code, code blocks, captions, front matter, an abstract in a file of its own,
// brace-less \input, accents and a byte-order mark (bugs found by exploratory testing).
import assert from 'node:assert/strict';
import { coverageOfProject, readProse } from '../../../../src/core/coverage';
import { findCitationMacros } from '../../../../src/core/latex/citeMacros';
import { latexToPlainText } from '../../../../src/core/latex/plainText';
import type { TexFiles } from '../../../../src/core/manuscript/project';

/** A project in memory: file name to text. */
function memoryFiles(files: Record<string, string>): TexFiles {
  return { read: async (file) => files[file], list: async () => Object.keys(files) };
}

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

  it('leaves a sentence that ends before a number uncited by the next one\'s citation', () => {
    const source = '\\begin{document}\nOne-year survival was 12\\% in the control arm. 30 patients were enrolled in the trial~\\cite{smith2020}.\n\\end{document}';
    assert.deepEqual(
      readProse('main.tex', source).sentences.map((s) => [s.cited, s.text]),
      [
        [false, 'One-year survival was 12% in the control arm.'],
        [true, '30 patients were enrolled in the trial.'],
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

describe('coverage: a project’s own citation macros cite', () => {
  const preamble = [
    '\\documentclass{article}',
    '\\newcommand{\\refp}[1]{\\citep{#1}}',
    '\\def\\seeref#1{see~\\refp{#1}}',
    '\\DeclareRobustCommand{\\attrib}[2][]{\\citet[#1]{#2}}',
    '\\newcommand{\\later}[1]{\\nocite{#1}}',
  ];

  it('counts a macro whose body cites (defined any way, or built on another) as a citation; its key is no prose', () => {
    const macros = findCitationMacros([preamble.join('\n')]);
    assert.deepEqual([...macros].sort(), ['attrib', 'refp', 'seeref'], 'a macro that only \\nocite-s cites for no sentence');
    const body = [
      '\\begin{document}',
      'Dropout prevents co-adaptation of hidden units in large networks \\refp{srivastava2014}.',
      '',
      'Batch normalisation speeds up training (\\seeref{ioffe2015}).',
      '',
      'Residual connections ease optimisation \\attrib[p.~3]{he2016}.',
      '\\end{document}',
    ];
    const { sentences } = readProse('main.tex', [...preamble, ...body].join('\n'), '', { citations: macros });
    assert.deepEqual(
      sentences.map((s) => [s.cited, s.text]),
      [
        [true, 'Dropout prevents co-adaptation of hidden units in large networks.'],
        [true, 'Batch normalisation speeds up training.'],
        [true, 'Residual connections ease optimisation.'],
      ],
    );
  });

  it('counts an alias of a cite command (\\let, \\NewCommandCopy, \\LetLtxMacro) as a citation, its key no prose', () => {
    const aliases = [
      '\\let\\refp\\citep',
      '\\global\\let\\seeref=\\citet',
      '\\NewCommandCopy{\\refq}{\\parencite}',
      '\\LetLtxMacro\\refz\\refp',
      '\\let\\oldsection\\section',
    ].join('\n');
    const macros = findCitationMacros([aliases]);
    assert.deepEqual([...macros].sort(), ['refp', 'refq', 'refz', 'seeref']);
    const body = '\\begin{document}\nResidual networks won the ImageNet challenge in 2015 \\refp[see][p.~3]{he2016}.\n' +
      'Attention replaced recurrence \\refz{vaswani2017}.\n\\seeref{devlin2019} introduced masked language modelling.\n\\end{document}';
    const { sentences } = readProse('main.tex', `${aliases}\n${body}`, '', { citations: macros });
    assert.deepEqual(sentences.map((s) => [s.cited, s.text]), [
      [true, 'Residual networks won the ImageNet challenge in 2015.'],
      [true, 'Attention replaced recurrence.'],
      [true, 'introduced masked language modelling.'],
    ]);
  });

  it('counts a starred use of an xparse macro (\\refs*[p.~2]{key}) as a citation, its key no prose', () => {
    const xparse = '\\NewDocumentCommand{\\refs}{s O{} m}{\\IfBooleanTF{#1}{\\citet[#2]{#3}}{\\citep[#2]{#3}}}';
    const source = [xparse, '\\begin{document}', 'Typesetting is an art~\\refs*[p.~2]{knuth1984}. Fonts matter.', '\\end{document}'].join('\n');
    const { sentences } = readProse('main.tex', source, '', { citations: findCitationMacros([xparse]) });
    assert.deepEqual(sentences.map((s) => [s.cited, s.text]), [[true, 'Typesetting is an art.'], [false, 'Fonts matter.']]);
  });

  it('finds the macro in the root’s preamble for a chapter file that uses it', async () => {
    const files = memoryFiles({
      '/p/main.tex': [...preamble, '\\begin{document}', '\\input{intro}', '\\end{document}'].join('\n'),
      '/p/intro.tex': 'Dropout prevents co-adaptation of hidden units in large networks \\refp{srivastava2014}.\n',
    });
    const report = await coverageOfProject({ file: '/p/main.tex', scope: 'project', files });
    assert.deepEqual(
      report.sentences.map((s) => [s.file, s.cited, s.text]),
      [['/p/intro.tex', true, 'Dropout prevents co-adaptation of hidden units in large networks.']],
    );
  });

  it('cites a theorem’s statement when its optional argument cites', () => {
    const source = [
      '\\begin{theorem}[Four colour theorem, \\cite{appel1977}]',
      'Every planar map can be coloured with four colours. The proof needs a computer.',
      '\\end{theorem}',
    ].join('\n');
    assert.deepEqual(
      readProse('main.tex', source).sentences.map((s) => [s.cited, s.text]),
      [
        [true, 'Four colour theorem'],
        [true, 'Every planar map can be coloured with four colours.'],
        [false, 'The proof needs a computer.'],
      ],
    );
  });
});

describe('coverage: pseudo-code is no prose', () => {
  it('gives no sentence from algorithm2e’s algorithm, procedure and function, nor from algorithmic', () => {
    const source = [
      'We train the network with the procedure below',
      '\\begin{algorithm}[t]',
      'Initialise the weights randomly. Repeat until convergence.',
      '\\caption{Training loop}',
      '\\end{algorithm}',
      'It converges in a few epochs.',
      '\\begin{procedure}',
      'Compute the gradient of the loss. Update the weights.',
      '\\end{procedure}',
      '\\begin{function}',
      'Return the sum of the list.',
      '\\end{function}',
      '\\begin{algorithm*}',
      'Shuffle the data set.',
      '\\end{algorithm*}',
      '\\begin{algorithmic}',
      'Sort the list by key.',
      '\\end{algorithmic}',
    ].join('\n');
    assert.deepEqual(texts(source), ['We train the network with the procedure below', 'It converges in a few epochs.']);
    assert.equal(latexToPlainText(source), 'We train the network with the procedure below It converges in a few epochs.', 'nor in a claim');
  });
});

describe('coverage: front matter', () => {
  it('gives no sentence from keywords, highlights, ACM’s CCS concepts, PACS codes or a subject class', () => {
    const source = [
      '\\begin{document}',
      '\\begin{keyword}\nprime editing \\sep variant effect\n\\end{keyword}',
      '\\begin{highlights}\n\\item Prime editing measures thousands of variants at once.\n\\end{highlights}',
      '\\begin{IEEEkeywords}\nDeep learning, residual networks.\n\\end{IEEEkeywords}',
      '\\begin{CCSXML}\n<ccs2012><concept><concept_desc>Computing methodologies~Machine learning</concept_desc></concept></ccs2012>\n\\end{CCSXML}',
      '\\ccsdesc[500]{Computing methodologies~Machine learning}',
      '\\pacs{67.25.-k}\n\\subjclass[2020]{05C15}',
      '\\section{Introduction}',
      'Residual networks won the ImageNet challenge in 2015.',
      '\\end{document}',
    ].join('\n');
    assert.deepEqual(texts(source), ['Residual networks won the ImageNet challenge in 2015.']);
  });
});

describe('coverage: an abstract in a file of its own', () => {
  it('reads the file included inside the abstract environment as the abstract, scored as written inline', async () => {
    const abstract = 'Large language models are known to memorise their training data.\n' +
      'Recent studies have shown that extraction attacks recover verbatim text from GPT-2.\n';
    const body = '\\section{Introduction}\nDeep residual learning makes very deep networks trainable~\\citep{he2016}.\n\\end{document}\n';
    const root = (inside: string) => `\\documentclass{article}\n\\begin{document}\n\\begin{abstract}\n${inside}\\end{abstract}\n${body}`;
    const read = async (files: Record<string, string>) =>
      (await coverageOfProject({ file: '/p/main.tex', scope: 'project', files: memoryFiles(files) })).sentences.filter((s) => !s.cited);
    const included = await read({ '/p/main.tex': root('\\input{sections/abstract}\n'), '/p/sections/abstract.tex': abstract });
    const inline = await read({ '/p/main.tex': root(abstract) });
    assert.deepEqual(included.map((s) => [s.file, s.inAbstract, s.score]), inline.map((s) => ['/p/sections/abstract.tex', true, s.score]));
    assert.ok(included.every((s) => !s.needsCitation));
  });
});

describe('coverage: a file that starts with a byte-order mark', () => {
  it('counts the first line’s columns after the mark, as editors do', () => {
    const source = '\uFEFFDark energy dominates. It is poorly understood.\r\nIt may be a constant.\r\n';
    const sentences = readProse('main.tex', source).sentences;
    assert.deepEqual(sentences.map((s) => [s.text, s.line, s.column]), [
      ['Dark energy dominates.', 0, 0],
      ['It is poorly understood.', 0, 23],
      ['It may be a constant.', 1, 0],
    ]);
    assert.equal(source.slice(sentences[0]!.start, sentences[0]!.end), 'Dark energy dominates.', 'offsets stay those of the text as read');
  });
});

describe('coverage: captions', () => {
  it('gives no sentence from a caption outside a float (\\captionof, \\subcaptionbox)', () => {
    const source = [
      'The loss falls steadily during training.',
      '\\begin{minipage}{0.5\\textwidth}',
      '\\captionof{figure}{Validation loss of the model over training epochs.}',
      '\\subcaptionbox{Accuracy on the test split.}{\\includegraphics{acc}}',
      '\\end{minipage}',
    ].join('\n');
    assert.deepEqual(texts(source), ['The loss falls steadily during training.']);
  });
});

describe('coverage: code blocks', () => {
  it('gives no sentence from fancyvrb’s Verbatim (an unbalanced brace, a % and a \\cite in it) nor from alltt', () => {
    const source = [
      'Transformers replaced recurrence with attention~\\cite{vaswani2017}.',
      'The configuration reads',
      '\\begin{Verbatim}[frame=single]',
      'The model is trained with Adam. Learning rates follow a cosine schedule. { % not a comment',
      '\\cite{notacitation}',
      '\\end{Verbatim}',
      'and the run ends after ten epochs.',
      '',
      '\\begin{BVerbatim}',
      'Batch normalisation stabilises training.',
      '\\end{BVerbatim}',
      '\\begin{alltt}',
      'Dropout prevents overfitting.',
      '\\end{alltt}',
    ].join('\n');
    const sentences = readProse('main.tex', source).sentences;
    assert.deepEqual(sentences.map((s) => [s.text, s.cited]), [
      ['Transformers replaced recurrence with attention.', true],
      ['The configuration reads and the run ends after ten epochs.', false],
    ]);
    assert.deepEqual(readProse('main.tex', source).warnings, []);
  });
});

describe('coverage: a brace-less \\input', () => {
  it('reads no sentence from the file name of `\\input ch/intro`, and starts that file in the section it stands in', () => {
    const reading = readProse('main.tex', '\\section{Introduction}\nDeep networks generalise well.\n\\input ch/intro\nThey also overfit.\n');
    assert.deepEqual(reading.sentences.map((s) => s.text), ['Deep networks generalise well.', 'They also overfit.']);
    assert.deepEqual([...reading.inclusions], [['ch/intro', 'Introduction']]);
  });
});

describe('coverage: warnings', () => {
  it('name the file relative to the root’s folder, as the sentences’ files are shown', async () => {
    const files = memoryFiles({
      '/p/main.tex': '\\documentclass{article}\n\\begin{document}\n\\input{ch/intro}\n\\end{document}\n',
      '/p/ch/intro.tex': 'Deep networks generalise well.\nThe loss $L(\\theta, is smooth.\n',
    });
    const report = await coverageOfProject({ file: '/p/main.tex', scope: 'project', files });
    assert.deepEqual(report.warnings, ['ch/intro.tex:2: "$" is not closed in its paragraph; the rest of the paragraph was read as math.']);
  });
});

describe('coverage: accents', () => {
  it('keeps an accent written without braces, as with them, and maps the sentence back to its source', () => {
    const source = 'The theorem of Lov\\\'asz, R\\\'enyi, G\\"odel and Erd\\H{o}s is well known.\n\n\\\'Etude of graphs is old.';
    const { sentences } = readProse('main.tex', source);
    assert.deepEqual(sentences.map((s) => s.text), ['The theorem of Lovász, Rényi, Gödel and Erdős is well known.', 'Étude of graphs is old.']);
    assert.equal(source.slice(sentences[1]!.start, sentences[1]!.end), '\\\'Etude of graphs is old.');
  });
});
