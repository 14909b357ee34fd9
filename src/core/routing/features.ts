// Text → stemmed unigram and bigram features, shared by the router at run time, the training
// script (models/train-router.ts) and the keyphrase extractor's document-frequency table.
// Tokens follow TRAINED_TOKENS: the model was trained on exactly those.
import { foldText, tokenize, TRAINED_TOKENS } from '../text/tokens';

export interface TextFeatures {
  /** Distinct stemmed unigrams and bigrams (`"dark matter"` → `dark`, `matter`, `dark matter`). */
  features: string[];
  /** Number of content tokens, before deduplication. */
  tokenCount: number;
  /** First surface form seen for each feature, for human-readable reasons. */
  surface: Map<string, string>;
}

/** Stemmed features of a text; bigrams join adjacent content words. */
export function extractFeatures(text: string): TextFeatures {
  const tokens = tokenize(text, TRAINED_TOKENS);
  const folded = foldText(text, TRAINED_TOKENS);
  const words = tokens.map((t) => folded.slice(t.start, t.end));
  const surface = new Map<string, string>();
  const add = (feature: string, form: string) => {
    if (!surface.has(feature)) surface.set(feature, form);
  };
  tokens.forEach(({ stem }, i) => {
    add(stem, words[i]!);
    if (i > 0) add(`${tokens[i - 1]!.stem} ${stem}`, `${words[i - 1]} ${words[i]}`);
  });
  return { features: [...surface.keys()], tokenCount: tokens.length, surface };
}
