// The shipped cite-worthiness model: the weights models/train-citeworthiness.ts fitted on training
// papers (citeworthinessModel.json, with the threshold chosen there on a development split),
// scored by scoring.ts.
import model from './citeworthinessModel.json';
import { FEATURE_NAMES, type SentenceInContext } from './features';
import { scoreWith, type Citeworthiness, type CiteworthinessModel } from './scoring';

export type { Citeworthiness, CiteworthinessModel } from './scoring';

export const CITEWORTHINESS_MODEL: CiteworthinessModel = model;

if (model.features.join('|') !== FEATURE_NAMES.join('|')) {
  throw new Error('citeworthinessModel.json was fitted on other features: run models/train-citeworthiness.ts again.');
}

export function citeworthiness(sentence: SentenceInContext, fitted: CiteworthinessModel = CITEWORTHINESS_MODEL): Citeworthiness {
  return scoreWith(sentence, fitted);
}
