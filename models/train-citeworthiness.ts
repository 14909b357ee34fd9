// Trains the cite-worthiness model (src/core/coverage/citeworthinessModel.json): a logistic
// regression over the named features of src/core/coverage/features.ts and the wording of
// src/core/coverage/wording.ts, on training papers only: the unarXive sample's (every fifth paper
// by id is held apart for bench/citeworthiness.ts and never read here), CL-SciSumm's training
// papers and the open-access JATS full texts of fulltext-citations/.
//
//   npx esbuild models/train-citeworthiness.ts --bundle --platform=node --format=cjs --log-level=warning \
//     --outfile=out/models/train-citeworthiness.js && node out/models/train-citeworthiness.js /work/shared/datasets
//
// The training papers are split by paper (models/citeworthiness-data.ts). A model fitted on the
// training part is measured on the development part, where the threshold is chosen (RULE below);
// the shipped model is then fitted on both parts with the same settings and that threshold. Fitted
// by L-BFGS with a fixed budget (models/citeworthiness-fit.ts): the same data gives the same bytes.
// CITEWORTHINESS_MODEL_OUT=PATH writes elsewhere.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scoreWith as citeworthiness, type CiteworthinessModel } from '../src/core/coverage/scoring';
import { inCitingParagraphs } from '../bench/lib/labelled-sentences';
import { baselineOf, figuresOf, type Figures, type Scored } from '../bench/lib/citeworthiness-figures';
import type { TextPaper } from '../bench/lib/jats-sentences';
import { describe, readTrainingPapers } from './citeworthiness-data';
import { trainModel, type TrainOptions } from './citeworthiness-fit';

const OPTIONS: TrainOptions = {
  l2Named: 1,
  l2Wording: 40,
  iterations: 150,
  minPapers: 10,
  maxVocabulary: 8000,
  // The JATS texts (life sciences) outnumber the arXiv and ACL papers twentyfold; these weights
  // let the kind of paper a LaTeX writer writes count for more.
  corpusWeight: { unarxive: 20, 'cl-scisumm': 5 },
};

/**
 * RULE: on the development papers of the corpora written in LaTeX-like fields (THRESHOLD_CORPORA),
 * in paragraphs holding a citation, the lowest threshold (0.01 grid) at which MIN_PRECISION of the
 * sentences listed do cite. F1 is nearly flat between 0.10 and 0.25 there (0.60–0.61 with the
 * paper context, 2026-11-29) while precision rises from 0.50 to 0.64; the issue asks for
 * precision, so the list is cut where three of five listed sentences do cite.
 */
const THRESHOLD_CORPORA = new Set(['unarxive', 'cl-scisumm']);
const MIN_PRECISION = 0.6;

function main(): void {
  const data = process.argv[2];
  if (!data) {
    console.error('usage: node out/models/train-citeworthiness.js <datasets dir>');
    process.exit(2);
  }
  const split = readTrainingPapers(data);
  console.log(`train: ${describe(split.train)}\ndev: ${describe(split.dev)}`);
  const devModel = { ...trainModel(split.train, OPTIONS), threshold: 0.5 };
  const threshold = chooseThreshold(devModel, split.dev.filter((p) => THRESHOLD_CORPORA.has(p.corpus)));
  report(devModel, threshold, split.dev);
  curve(devModel, split.dev.filter((p) => THRESHOLD_CORPORA.has(p.corpus)));
  const model: CiteworthinessModel & { trainedOn: string } = {
    trainedOn: `training papers (train and dev, ${split.train.length + split.dev.length}): ${describe([...split.train, ...split.dev])}; held apart: every fifth unarXive paper by id`,
    ...trainModel([...split.train, ...split.dev], OPTIONS),
    threshold,
  };
  const out = process.env.CITEWORTHINESS_MODEL_OUT ?? join(__dirname, '..', '..', 'src', 'core', 'coverage', 'citeworthinessModel.json');
  writeFileSync(out, JSON.stringify(model, null, 2) + '\n');
  console.log(`\nwrote ${out} (${Object.keys(model.wording).length} words and pairs, threshold ${threshold})`);
  model.features.forEach((name, i) => console.log(`  ${model.weights[i]!.toFixed(3).padStart(8)}  ${name}`));
  const words = Object.entries(model.wording).sort((a, b) => b[1] - a[1]);
  console.log(`  strongest wording: ${words.slice(0, 25).map(([g, w]) => `${g} ${w.toFixed(2)}`).join(', ')}`);
  console.log(`  weakest wording: ${words.slice(-15).map(([g, w]) => `${g} ${w.toFixed(2)}`).join(', ')}`);
}

function scoredPapers(model: CiteworthinessModel, papers: TextPaper[], citingOnly: boolean): Scored[][] {
  return papers.map((p) =>
    (citingOnly ? inCitingParagraphs(p.sentences) : p.sentences).map((s) => ({ score: citeworthiness(s, model).score, positive: s.cited })),
  );
}

function chooseThreshold(model: CiteworthinessModel, papers: TextPaper[]): number {
  const scored = scoredPapers(model, papers, true);
  for (let t = 1; t < 100; t++) if (figuresOf(scored, t / 100).precision >= MIN_PRECISION) return t / 100;
  return 0.99;
}

function report(model: CiteworthinessModel, threshold: number, dev: TextPaper[]): void {
  const groups: [string, TextPaper[]][] = [
    ['unarXive dev', dev.filter((p) => p.corpus === 'unarxive')],
    ['CL-SciSumm dev', dev.filter((p) => p.corpus === 'cl-scisumm')],
    ['arXiv + CL-SciSumm dev (threshold chosen here)', dev.filter((p) => THRESHOLD_CORPORA.has(p.corpus))],
    ['JATS dev', dev.filter((p) => !THRESHOLD_CORPORA.has(p.corpus))],
  ];
  for (const [name, papers] of groups) {
    for (const citingOnly of [true, false]) {
      const scored = scoredPapers(model, papers, citingOnly);
      const n = scored.flat();
      console.log(`\n${name}, ${citingOnly ? 'paragraphs holding a citation' : 'whole papers'}: ${papers.length} papers, ${n.length} sentences, ${n.filter((s) => s.positive).length} cite (threshold ${threshold})`);
      printRow(figuresOf(scored, threshold), baselineOf(scored));
    }
  }
}

/** Precision, recall and F1 at a few thresholds: the trade-off the RULE picks from. */
function curve(model: CiteworthinessModel, papers: TextPaper[]): void {
  const scored = scoredPapers(model, papers, true);
  console.log('\narXiv + CL-SciSumm dev, paragraphs holding a citation: threshold  precision  recall  F1');
  for (let t = 10; t <= 80; t += 5) {
    const f = figuresOf(scored, t / 100);
    console.log(`  ${(t / 100).toFixed(2)}  ${f.precision.toFixed(3)}  ${f.recall.toFixed(3)}  ${f.f1.toFixed(3)}`);
  }
}

function printRow(model: Figures, baseline: Figures): void {
  for (const key of Object.keys(model) as (keyof Figures)[]) {
    console.log(`  ${key.padEnd(18)} model ${model[key].toFixed(3)}   flag-every-sentence ${baseline[key].toFixed(3)}`);
  }
}

main();
