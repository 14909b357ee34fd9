// compromise, the part-of-speech tagger, loaded on first use: building its lexicon costs about
// 100 ms, which neither the CLI's start nor an LLM-written query should pay. The keyphrase
// chunker tags sentences with it; the sentence splitter asks its lexicon whether a word is a
// given name ("Michael J. Fox").
import type nlpType from 'compromise';

let nlp: typeof nlpType | undefined;

export function tagger(): typeof nlpType {
  // The bundle may hand back the module namespace or the function itself.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: the tagger is the slowest module to load
  const loaded = require('compromise') as typeof nlpType | { default: typeof nlpType };
  nlp ??= 'default' in loaded ? loaded.default : loaded;
  return nlp;
}

const givenNames = new Map<string, boolean>();

/** "Michael", "John": a word compromise's lexicon knows as a first name ("Section", "Vitamin" are none). */
export function isGivenName(word: string): boolean {
  let known = givenNames.get(word);
  if (known === undefined) {
    known = tagger()(word).has('#FirstName');
    givenNames.set(word, known);
  }
  return known;
}
