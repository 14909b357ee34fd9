// One Porter stemmer for every stage, so a word reduces the same way wherever it is compared.
import { stemmer } from 'stemmer';

/** Porter stem of a word, lower-cased; numbers stay as they are. */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  return /^\p{N}+$/u.test(lower) ? lower : stemmer(lower);
}

/** "Alzheimer's" → "Alzheimer": the possessive is not part of the word. */
export function stripPossessive(word: string): string {
  return word.replace(/['’]s$/, '');
}
