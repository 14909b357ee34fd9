// The claim's telling words: the weighted stems a passage on its topic would hold. The names and
// years of the works a sentence mentions ("[Perlmutter et al. 1999]", "Kogure (1990) proposed …")
// say whose work is meant, not what it is about: an abstract rarely holds them, so counted they
// would make a terse sentence naming its authors look off the topic of those authors' own paper.
// A mentioned word the passage does hold counts as any other ("Chinese and English" reads as two
// names, and an abstract on that topic holds both).
import { namedAuthors } from '../ranking/namedAuthors';

/** A capitalised name just before a year ("Kogure (1990)", "Perlmutter 1999", "Smith, 2001"). */
const NAME_BEFORE_YEAR = /(\p{Lu}\p{Ll}[\p{L}'’-]*)\s*[,([]?\s*(?:19|20)\d{2}[a-z]?\b/gu;
const YEAR = /\b(?:19|20)\d{2}[a-z]?\b/g;

export interface TellingWords {
  /** The claim's stems with a positive weight. */
  stems: string[];
  /** Those that are a mentioned work's names or year. */
  mentioned: ReadonlySet<string>;
}

export function tellingWords(claimIdf: ReadonlyMap<string, number>, claimText: string, stemsOf: (text: string) => string[]): TellingWords {
  const names = [...namedAuthors(claimText), ...[...claimText.matchAll(NAME_BEFORE_YEAR)].map((m) => m[1]!)];
  const years = claimText.match(YEAR) ?? [];
  const stems = [...claimIdf].filter(([, weight]) => weight > 0).map(([stem]) => stem);
  return { stems, mentioned: new Set(stemsOf([...names, ...years].join(' '))) };
}

/** How many telling words a passage holds, of how many: a mentioned name or year it lacks is not counted. */
export function tellingWordsHeld({ stems, mentioned }: TellingWords, holds: (stem: string) => boolean): { matched: number; of: number } {
  const counted = stems.filter((stem) => holds(stem) || !mentioned.has(stem));
  return { matched: counted.filter(holds).length, of: counted.length };
}
