// The cite-worthiness model's fit (models/train-citeworthiness.ts): L2-regularised logistic
// regression over the named features of src/core/coverage/features.ts (dense) and the wording of
// src/core/coverage/wording.ts (sparse, a vocabulary chosen on the training papers), by L-BFGS
// with a fixed iteration budget and a backtracking line search: the same data in the same order
// gives the same weights, bit for bit.
import { FEATURE_NAMES, featuresOf } from '../src/core/coverage/features';
import { wordingOf } from '../src/core/coverage/wording';
import type { LabelledSentence } from '../bench/lib/labelled-sentences';
import type { CiteworthinessModel } from '../src/core/coverage/scoring';

export interface Example {
  dense: number[];
  /** Indices into the vocabulary (offset by the dense features). */
  sparse: number[];
  y: number;
  w: number;
}

export interface FitOptions {
  /** L2 on the named features' weights (the bias excepted) and on the wording's. */
  l2Named: number;
  l2Wording: number;
  iterations: number;
}

/** Words and pairs used in at least `minPapers` training papers, most used first, at most `max`. */
export function vocabularyOf(papers: LabelledSentence[][], minPapers: number, max: number): string[] {
  const papersUsing = new Map<string, number>();
  for (const paper of papers) {
    const seen = new Set(paper.flatMap((s) => wordingOf(s.text)));
    for (const gram of seen) papersUsing.set(gram, (papersUsing.get(gram) ?? 0) + 1);
  }
  return [...papersUsing.entries()]
    .filter(([, n]) => n >= minPapers)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, max)
    .map(([gram]) => gram);
}

export function exampleOf(s: LabelledSentence, index: Map<string, number>, w: number): Example {
  const sparse = wordingOf(s.text).flatMap((g) => (index.has(g) ? [index.get(g)!] : []));
  return { dense: featuresOf(s), sparse: sparse.sort((a, b) => a - b), y: s.cited ? 1 : 0, w };
}

function margin(e: Example, weights: Float64Array): number {
  let z = 0;
  for (let i = 0; i < e.dense.length; i++) z += e.dense[i]! * weights[i]!;
  for (const j of e.sparse) z += weights[e.dense.length + j]!;
  return z;
}

/** The penalised loss and its gradient. */
function lossAndGradient(data: Example[], weights: Float64Array, options: FitOptions): { loss: number; gradient: Float64Array } {
  const dims = data[0]?.dense.length ?? FEATURE_NAMES.length;
  const gradient = new Float64Array(weights.length);
  let loss = 0;
  for (const e of data) {
    const z = margin(e, weights);
    // log(1 + e^z) - y z, computed stably
    loss += e.w * ((z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - e.y * z);
    const g = e.w * (1 / (1 + Math.exp(-z)) - e.y);
    for (let i = 0; i < dims; i++) gradient[i]! += g * e.dense[i]!;
    for (const j of e.sparse) gradient[dims + j]! += g;
  }
  for (let i = 1; i < weights.length; i++) {
    const l2 = i < dims ? options.l2Named : options.l2Wording;
    loss += 0.5 * l2 * weights[i]! * weights[i]!;
    gradient[i]! += l2 * weights[i]!;
  }
  return { loss, gradient };
}

const dot = (a: Float64Array, b: Float64Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);

/** L-BFGS (memory 10); returns the weights rounded to 4 decimals. */
export function fitWeights(data: Example[], vocabulary: number, options: FitOptions): number[] {
  let weights: Float64Array = new Float64Array((data[0]?.dense.length ?? FEATURE_NAMES.length) + vocabulary);
  let { loss, gradient } = lossAndGradient(data, weights, options);
  const history: { s: Float64Array; y: Float64Array; rho: number }[] = [];
  for (let it = 0; it < options.iterations; it++) {
    const direction = twoLoop(gradient, history);
    let step = it === 0 ? 1 / Math.sqrt(dot(gradient, gradient)) : 1;
    const slope = dot(gradient, direction);
    let next: Float64Array;
    let trial: { loss: number; gradient: Float64Array };
    for (;;) {
      next = weights.map((v, i) => v + step * direction[i]!);
      trial = lossAndGradient(data, next, options);
      if (trial.loss <= loss + 1e-4 * step * slope || step < 1e-10) break;
      step /= 2;
    }
    const s = next.map((v, i) => v - weights[i]!);
    const y = trial.gradient.map((v, i) => v - gradient[i]!);
    const sy = dot(s, y);
    if (sy > 1e-12) history.push({ s, y, rho: 1 / sy });
    if (history.length > 10) history.shift();
    const improvement = loss - trial.loss;
    weights = next;
    ({ loss, gradient } = trial);
    if (improvement < 1e-7 * Math.max(1, Math.abs(loss))) break;
  }
  return [...weights].map((v) => Math.round(v * 1e4) / 1e4);
}

/** The descent direction −H·g from the stored pairs. */
function twoLoop(gradient: Float64Array, history: { s: Float64Array; y: Float64Array; rho: number }[]): Float64Array {
  const q = Float64Array.from(gradient);
  const alphas: number[] = [];
  for (let k = history.length - 1; k >= 0; k--) {
    const { s, y, rho } = history[k]!;
    const a = rho * dot(s, q);
    alphas[k] = a;
    for (let i = 0; i < q.length; i++) q[i]! -= a * y[i]!;
  }
  const last = history.at(-1);
  const gamma = last ? dot(last.s, last.y) / dot(last.y, last.y) : 1;
  for (let i = 0; i < q.length; i++) q[i]! *= gamma;
  for (let k = 0; k < history.length; k++) {
    const { s, y, rho } = history[k]!;
    const b = rho * dot(y, q);
    for (let i = 0; i < q.length; i++) q[i]! += s[i]! * (alphas[k]! - b);
  }
  return q.map((v) => -v);
}

export interface TrainOptions extends FitOptions {
  /** A word or pair must be used in this many training papers to get a weight. */
  minPapers: number;
  maxVocabulary: number;
  /** Each sentence of a corpus weighs this much (1 when not named). */
  corpusWeight: Record<string, number>;
}

/** Fits the named features and the wording on these papers; the threshold is left to the caller. */
export function trainModel(papers: { corpus: string; sentences: LabelledSentence[] }[], options: TrainOptions): Omit<CiteworthinessModel, 'threshold'> {
  const vocabulary = vocabularyOf(papers.map((p) => p.sentences), options.minPapers, options.maxVocabulary);
  const index = new Map(vocabulary.map((g, i) => [g, i]));
  const data = papers.flatMap((p) => p.sentences.map((s) => exampleOf(s, index, options.corpusWeight[p.corpus] ?? 1)));
  const weights = fitWeights(data, vocabulary.length, options);
  const wording: Record<string, number> = {};
  vocabulary.forEach((g, i) => {
    const w = weights[FEATURE_NAMES.length + i]!;
    if (w !== 0) wording[g] = w;
  });
  return { features: [...FEATURE_NAMES], weights: weights.slice(0, FEATURE_NAMES.length), wording };
}
