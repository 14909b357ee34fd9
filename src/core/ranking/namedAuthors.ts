// The authors a claim names in its own words ("unlike Green and Manning, we keep …", "Collins et
// al. showed …"): a work of theirs is very likely the one meant, though its title may share no word
// with the sentence (CL-SciSumm train, docs/published-bench.md). Only a construction that marks
// capitalised words as people counts: "X et al.", "X and Y", "X, Y and Z". A lone capitalised word
// does not ("Markov", "English"), and a name must equal an author's family name, word for word.
import { FAMILY } from '../informal/names';
import { familyNames } from '../informal/recognise';

/** "X et al." or a list ending in "and"/"&". Compiled on first use: Unicode classes cost a new process milliseconds. */
let namedPattern: RegExp | undefined;
const pattern = () =>
  (namedPattern ??= new RegExp(String.raw`${FAMILY}(?:\s+et\s+al\b\.?|(?:,\s*${FAMILY})*,?\s+(?:and|&)\s+${FAMILY})`, 'gu'));
/** What every construction above needs: checked first, so most claims never run the pattern. */
const CUE = /\set\s+al\b|\s(?:and|&)\s+\p{Lu}/u;

/** Family names the text names as people, folded to lower case without accents; empty when none. */
export function namedAuthors(text: string): string[] {
  if (!CUE.test(text)) return [];
  const names = new Set<string>();
  for (const match of text.matchAll(pattern())) {
    for (const name of familyNames(match[0]) ?? []) names.add(folded(name));
  }
  return [...names];
}

/** The share (0–1) of `named` found among the family names of `authors`. */
export function namedAuthorShare(named: readonly string[], authors: readonly string[]): number {
  if (named.length === 0 || authors.length === 0) return 0;
  const written = authors.map((author) => ` ${folded(author)} `);
  const found = named.filter((name) => written.some((author) => author.includes(` ${name} `)));
  return found.length / named.length;
}

/** Lower case, accents dropped, punctuation as spaces: "Ó'Neil-Smith, J." → "o neil smith j". */
function folded(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
