// The cite-worthiness score: a logistic regression over features.ts, fitted on the unarXive
// sample's training papers by models/train-citeworthiness.ts (weights in citeworthinessModel.json,
// with the threshold chosen there for precision). The reason shown to the writer is the feature
// that adds most to the score, in words.
import model from './citeworthinessModel.json';
import { FEATURE_NAMES, featuresOf, type SentenceInContext } from './features';

export interface Citeworthiness {
  /** 0..1: how much the sentence needs a citation. */
  score: number;
  reason: string;
}

export interface CiteworthinessModel {
  features: string[];
  weights: number[];
  /** Scores at or above it are listed. */
  threshold: number;
}

const REASONS: Record<string, string> = {
  'cue: has been shown': 'states a result of earlier work',
  'cue: earlier work': 'refers to earlier work',
  'cue: et al.': "names other authors' work",
  'cue: attribution': 'attributes an idea or result to someone',
  'cue: well known': 'calls something well known or standard',
  'cue: example list': 'lists examples a reader will want to look up',
  'cue: hedge': 'makes a hedged claim about what is known',
  'cue: contrast': 'sets the work against other work',
  percentage: 'gives a figure without a source',
  'number with unit': 'gives a figure without a source',
  number: 'gives a figure without a source',
  year: 'mentions a year, as accounts of earlier work do',
  'acronyms or tool names': 'names a method, data set or tool',
  'capitalised names': 'names a method, data set or tool',
  'section: related': 'stands in related work, where most sentences cite',
  'section: introduction': 'makes a general claim in the introduction',
  'previous sentence cites': 'continues an account its neighbours cite',
  'next sentence cites': 'continues an account its neighbours cite',
  'share of the paragraph citing': 'stands in a paragraph whose other sentences cite',
};
const DEFAULT_REASON = 'reads like a statement of known fact';

export const CITEWORTHINESS_MODEL: CiteworthinessModel = model;

if (model.features.join('|') !== FEATURE_NAMES.join('|')) {
  throw new Error('citeworthinessModel.json was fitted on other features: run models/train-citeworthiness.ts again.');
}

export function citeworthiness(sentence: SentenceInContext, fitted: CiteworthinessModel = CITEWORTHINESS_MODEL): Citeworthiness {
  const x = featuresOf(sentence);
  const contributions = x.map((v, i) => v * fitted.weights[i]!);
  const z = contributions.reduce((a, b) => a + b, 0);
  const best = contributions
    .map((c, i) => ({ c, name: FEATURE_NAMES[i]! }))
    .filter((f) => f.c > 0 && REASONS[f.name])
    .sort((a, b) => b.c - a.c)[0];
  return { score: 1 / (1 + Math.exp(-z)), reason: best ? REASONS[best.name]! : DEFAULT_REASON };
}
