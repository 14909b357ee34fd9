// The router's model as models/train-router.ts builds it: claim-sized examples, the two fitted
// learners, and their blend into the one integer table that src/core/routing/model.ts scores.
import { headedSentences, type LabelledDoc } from '../bench/data/rxiv';
import { extractFeatures } from '../src/core/routing/features';
import type { ContextSource, RouterModel } from '../src/core/routing/model';
import { termWeightsOf } from '../src/core/models/routerTerms';
import type { Discipline } from '../src/core/types';
import { fitNaiveBayes, fitWeights, type Example, type Hyper } from './train-router-learners';

const MIN_DF = 2;
const SCALE = 20;
/** Terms kept in the shipped model, strongest first: bounds router.json's size. */
const MAX_TERMS = 40000;

export interface Settings extends Hyper {
  /** Naive Bayes smoothing strength. */
  mu: number;
  /** How much of the Naive Bayes weights is added to the regression's. */
  bayesShare: number;
  temperature: number;
  contextWeights: Record<ContextSource, number>;
}

/** Claim-sized training texts of a document: its title and each abstract sentence (labels removed). */
function textsOf(doc: LabelledDoc): string[] {
  return [doc.title, ...headedSentences(doc.abstract).map((s) => s.text)].filter((t) => t.trim());
}

function vocabularyOf(docs: LabelledDoc[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const doc of docs) for (const f of extractFeatures(`${doc.title}. ${doc.abstract}`).features) df.set(f, (df.get(f) ?? 0) + 1);
  const kept = [...df.entries()].filter(([, n]) => n >= MIN_DF).map(([f]) => f).sort();
  return new Map(kept.map((f, i) => [f, i]));
}

function examplesOf(docs: LabelledDoc[], classes: Discipline[], vocab: Map<string, number>): Example[] {
  return docs.flatMap((doc) =>
    textsOf(doc).map((text) => ({
      label: classes.indexOf(doc.discipline),
      features: extractFeatures(text).features.map((f) => vocab.get(f)).filter((i): i is number => i !== undefined),
    })),
  );
}

/** The fitted learners of one training set, before blending (blending is cheap, fitting is not). */
export interface Fitted {
  classes: Discipline[];
  vocab: Map<string, number>;
  regression: { weights: Float64Array; bias: Float64Array };
  bayes: Float64Array;
}

export function fitLearners(docs: LabelledDoc[], classes: Discipline[], settings: Hyper & { mu: number }): Fitted {
  const vocab = vocabularyOf(docs);
  const examples = examplesOf(docs, classes, vocab);
  return {
    classes,
    vocab,
    regression: fitWeights(examples, vocab.size, classes.length, settings),
    bayes: fitNaiveBayes(examples, vocab.size, classes.length, settings.mu),
  };
}

/** One integer table: regression weights plus `bayesShare` times the Naive Bayes ones, centred per term. */
export function blend({ classes, vocab, regression, bayes }: Fitted, settings: Omit<Settings, keyof Hyper | 'mu'>, meta: Record<string, unknown>): RouterModel {
  const n = classes.length;
  const rows = [...vocab.entries()].map(([f, i]) => {
    const row = classes.map((_, c) => regression.weights[i * n + c]! + settings.bayesShare * bayes[i * n + c]!);
    const mean = row.reduce((a, b) => a + b, 0) / n;
    const centred = row.map((w) => Math.round((w - mean) * SCALE));
    return { f, centred, spread: Math.max(...centred) - Math.min(...centred) };
  });
  const kept = rows
    .filter((r) => r.spread > 0)
    .sort((a, b) => b.spread - a.spread || (a.f < b.f ? -1 : 1))
    .slice(0, MAX_TERMS)
    .sort((a, b) => (a.f < b.f ? -1 : 1));
  const meanBias = regression.bias.reduce((a, b) => a + b, 0) / n;
  return {
    version: 3,
    classes,
    bias: Array.from(regression.bias, (b) => round(b - meanBias, 4)),
    scale: SCALE,
    temperature: settings.temperature,
    contextWeights: settings.contextWeights,
    terms: termWeightsOf(Object.fromEntries(kept.map((r) => [r.f, r.centred]))),
    meta,
  };
}

function round(x: number, digits: number): number {
  return Number(x.toFixed(digits));
}
