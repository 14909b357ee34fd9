// The calibrated support scale: a small logistic regression (supportModel.json, trained by
// scripts/train-support-model.ts on train splits only) over features anyone can read off a
// passage. Every word is weighed by how common it is in scientific text at large (termStats.ts),
// so a passage that shares only generic words ("used", "effective", "model") with a claim gets a
// low probability, whatever the paper's own statistics say.
//
// Features of (claim, passage), each 0–1 or small:
// - coverage: the share of the claim's word weight the passage holds, and the same for its best
//   sentence (support usually sits in one sentence);
// - specific words: how many of the claim's rare words (in < 1 in 50 scientific documents) it
//   has, and how many it lacks;
// - strength: the passage's BM25 score relative to the claim's own (lexical.ts);
// - phrases and numbers the claim states that the passage repeats;
// - the paper's title: the share of the claim's word weight in it;
// - the passage's role (a finding vs an aim or method), for this kind of claim.
// The section of a paragraph is left to the ranking (rerank.ts): the model is trained on
// abstracts, where it is always the same, so a weight for it could not be learnt here.
import modelJson from './supportModel.json';
import type { ClaimModel, SentenceStats } from './lexicalModel';
import { MAX_SCIENTIFIC_IDF, scientificIdf } from './termStats';

export const SUPPORT_FEATURES = [
  'bias',
  'coverage',
  'bestSentenceCoverage',
  'specificWords',
  'missingSpecificWords',
  'strength',
  'phrases',
  'numbers',
  'title',
  'role',
] as const;

/** IDF above which a word is specific: in fewer than about 1 in 50 scientific documents. */
const SPECIFIC_IDF = Math.log(1 + 50);
/** Specific words counted before the feature saturates. */
const SPECIFIC_CAP = 3;
/**
 * IDF at or below which a word carries nothing: in one scientific document in six or more
 * ("effect", "use", "result", "model"). A word's weight is its IDF above this floor, so generic
 * words cannot add up to a match. Chosen with the thresholds on dev data (README "Measured"), in
 * runs by hand of bench/calibration.ts with the floor edited (no script keeps the sweep): one in
 * ten and one in four did about as well, one in twenty and rarer floors much worse.
 */
const GENERIC_IDF = Math.log(1 + 5);

export interface SupportContext {
  model: ClaimModel;
  /** The claim's own stems (not the queries') → weight: scientific IDF above the generic floor. */
  claimIdf: Map<string, number>;
  claimMass: number;
  /** Phrases made of claim words only (indexes into model.phrases). */
  claimPhrases: number[];
  numberStems: string[];
  titleCoverage: number;
  /** Claim words rarer than SPECIFIC_IDF. */
  specificCount: number;
}

/** What the features need to know about the claim, computed once per (claim, paper). */
export function supportContext(model: ClaimModel, titleStems: string[]): SupportContext {
  const claimIdf = new Map<string, number>();
  for (const [stem, weight] of model.terms) if (weight >= 1) claimIdf.set(stem, Math.max(0, scientificIdf(stem) - GENERIC_IDF));
  const claimMass = sum(claimIdf.values());
  const claimPhrases = model.phrases.flatMap((p, i) => (p.stems.every((s) => claimIdf.has(s)) ? [i] : []));
  const numberStems = [...claimIdf.keys()].filter((s) => /^\d/.test(s));
  const title = new Set(titleStems);
  const titleCoverage = claimMass ? sum([...claimIdf].filter(([s]) => title.has(s)).map(([, g]) => g)) / claimMass : 0;
  const specificCount = [...claimIdf.values()].filter((g) => g >= SPECIFIC_IDF - GENERIC_IDF).length;
  return { model, claimIdf, claimMass, claimPhrases, numberStems, titleCoverage, specificCount };
}

export interface PassageEvidence {
  paragraph: SentenceStats;
  sentences: SentenceStats[];
  /** BM25 relative to the claim's self-score, 0–1. */
  strength: number;
}

export function supportFeatureVector(ctx: SupportContext, passage: PassageEvidence): number[] {
  const { claimIdf, claimMass } = ctx;
  const coverageOf = (unit: SentenceStats) => {
    let mass = 0;
    for (const stem of unit.counts.keys()) mass += claimIdf.get(stem) ?? 0;
    return claimMass ? mass / claimMass : 0;
  };
  let specific = 0;
  for (const stem of passage.paragraph.counts.keys()) if ((claimIdf.get(stem) ?? 0) >= SPECIFIC_IDF - GENERIC_IDF) specific++;
  const missing = ctx.specificCount - specific;
  const phrases = ctx.claimPhrases.length
    ? ctx.claimPhrases.filter((p) => passage.paragraph.phrases.has(p)).length / ctx.claimPhrases.length
    : 0;
  const numbers = ctx.numberStems.length
    ? ctx.numberStems.filter((s) => passage.paragraph.counts.has(s)).length / ctx.numberStems.length
    : 0;
  return [
    1,
    coverageOf(passage.paragraph),
    Math.max(0, ...passage.sentences.map(coverageOf)),
    Math.min(specific, SPECIFIC_CAP) / SPECIFIC_CAP,
    Math.min(missing, SPECIFIC_CAP) / SPECIFIC_CAP,
    passage.strength,
    phrases,
    numbers,
    ctx.titleCoverage,
    Math.log(passage.paragraph.factor || 1),
  ];
}

interface SupportModelFile {
  features: string[];
  weights: number[];
}

const WEIGHTS = (() => {
  const file = modelJson as SupportModelFile;
  if (file.features.join() !== SUPPORT_FEATURES.join()) throw new Error('supportModel.json does not match the support features; retrain it.');
  return file.weights;
})();

const COVERAGE = SUPPORT_FEATURES.indexOf('coverage');

/**
 * The probability, 0–1, that the passage holds what the claim says (the calibrated scale). A
 * passage holding none of the claim's words that carry weight (only generic ones, or none) gets
 * the model's no-evidence figure, its bias alone, whatever else it has: generic words never carry
 * a match.
 */
export function supportProbability(features: number[], weights: readonly number[] = WEIGHTS): number {
  return features[COVERAGE] === 0 ? logistic([1], weights) : logistic(features, weights);
}

/** The model's logistic function itself (for training: no rule on top). */
export function logistic(features: number[], weights: readonly number[]): number {
  let z = 0;
  for (let i = 0; i < features.length; i++) z += features[i]! * weights[i]!;
  return 1 / (1 + Math.exp(-z));
}

/** A word below this reason weight carried nothing (a generic word): named only when nothing else matched. */
export const MIN_REASON_WEIGHT = 0.02;

/** Scientific IDF of the claim's words on a 0–1 scale, for ordering the words of a reason. */
export function reasonWeights(ctx: SupportContext): Map<string, number> {
  const weights = new Map<string, number>();
  for (const stem of ctx.model.terms.keys())
    weights.set(stem, (ctx.claimIdf.get(stem) ?? scientificIdf(stem) * 0.3) / MAX_SCIENTIFIC_IDF + 0.01);
  return weights;
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
