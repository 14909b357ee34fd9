// Citation coverage: which sentences of a manuscript still need a citation. The project is read as
// the audit reads it (root found, \input/\include/subfiles followed, hidden text left out), each
// file's prose split into sentences (prose.ts), and every sentence that cites nothing is scored by
// the cite-worthiness model (model.ts). A sentence that cites is never listed.
import * as path from 'node:path';
import type { TexFiles } from '../manuscript/project';
import { resolveRootFile } from '../manuscript/projectRoot';
import { walkIncludes, type ProjectTree } from '../manuscript/projectTree';
import { readProse, type ProseSentence } from './prose';
import { findMathMacros } from '../latex/mathMacros';
import { findCitationMacros } from '../latex/citeMacros';
import { CITEWORTHINESS_MODEL, citeworthiness, type CiteworthinessModel } from './model';
import { paperContextSteps, runToEnd, type PaperContext } from './paperContext';
import { NAMED_RESULT_REASON, NAMED_RESULT_SCORE, STATEMENT_REASON } from './theorems';

export { readProse, type ProseSentence } from './prose';
export { CITEWORTHINESS_MODEL } from './model';
export { rerankWithLlm, type LlmOpinion, type Reranked } from './rerank';

export interface CoverageInput {
  /** Any .tex file of the project. */
  file: string;
  /** 'file': the sentences of `file` only; 'project': of every file from the root. */
  scope: 'file' | 'project';
  files: TexFiles;
  /** Lists sentences scoring at least this; the model's threshold when not given. */
  minScore?: number;
  /** Told as files are read and sentences scored (a book-length project takes seconds). */
  onProgress?: (progress: CoverageProgress) => void;
  /** Stops the reading with an AbortError. */
  signal?: AbortSignal;
}

export interface CoverageProgress {
  stage: 'reading' | 'scoring';
  /** Files read of the project's, or sentences scored of all. */
  done: number;
  total: number;
}

/** Work between two hand-backs to the event loop: an editor's host stays responsive meanwhile. */
const SLICE_MS = 50;

export interface SentenceCoverage extends ProseSentence {
  /** 0..1; 0 for a sentence that cites. */
  score: number;
  needsCitation: boolean;
  /** Why it needs one, in words; '' for a sentence that cites. */
  reason: string;
}

export interface CoverageReport {
  root: string;
  /** Every prose sentence, cited or not, in document order. */
  sentences: SentenceCoverage[];
  /** The sentences that need a citation, most needed first. */
  flagged: SentenceCoverage[];
  /** Each names its file relative to the root's folder, with its line: `ch/intro.tex:4: …`. */
  warnings: string[];
  /** The include tree as read, so that a caller asking more of the project reads no file again. */
  tree: ProjectTree;
}

export async function coverageOfProject(input: CoverageInput): Promise<CoverageReport> {
  const text = await input.files.read(input.file);
  if (text === undefined) throw new Error(`Cannot read "${input.file}".`);
  const root = await resolveRootFile(input.file, text, input.files);
  const tree = await walkIncludes(root.file, root.text, input.files);
  // Warnings name a file as the report's sentences do: relative to the root's folder.
  const shown = (file: string) => path.relative(path.dirname(root.file), file) || path.basename(file);
  const warnings = tree.loops.map((loop) => `The project includes itself in a loop (${loop}); each file is read once.`);
  const read = tree.files.length ? tree.files : [{ file: input.file, text }];
  const prose: ProseSentence[] = [];
  const pause = pacer(input.signal);
  // Files are read in document order, so each chapter starts in the section it is included from.
  const sections = new Map<string, string>();
  const sources = read.map((file) => file.text);
  const macros = { math: findMathMacros(sources), citations: findCitationMacros(sources) };
  for (const [done, file] of read.entries()) {
    input.onProgress?.({ stage: 'reading', done, total: read.length });
    await pause();
    const reading = readProse(file.file, file.text, sectionIncluding(file.file, sections), macros, shown(file.file));
    for (const [name, section] of reading.inclusions) sections.set(name, section);
    // Every file's sentences are scored (a sentence's score reads the whole paper's habits), one file's listed.
    prose.push(...reading.sentences);
    if (input.scope === 'file' && file.file !== input.file) continue;
    warnings.push(...reading.warnings);
    for (const gone of tree.missing.filter((m) => m.file === file.file)) {
      warnings.push(`${shown(gone.file)}:${gone.line}: ${gone.written}: no such file; its sentences are not read.`);
    }
  }
  const threshold = input.minScore ?? CITEWORTHINESS_MODEL.threshold;
  const steps = scorePasses(prose, threshold, CITEWORTHINESS_MODEL);
  let step: IteratorResult<number, Map<ProseSentence, SentenceCoverage>> = { done: false, value: 0 };
  while (!step.done) {
    input.onProgress?.({ stage: 'scoring', done: Math.floor(step.value * prose.length), total: prose.length });
    await pause();
    step = steps.next();
  }
  const scored = step.value;
  const sentences = prose.map((s) => coverageOf(s, scored, threshold));
  const listed = input.scope === 'file' ? sentences.filter((s) => s.file === input.file) : sentences;
  const flagged = listed.filter((s) => s.needsCitation).sort((a, b) => b.score - a.score);
  return { root: root.file, sentences: listed, flagged, warnings, tree };
}

