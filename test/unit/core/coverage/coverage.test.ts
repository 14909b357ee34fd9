// Citation coverage on a real paper's sentences (arXiv:2212.11826, test/fixtures/coverage): the
// sentence whose citation was taken out is listed with its reason, the paper's own contribution
// and abstract are not, a sentence that cites (a footnote's \cite included) never is, hidden text
// and math give no sentence, and a paragraph that does not parse is reported with its line.
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fixturePath } from '../../../standin/server';
import {
  coverageOfProject, CITEWORTHINESS_MODEL, readProse, scoreSentences, type CoverageProgress, type CoverageReport, type SentenceCoverage,
} from '../../../../src/core/coverage';
import type { TexFiles } from '../../../../src/core/manuscript/project';
import { byText } from '../../../helpers/coverageNotes';

const project = fixturePath('coverage', 'qpk');

function diskFiles(folder: string): TexFiles {
  return {
    read: (file) => readFile(file, 'utf8').catch(() => undefined),
    list: async () => (await readdir(folder)).filter((f) => f.endsWith('.tex')).map((f) => join(folder, f)),
  };
}


describe('coverage: the sentences that still need a citation', () => {
  let report: CoverageReport;
  let sources: Map<string, string>;
  before(async () => {
    report = await coverageOfProject({ file: join(project, 'main.tex'), scope: 'project', files: diskFiles(project) });
    sources = new Map();
    for (const name of ['main.tex', 'intro.tex']) sources.set(join(project, name), await readFile(join(project, name), 'utf8'));
  });
  const sourceOf = (s: SentenceCoverage) => sources.get(s.file)!.slice(s.start, s.end);

  it('lists the introduction sentence whose citation was removed, first, with where it stands and why', () => {
    const top = report.flagged[0]!;
    assert.match(top.text, /^A number of approaches, including layer-wise training of quantum neural networks, have been proposed/);
    assert.equal(top.file, join(project, 'intro.tex'));
    assert.deepEqual([top.line, top.column], [3, 248]);
    assert.equal(sourceOf(top), top.text);
    assert.equal(top.reason, 'states a result of earlier work');
    assert.equal(top.section, 'Introduction', 'the chapter file starts in the section its root left it in');
  });

  it('does not list the paper’s own contribution, its abstract or its notation', () => {
    for (const own of ['In this paper, we propose a method', 'In this paper, we introduce the Quantum Path Kernel', 'We denote by a labelled dataset']) {
      const sentence = byText(report.sentences, own);
      assert.equal(sentence.needsCitation, false, own);
    }
    assert.equal(byText(report.sentences, 'In this paper, we introduce').inAbstract, true);
  });

  it('reads the body’s paper context without the footnotes: counted with them, the footnote’s \\cite would lift the own work over the threshold', () => {
    const own = (sentences: SentenceCoverage[]) => byText(sentences, 'In this paper, we propose a method').score;
    // The footnote's sentence ("See \cite{…} for its definition.") read as body prose: one pass over everything.
    const onePass = scoreSentences(report.sentences.map((s) => (s.role === 'footnote' ? { ...s, role: undefined } : s)));
    assert.equal(report.sentences.filter((s) => s.role === 'footnote').length, 1);
    assert.deepEqual([own(report.sentences), own(onePass)], [0.207, 0.255], 'the figures docs/coverage.md gives');
    assert.ok(own(onePass) >= CITEWORTHINESS_MODEL.threshold && own(report.sentences) < CITEWORTHINESS_MODEL.threshold);
  });

  it('never lists a sentence that cites, whatever the minimum score; a \\cite in a footnote counts', async () => {
    const everything = await coverageOfProject({ file: join(project, 'main.tex'), scope: 'project', files: diskFiles(project), minScore: 0 });
    const citing = everything.sentences.filter((s) => /\\cite\{/.test(sourceOf(s)));
    assert.equal(citing.length, 6, "five in the body, and the footnote's own sentence");
    for (const s of citing) assert.deepEqual([s.cited, s.needsCitation, s.score], [true, false, 0], s.text);
    assert.ok(everything.flagged.every((s) => !s.cited));
    const footnoted = byText(everything.sentences, 'Much of the recent study of the dynamics');
    assert.equal(footnoted.cited, true);
    assert.doesNotMatch(footnoted.text, /See|definition/, 'the footnote is not part of the sentence');
  });

  it('gives no sentence from math, comments or \\iffalse, and splits at a display equation’s full stop', () => {
    const intro = sources.get(join(project, 'intro.tex'))!;
    const equation = { start: intro.indexOf('\\begin{equation}'), end: intro.indexOf('\\end{equation}') + '\\end{equation}'.length };
    for (const s of report.sentences.filter((x) => x.file.endsWith('intro.tex'))) {
      assert.ok(s.start < equation.start || s.start >= equation.end, `"${s.text}" starts inside the equation`);
      assert.ok(s.end <= equation.start || s.end >= equation.end, `"${s.text}" ends inside the equation`);
    }
    assert.equal(byText(report.sentences, 'The NTK hence approximates').text, 'The NTK hence approximates the behavior of predictors via a linear model.');
    assert.ok(byText(report.sentences, 'It is often therefore applied'));
    assert.ok(!report.sentences.some((s) => /theta|Various works|computational advantage/.test(s.text)));
  });

  it('reads only the given file with scope "file"', async () => {
    const intro = join(project, 'intro.tex');
    const fileOnly = await coverageOfProject({ file: intro, scope: 'file', files: diskFiles(project) });
    assert.ok(fileOnly.sentences.length > 5);
    assert.ok(fileOnly.sentences.every((s) => s.file === intro));
    // Listed alone, a sentence scores as it does in the whole project: the rest of the paper is read.
    const inProject = new Map(report.sentences.map((s) => [`${s.file}:${s.start}`, s.score]));
    assert.ok(fileOnly.sentences.some((s) => s.score > 0));
    for (const s of fileOnly.sentences) assert.equal(s.score, inProject.get(`${s.file}:${s.start}`), s.text);
  });

  it('reads a file that does not parse as far as it can and reports the rest with its line', async () => {
    const file = fixturePath('coverage', 'broken.tex');
    const reading = readProse(file, await readFile(file, 'utf8'));
    assert.deepEqual(reading.warnings, [`${file}:6: this paragraph could not be read as LaTeX; its sentences are left out.`]);
    assert.deepEqual(
      reading.sentences.map((s) => [s.line + 1, s.cited, s.text.slice(0, 30)]),
      [
        [4, false, 'It has been quantitatively sho'],
        [9, true, 'Another strategy is to introdu'],
        [10, false, 'Both approaches involve the pr'],
      ],
    );
  });

  it('says where a repair decided what the text means: an unclosed $ or environment, a stray closer, each with its line', () => {
    const source = [
      '\\documentclass{article}',
      '\\begin{document}',
      'It has been quantitatively shown that QNNs can be trained faster than their classical analogues.',
      'The nonlinearity of projections of rotation operators, $U(\\theta, is exploited here. Deep networks have been shown to generalise.',
      '',
      'Another strategy is to introduce nonlinearity via the measurement operation}.',
      '\\begin{itemize}',
      '\\item Both approaches involve the projection of the quantum state into a subspace.',
      '\\end{document}',
    ].join('\n');
    const reading = readProse('paper.tex', source);
    assert.deepEqual(reading.warnings, [
      'paper.tex:4: "$" is not closed in its paragraph; the rest of the paragraph was read as math.',
      'paper.tex:6: "}" closes nothing; it was left out.',
      'paper.tex:7: \\begin{itemize} is never closed; it was read to the \\end{document} after it.',
    ]);
    const texts = reading.sentences.map((s) => s.text);
    assert.ok(!texts.some((t) => t.includes('generalise')), 'what the repair read as math gives no sentence');
    assert.ok(texts.some((t) => t.startsWith('Both approaches involve')), texts.join(' | '));
  });

  it('reports nothing for a file that parses as written, whatever it holds', () => {
    const source = '\\begin{document}\nCosts of \\$5 and {\\em braces} and $x^{2}$ and \\[ y \\] are fine~\\cite{a}.\n\\end{document}\n';
    assert.deepEqual(readProse('paper.tex', source).warnings, []);
  });

  it('does not count a \\ref as a citation', () => {
    const [sentence] = readProse('x.tex', 'In this regime, the network exhibits lazy training (see Eq.~\\ref{eq:linear}).').sentences;
    assert.equal(sentence?.cited, false);
  });
});

describe('coverage: progress and cancel, for a project that takes a while', () => {
  const file = join(project, 'main.tex');

  it('tells each file read and the sentences scored, and gives the same report as without', async () => {
    const events: CoverageProgress[] = [];
    const report = await coverageOfProject({ file, scope: 'project', files: diskFiles(project), onProgress: (p) => events.push(p) });
    const reading = events.filter((e) => e.stage === 'reading');
    assert.deepEqual(reading, [0, 1].map((done) => ({ stage: 'reading', done, total: 2 })));
    const scoring = events.slice(2);
    assert.ok(scoring.length > 0 && scoring.every((e) => e.stage === 'scoring' && e.total === report.sentences.length), JSON.stringify(scoring));
    assert.ok(scoring.every((e, i) => e.done === 0 || e.done >= scoring[i - 1]!.done), 'scoring only moves forward');
    assert.deepEqual(report, await coverageOfProject({ file, scope: 'project', files: diskFiles(project) }));
  });

  it('stops with an AbortError when cancelled while reading or before it starts', async () => {
    const controller = new AbortController();
    const onProgress = (p: CoverageProgress) => p.stage === 'scoring' && controller.abort();
    await assert.rejects(coverageOfProject({ file, scope: 'project', files: diskFiles(project), onProgress, signal: controller.signal }), { name: 'AbortError' });
    await assert.rejects(coverageOfProject({ file, scope: 'project', files: diskFiles(project), signal: AbortSignal.abort() }), { name: 'AbortError' });
  });
});
