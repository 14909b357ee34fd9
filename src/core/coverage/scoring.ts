// The cite-worthiness score under a fitted model: a logistic regression over the named features of
// features.ts and the wording of wording.ts. The reason shown to the writer is the named feature,
// or the word or pair, that adds most to the score, in words. Kept apart from the shipped weights
// (model.ts) so that the trainer scores its own fits without them.
import { cueWords, FEATURE_NAMES, featuresOf, type SentenceInContext } from './features';
import { wordingOf } from './wording';

export interface Citeworthiness {
  /** 0..1: how much the sentence needs a citation. */
  score: number;
  reason: string;
}

export interface CiteworthinessModel {
  features: string[];
  weights: number[];
  /** Weights of words and word pairs (wording.ts); one absent weighs nothing. */
  wording: Record<string, number>;
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
  'named result or tool': 'names a published result, method or tool',
  'section: related': 'stands in related work, where papers usually cite',
  'section: introduction': 'makes a general claim in the introduction',
  'previous sentence cites': 'continues an account its neighbours cite',
  'next sentence cites': 'continues an account its neighbours cite',
  'both neighbours cite': 'continues an account its neighbours cite',
  'share of the paragraph citing': 'stands in a paragraph whose other sentences cite',
  'first mention of a name cited elsewhere': 'first mentions a name other sentences cite',
  'names something cited elsewhere': 'names what other sentences cite',
  "words of the paper's citing sentences": "uses the wording of the paper's citing sentences",
  "like the paper's citing sentences": "reads like the paper's sentences that cite",
};
/** Reasons that say which name: "names BERT, which other sentences cite". */
const NAMED_REASONS: Partial<Record<string, (name: string) => string>> = {
  'first mention of a name cited elsewhere': (name) => `first mentions ${name}, which other sentences cite`,
  'names something cited elsewhere': (name) => `names ${name}, which other sentences cite`,
};
const DEFAULT_REASON = 'reads like a statement of known fact';

/**
 * The score of a sentence under a fitted model, and the reason in words: the named feature that
 * adds most, a cue credited with the weights of its own words ("has been" in "has been shown").
 * Other wording adds to the score but is never the reason: a learnt word can stand for a topic
 * ("derivative") as well as for a cue, and the writer should read a cue.
 */
export function scoreWith(sentence: SentenceInContext, fitted: CiteworthinessModel): Citeworthiness {
  const named = featuresOf(sentence).map((v, i) => ({ c: v * fitted.weights[i]!, name: FEATURE_NAMES[i]! }));
  let z = named.reduce((a, f) => a + f.c, 0);
  for (const gram of wordingOf(sentence.text)) z += fitted.wording[gram] ?? 0;
  const cues = cueWords(sentence.text);
  const credited = named.map((f) => ({ ...f, c: f.c + wordingWeight(cues.get(f.name), fitted) }));
  const best = credited.filter((f) => f.c > 0 && REASONS[f.name]).sort((a, b) => b.c - a.c)[0];
  return { score: 1 / (1 + Math.exp(-z)), reason: best ? reasonFor(best.name, sentence.citedName) : DEFAULT_REASON };
}

function reasonFor(feature: string, citedName: string): string {
  const named = NAMED_REASONS[feature];
  return named && citedName ? named(citedName) : REASONS[feature]!;
}

function wordingWeight(words: string | undefined, fitted: CiteworthinessModel): number {
  if (!words) return 0;
  return wordingOf(words).reduce((a, gram) => a + (gram === '^' || gram.startsWith('^ ') ? 0 : (fitted.wording[gram] ?? 0)), 0);
}
