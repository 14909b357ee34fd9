// The discipline model: one linear table over binary stemmed unigrams and bigrams, trained by
// models/train-router.ts on single sentences and titles of real arXiv / bioRxiv / medRxiv
// records (claim-sized text, not whole abstracts). The table is a blend of a multinomial logistic
// regression and a Naive Bayes fitted on the same examples (both are sums of per-term, per-class
// weights, so their weighted sum is again one table). Each term keeps one small integer per class:
// its weight minus the term's mean over classes, times `scale` (a per-term constant cancels in the
// softmax, so it is dropped).
//
// The manuscript's context is evidence of its own: the title, the abstract and the section
// heading are scored with the same weights, but each source counts as the MEAN of its terms'
// weights times its own factor (`contextWeights`, tuned on the dev split). A 250-word abstract
// therefore weighs no more than a 10-word title: it can decide a vague claim, but a claim with
// clear vocabulary of its own (many terms, summed) is not outvoted by a long manuscript.
import { extractFeatures } from './features';

export type { ContextSource, RouterModel } from '../models';
import type { ContextSource, RouterModel } from '../models';
export type EvidenceSource = 'claim' | ContextSource;

/** What the router may read beside the claim: the manuscript's title, abstract and section heading. */
export type RoutingContext = Partial<Record<ContextSource, string>>;

export interface Evidence {
  /** Feature (stemmed), its surface form in the text, and its weight per class (nats, context share applied). */
  feature: string;
  surface: string;
  weights: number[];
  source: EvidenceSource;
}

export interface ModelScores {
  /** Posterior per class, in model.classes order. */
  posterior: number[];
  evidence: Evidence[];
  /** Features of the claim itself that the model knows. */
  knownFeatures: number;
}

const CONTEXT_SOURCES: readonly ContextSource[] = ['title', 'abstract', 'section'];

/** Scores `text` (the claim) with its optional manuscript context. */
export function scoreText(model: RouterModel, text: string, context: RoutingContext = {}): ModelScores {
  const claim = collect(model, text, 'claim', () => 1);
  const fromContext = CONTEXT_SOURCES.flatMap((source) => collect(model, context[source] ?? '', source, (known) => model.contextWeights[source] / known));
  const evidence = [...claim, ...fromContext];
  return { posterior: posteriorOf(model, evidence), evidence, knownFeatures: claim.length };
}

function posteriorOf(model: RouterModel, evidence: Evidence[]): number[] {
  const logits = [...model.bias];
  for (const e of evidence) e.weights.forEach((w, c) => (logits[c]! += w));
  return softmax(logits.map((z) => z / model.temperature));
}

/** The known terms of `text`, each weighted by `factor(number of known terms)`. */
function collect(model: RouterModel, text: string, source: EvidenceSource, factor: (known: number) => number): Evidence[] {
  if (!text.trim()) return [];
  const { features, surface } = extractFeatures(text);
  const known = features.flatMap((feature) => {
    const weights = model.terms.get(feature);
    return weights ? [{ feature, weights }] : [];
  });
  const f = known.length > 0 ? factor(known.length) : 0;
  if (f === 0) return [];
  return known.map(({ feature, weights }) => ({
    feature,
    surface: surface.get(feature) ?? feature,
    weights: weights.map((w) => (w * f) / model.scale),
    source,
  }));
}

export function softmax(values: number[]): number[] {
  const max = Math.max(...values);
  const exps = values.map((v) => Math.exp(v - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}