/** Hands the event loop back once SLICE_MS of work has passed, and stops when the signal is aborted. */
function pacer(signal?: AbortSignal): () => Promise<void> {
  let last = performance.now();
  return async () => {
    signal?.throwIfAborted();
    if (performance.now() - last < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    last = performance.now();
    signal?.throwIfAborted();
  };
}

function sectionIncluding(file: string, sections: Map<string, string>): string {
  const bare = file.replace(/\.tex$/, '').split(path.sep).join('/');
  const named = [...sections.keys()].find((name) => bare.endsWith('/' + name.replace(/^\.\//, '')));
  return named === undefined ? '' : sections.get(named)!;
}

/** Scores the sentences that cite nothing; their neighbours' and the rest of the text's citations are read from the list. */
export function scoreSentences(
  sentences: ProseSentence[],
  minScore?: number,
  model: CiteworthinessModel = CITEWORTHINESS_MODEL,
): SentenceCoverage[] {
  const threshold = minScore ?? model.threshold;
  const scored = runToEnd(scorePasses(sentences, threshold, model));
  return sentences.map((s) => coverageOf(s, scored, threshold));
}

/**
 * The model's scores of the sentences it scores (uncited prose), pass by pass, yielding the share of
 * the passes' sentences read so far (0..1), so that a caller in an editor can report it and pause.
 */
function* scorePasses(
  sentences: ProseSentence[],
  threshold: number,
  model: CiteworthinessModel,
): Generator<number, Map<ProseSentence, SentenceCoverage>> {
  const scored = new Map<ProseSentence, SentenceCoverage>();
  const passes = scoringPasses(sentences);
  // Progress counts the sentences, however many passes read them.
  const work = passes.reduce((sum, pass) => sum + pass.sentences.length, 0);
  const share = (done: number) => (work ? done / work : 1);
  let before = 0;
  for (const { sentences: pass, wanted } of passes) {
    const steps = paperContextSteps(pass, wanted);
    let step = steps.next();
    for (; !step.done; step = steps.next()) yield share(before + step.value);
    for (let i = 0; i < pass.length; i++) {
      if (i % 256 === 0) yield share(before + pass.length);
      if (wanted(i)) scored.set(pass[i]!, scoreSentence(pass, i, step.value[i]!, threshold, model));
    }
    before += pass.length;
  }
  return scored;
}

/** A list the model reads as the whole text, and which of its sentences take their score from it. */
interface ScoringPass {
  sentences: ProseSentence[];
  wanted: (i: number) => boolean;
}

/**
 * The lists the model scores: the body's prose, which is read as it was before footnotes were (a
 * footnote's `\cite` already counts for its host sentence, and counted again it would raise every other
 * sentence's context), for its uncited sentences that are no theorem's statement; then, when there are
 * footnotes, the body with them, for the footnotes' uncited sentences. A named result's title is in
 * neither: it is no sentence of a paragraph (theorems.ts says how it is scored, and a statement's
 * sentences are never listed).
 */
function scoringPasses(sentences: ProseSentence[]): ScoringPass[] {
  const body = sentences.filter((s) => s.role === undefined || s.role === 'statement');
  const withNotes = sentences.filter((s) => s.role !== 'named result');
  const uncited = (list: ProseSentence[], role: ProseSentence['role']) => (i: number) => !list[i]!.cited && list[i]!.role === role;
  const passes = [{ sentences: body, wanted: uncited(body, undefined) }];
  return withNotes.length > body.length ? [...passes, { sentences: withNotes, wanted: uncited(withNotes, 'footnote') }] : passes;
}

/** The model's score, except for a theorem's title (a fixed score) and its statement (never listed: see theorems.ts). */
function coverageOf(s: ProseSentence, scored: Map<ProseSentence, SentenceCoverage>, threshold: number): SentenceCoverage {
  if (s.cited) return { ...s, score: 0, needsCitation: false, reason: '' };
  if (s.role === 'statement') return { ...s, score: 0, needsCitation: false, reason: STATEMENT_REASON };
  if (s.role === 'named result') return { ...s, score: NAMED_RESULT_SCORE, needsCitation: NAMED_RESULT_SCORE >= threshold, reason: NAMED_RESULT_REASON };
  return scored.get(s)!;
}

function scoreSentence(
  sentences: ProseSentence[],
  i: number,
  context: PaperContext,
  threshold: number,
  model: CiteworthinessModel,
): SentenceCoverage {
  const s = sentences[i]!;
  const previous = s.index > 0 ? sentences[i - 1] : undefined;
  const next = s.index < s.count - 1 ? sentences[i + 1] : undefined;
  const paragraph = sentences.slice(i - s.index, i - s.index + s.count);
  const { score, reason } = citeworthiness(
    {
      text: s.text,
      section: s.section,
      inAbstract: s.inAbstract,
      index: s.index,
      count: s.count,
      previousCited: previous?.cited ?? false,
      nextCited: next?.cited ?? false,
      othersCited: paragraph.filter((other) => other.cited).length,
      ...context,
    },
    model,
  );
  const rounded = Math.round(score * 1000) / 1000;
  return { ...s, score: rounded, needsCitation: rounded >= threshold, reason };
}
