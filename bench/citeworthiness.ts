// Cite-worthiness on the unarXive sample's held-apart papers (every fifth by id; the model was
// fitted on the others by models/train-citeworthiness.ts): precision, recall and F1 of "needs a
// citation" at the model's threshold, average precision of the ranking, precision of the ten
// sentences ranked highest per paper, each beside the "flag every sentence" baseline, in
// paragraphs that hold a citation and on whole papers. Neighbours' citations are read as they
// stand (as in the editor, where the other sentences keep theirs). Then the editor's reader on
// each held-apart paper rebuilt as LaTeX: the share of sentences carrying a \cite that are
// listed (must be 0), the time to cover a 30-page manuscript (goal under 1 s), the same with a
// footnote closing every third paragraph (whose sentences take a second scoring pass), and a
// book-length project's time and longest hold on the event loop.
//
//   node dist/bench/citeworthiness.js DATA_DIR     (DATA_DIR holds unarxive-sample/)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { citeworthiness } from '../src/core/coverage/model';
import { CITEWORTHINESS_MODEL, coverageOfProject, readProse, scoreSentences } from '../src/core/coverage';
import { inCitingParagraphs, isHeldApart, readUnarxive, type LabelledSentence, type Paper } from './lib/unarxive-sentences';
import { baselineOf, figuresOf, type Figures, type Scored } from './lib/citeworthiness-figures';

function scored(sentences: LabelledSentence[]): Scored[] {
  return sentences.map((s) => ({ score: citeworthiness(s).score, positive: s.cited }));
}

function printFigures(title: string, papers: LabelledSentence[][]): void {
  const sentences = papers.flat();
  console.log(`\n${title}: ${sentences.length} sentences, ${sentences.filter((s) => s.cited).length} cite`);
  const model = figuresOf(papers.map(scored), CITEWORTHINESS_MODEL.threshold);
  const baseline = baselineOf(papers.map(scored));
  console.log('  figure                 model   flag-every-sentence');
  for (const key of Object.keys(model) as (keyof Figures)[]) {
    console.log(`  ${key.padEnd(20)} ${model[key].toFixed(3).padStart(7)}   ${baseline[key].toFixed(3).padStart(7)}`);
  }
}

