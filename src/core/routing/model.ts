// The discipline model: a multinomial Naive Bayes over binarised stemmed unigrams and bigrams,
// trained by scripts/train-router.ts on real arXiv / bioRxiv / medRxiv titles and abstracts and
// stored in model.json. Each term keeps one small integer per class: its log-likelihood minus the
// term's mean over classes, times `scale` (the mean cancels in the posterior, so it is dropped).
import type { Discipline } from '../types';
import { extractFeatures } from './features';

export interface RouterModel {
  version: number;
  classes: Discipline[];
  /** Log prior per class. */
  logPrior: number[];
  /** Terms' integer weights are log-likelihoods times this. */
  scale: number;
  /** Divides the summed log-likelihoods; fitted on the dev split so confidences are roughly calibrated. */
  temperature: number;
  terms: Record<string, number[]>;
  /** How the model was built and how it scored on its dev split (for the record). */
  meta: Record<string, unknown>;
}

export interface Evidence {
  /** Feature (stemmed), its surface form in the text, and its weight per class (nats). */
  feature: string;
  surface: string;
  weights: number[];
  fromContext: boolean;
}

export interface ModelScores {
  /** Posterior per class, in model.classes order. */
  posterior: number[];
  evidence: Evidence[];
  /** Content tokens of the main text that the model knows. */
  knownFeatures: number;
}

/**
 * Scores `text` plus an optional `context` (the manuscript's title and abstract). The two
 * posteriors are mixed with the context's share at `contextShare` (default one third), so the
 * context decides a vague claim but cannot outvote a claim with clear vocabulary of its own.
 */
export function scoreText(model: RouterModel, text: string, context = '', contextShare = 1 / 3): ModelScores {
  const main = collect(model, text, false);
  const ctx = collect(model, context, true);
  const posterior = posteriorOf(model, main);
  if (ctx.length > 0) {
    const fromContext = posteriorOf(model, ctx);
    posterior.forEach((p, c) => (posterior[c] = (1 - contextShare) * p + contextShare * fromContext[c]!));
  }
  return { posterior, evidence: [...main, ...ctx], knownFeatures: main.length };
}

function posteriorOf(model: RouterModel, evidence: Evidence[]): number[] {
  // The temperature tempers the (over-confident, naively independent) likelihoods, not the prior.
  const sums = model.classes.map(() => 0);
  for (const e of evidence) e.weights.forEach((w, c) => (sums[c]! += w));
  return softmax(sums.map((s, c) => model.logPrior[c]! + s / model.temperature));
}

function collect(model: RouterModel, text: string, fromContext: boolean): Evidence[] {
  if (!text.trim()) return [];
  const { features, surface } = extractFeatures(text);
  const evidence: Evidence[] = [];
  for (const feature of features) {
    const row = model.terms[feature];
    if (!row) continue;
    evidence.push({ feature, surface: surface.get(feature) ?? feature, weights: row.map((w) => w / model.scale), fromContext });
  }
  return evidence;
}

export function softmax(values: number[]): number[] {
  const max = Math.max(...values);
  const exps = values.map((v) => Math.exp(v - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}
