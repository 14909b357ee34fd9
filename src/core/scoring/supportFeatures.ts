// The calibrated support scale: a small logistic regression (supportModel.json, trained by
// models/train-support-model.ts on train splits only) over features anyone can read off a
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
// - the passage's role (a finding vs an aim or method), for this kind of claim;
// - how far apart the claim and the paper sit between the life sciences and the physical
//   sciences and computing (termStats.ts `textLean`): a clinical sentence and an NLP abstract
//   can share "level" or "increase", but not a field.
// The section of a paragraph is left to the ranking (rerank.ts): the model is trained on
// abstracts, where it is always the same, so a weight for it could not be learnt here.
import modelJson from './supportModel.json';
import type { ClaimModel, SentenceStats } from './lexicalModel';
import { MAX_SCIENTIFIC_IDF, scientificIdf, textLean } from './termStats';

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
  'fieldDistance',
] as const;

/** IDF above which a word is specific: in fewer than about 1 in 50 scientific documents. */
const SPECIFIC_IDF = Math.log(1 + 50);
/** Specific words counted before the feature saturates. */
const SPECIFIC_CAP = 3;
/**
 * IDF at or below which a word carries nothing: in one scientific document in six or more
 * ("effect", "use", "result", "model"). A word's weight is its IDF above this floor, so generic
 * words cannot add up to a match. Chosen with the thresholds on dev data (docs/measurements.md), in
 * runs by hand of bench/calibration.ts with the floor edited (no script keeps the sweep): one in
 * ten and one in four did about as well, one in twenty and rarer floors much worse.
 */
const GENERIC_IDF = Math.log(1 + 5);

/** Whether a stem carries weight in a match (is rarer in scientific text than the generic floor). */
export function carriesWeight(stem: string): boolean {
  return scientificIdf(stem) > GENERIC_IDF;
}

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
  /** How far apart the claim's field lean and the paper's are, over FIELD_SCALE (0 when the paper says nothing of itself). */
  fieldDistance: number;
  /** Bare numbers that are only pieces of the claim's whole numbers ("32" of "32%"): they match nothing. */
  fragments: Set<string>;
}

/**
 * Lean gaps (log-odds; at most 8, as the table clips a stem's lean at ±4) are divided by this,
 * which sets how strongly the fit's L2 term holds the weight back. Uncapped: within one field a
 * small gap still says something of the topic. Chosen by hand runs (edit, retrain, `bench/calibration.ts`) of
 * 4, 8, 12 and 16 against the audit goals on Citation-Integrity dev and CL-SciSumm
 * Training-Set-2018: 12 was the one to meet them all but Citation-Integrity's same-list swaps,
 * with the most other-field swaps caught (docs/measurements.md). Caps at 1.5–6 did worse.
 */
const FIELD_SCALE = 12;

/** What the features need to know about the claim, computed once per (claim, paper). */
export function supportContext(model: ClaimModel, titleStems: string[], paperStems: string[]): SupportContext {
  const claimIdf = new Map<string, number>();
  for (const [stem, weight] of model.terms) if (weight >= 1) claimIdf.set(stem, Math.max(0, scientificIdf(stem) - GENERIC_IDF));
  const fragments = numberFragments(claimIdf.keys());
  for (const fragment of fragments) claimIdf.delete(fragment);
  const claimMass = sum(claimIdf.values());
  const claimPhrases = model.phrases.flatMap((p, i) => (p.stems.every((s) => claimIdf.has(s)) ? [i] : []));
  const numberStems = [...claimIdf.keys()].filter((s) => /^\d/.test(s));
  const title = new Set(titleStems);
  const titleCoverage = claimMass ? sum([...claimIdf].filter(([s]) => title.has(s)).map(([, g]) => g)) / claimMass : 0;
  const specificCount = [...claimIdf.values()].filter((g) => g >= SPECIFIC_IDF - GENERIC_IDF).length;
  const fieldDistance = paperStems.length ? Math.abs(textLean(claimIdf.keys()) - textLean(paperStems)) / FIELD_SCALE : 0;
  return { model, claimIdf, claimMass, claimPhrases, numberStems, titleCoverage, specificCount, fieldDistance, fragments };
}

/**
 * The bare numbers a claim's whole numbers leave behind: "4.8%" is also scanned as "4" and "8",
 * "32%" as "32". A passage matching only those says "8K" or "32B", not the claim's figure, so
 * they carry no weight; the whole number ("4.8", "32%") still does.
 */
function numberFragments(stems: Iterable<string>): Set<string> {
  const fragments = new Set<string>();
  for (const stem of stems) {
    const whole = /^(\d+)(?:\.(\d+))?(\D.*)?$/.exec(stem);
    if (!whole || (!whole[2] && !whole[3])) continue; // a bare integer is its own number
    fragments.add(whole[1]!);
    if (whole[2]) fragments.add(whole[2]);
  }
  return fragments;
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
    ctx.fieldDistance,
  ];
}

interface SupportModelFile {
  features: string[];
  weights: number[];
  /** Of the training pairs whose passage holds none of the claim's weighted words, the share holding support (balanced as in the fit). */
  noEvidence: number;
}

const MODEL = (() => {
  const file = modelJson as SupportModelFile;
  if (file.features.join() !== SUPPORT_FEATURES.join()) throw new Error('supportModel.json does not match the support features; retrain it.');
  return file;
})();
const WEIGHTS = MODEL.weights;
/** The probability of a passage holding none of the claim's weighted words (supportProbability). */
export const NO_EVIDENCE = MODEL.noEvidence;

const COVERAGE = SUPPORT_FEATURES.indexOf('coverage');

/**
 * The probability, 0–1, that the passage holds what the claim says (the calibrated scale). A
 * passage holding none of the claim's words that carry weight (only generic ones, or none) gets
 * the no-evidence figure, whatever else it has: how often such a passage held support in
 * training (`noEvidence`, set by models/train-support-model.ts). Generic words never carry a match.
 */
export function supportProbability(features: number[], weights: readonly number[] = WEIGHTS, noEvidence = MODEL.noEvidence): number {
  return holdsEvidence(features) ? logistic(features, weights) : noEvidence;
}

/** Whether the model's logistic applies to these features (the passage holds a weighted word of the claim). */
export function holdsEvidence(features: number[]): boolean {
  return features[COVERAGE] !== 0;
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
  for (const stem of ctx.model.terms.keys()) {
    if (ctx.fragments.has(stem)) weights.set(stem, 0);
    else weights.set(stem, (ctx.claimIdf.get(stem) ?? scientificIdf(stem) * 0.3) / MAX_SCIENTIFIC_IDF + 0.01);
  }
  return weights;
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