/** Sentences whose source holds a \cite, and how many of them the reader lists. */
function citedListed(papers: Paper[]): { cited: number; listed: number } {
  let cited = 0;
  let listed = 0;
  for (const paper of papers) {
    const reading = readProse('paper.tex', paper.latex);
    for (const s of scoreSentences(reading.sentences)) {
      const citesInSource = /\\cite\{/.test(paper.latex.slice(s.start, s.end));
      if (citesInSource) cited++;
      if (citesInSource && s.needsCitation) listed++;
    }
  }
  return { cited, listed };
}

/** LaTeX characters on a page of an article (one column, 10pt, some math). */
const PAGE_CHARS = 3500;

/** A footnote of the kind a writer leaves uncited. */
const FOOTNOTE = '\\footnote{Previous studies have reported similar effects in other settings.}';

/** Held-apart papers' bodies, cut at a paragraph once 30 pages are reached; with `footnotes`, one ends every third paragraph. */
async function timeThirtyPages(papers: Paper[], footnotes = false): Promise<{ chars: number; sentences: number; ms: number }> {
  const body = (latex: string) => latex.replace(/^[\s\S]*?\\begin\{document\}|\\end\{document\}[\s\S]*$/g, '');
  let text = '';
  for (let i = 0; text.length < PAGE_CHARS * 30; i++) text += body(papers[i % papers.length]!.latex);
  text = text.slice(0, text.lastIndexOf('\n\n', PAGE_CHARS * 30));
  let paragraph = 0;
  if (footnotes) text = text.replace(/\n\n/g, (gap) => (paragraph++ % 3 === 0 ? FOOTNOTE + gap : gap));
  const source = `\\documentclass{article}\n\\begin{document}\n${text}\\end{document}\n`;
  const files = { read: async () => source, list: async () => ['/bench/main.tex'] };
  const started = performance.now();
  const report = await coverageOfProject({ file: '/bench/main.tex', scope: 'project', files });
  return { chars: source.length, sentences: report.sentences.length, ms: performance.now() - started };
}

/**
 * A book-length project: BOOK_CHAPTERS chapter files of 10 pages each, cut from every paper's body
 * in turn, \input by one root. Its time, and the longest the event loop waited meanwhile (what an
 * editor's host would freeze for; the reading hands it back between slices).
 */
const BOOK_CHAPTERS = 100;
async function timeBook(papers: Paper[]): Promise<{ chars: number; sentences: number; ms: number; longestStallMs: number }> {
  const body = (latex: string) => latex.replace(/^[\s\S]*?\\begin\{document\}|\\end\{document\}[\s\S]*$/g, '');
  const chapters = new Map<string, string>();
  let next = 0;
  for (let c = 0; c < BOOK_CHAPTERS; c++) {
    let text = `\\chapter{Chapter ${c + 1}}\n`;
    while (text.length < PAGE_CHARS * 10) text += body(papers[next++ % papers.length]!.latex);
    text = text.slice(0, text.lastIndexOf('\n\n', PAGE_CHARS * 10));
    chapters.set(`/book/chapter${c + 1}.tex`, text);
  }
  const root = `\\documentclass{book}\n\\begin{document}\n${[...chapters.keys()].map((f) => `\\input{${f.slice(6, -4)}}`).join('\n')}\n\\end{document}\n`;
  chapters.set('/book/main.tex', root);
  const files = { read: async (file: string) => chapters.get(file), list: async () => [...chapters.keys()] };
  const stalls = watchStalls();
  const started = performance.now();
  const report = await coverageOfProject({ file: '/book/main.tex', scope: 'project', files });
  const ms = performance.now() - started;
  const chars = [...chapters.values()].reduce((sum, text) => sum + text.length, 0);
  return { chars, sentences: report.sentences.length, ms, longestStallMs: stalls() };
}

/** A 10 ms ticker; the stop function gives the longest gap between its ticks (a run that never yields is one gap). */
function watchStalls(): () => number {
  let last = performance.now();
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  };
  const timer = setInterval(tick, 10);
  return () => {
    tick();
    clearInterval(timer);
    return longest;
  };
}

async function main(): Promise<void> {
  const data = process.argv[2];
  if (!data || !existsSync(join(data, 'unarxive-sample'))) {
    console.log('citeworthiness: skipped (give the datasets folder holding unarxive-sample/)');
    return;
  }
  const papers = readUnarxive(data);
  const held = papers.filter((p) => isHeldApart(p, papers));
  console.log(`held-apart papers: ${held.map((p) => p.id).join(', ')} (threshold ${CITEWORTHINESS_MODEL.threshold})`);
  printFigures('paragraphs holding a citation', held.map((p) => inCitingParagraphs(p.sentences)));
  printFigures('whole papers', held.map((p) => p.sentences));
  // Timed first, before any other LaTeX is read in this process: the cost of a first run.
  const timing = await timeThirtyPages(held);
  const { cited, listed } = citedListed(held);
  console.log(`\nsentences carrying a \\cite in the rebuilt LaTeX: ${cited}; listed: ${listed} (${((100 * listed) / Math.max(1, cited)).toFixed(1)}%)`);
  console.log(`30 pages (${timing.chars} characters, ${timing.sentences} sentences), the process's first run: ${timing.ms.toFixed(0)} ms`);
  const again = await timeThirtyPages(held);
  const noted = await timeThirtyPages(held, true);
  console.log(
    `the same 30 pages again: ${again.ms.toFixed(0)} ms; with a footnote ending every third paragraph ` +
      `(${noted.sentences - again.sentences} footnote sentences): ${noted.ms.toFixed(0)} ms`,
  );
  const book = await timeBook(papers);
  console.log(
    `a book of ${BOOK_CHAPTERS} chapter files (${book.chars} characters, ${book.sentences} sentences): ${book.ms.toFixed(0)} ms, ` +
      `the event loop held at most ${book.longestStallMs.toFixed(0)} ms at a time`,
  );
  if (listed > 0) process.exitCode = 1;
}

void main();
