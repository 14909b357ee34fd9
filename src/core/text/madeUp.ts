// Made-up prose for warming code while the user waits on the network: a new process's first
// readings and scores run cold code, and made-up input compiles it as real input would.
// Every word is generated from this list, so no third-party text ships in the bundle.

const WORDS = [
  'cells', 'samples', 'patients', 'cohort', 'expression', 'protein', 'model', 'analysis', 'response', 'levels',
  'treatment', 'increase', 'observed', 'measured', 'significant', 'associated', 'compared', 'control', 'group', 'signal',
  'reduced', 'higher', 'infection', 'mortality', 'risk', 'factor', 'binding', 'pathway', 'genome', 'variant',
];

/** The word at `index` of the list, wrapping round. */
export function madeUpWord(index: number): string {
  return WORDS[index % WORDS.length]!;
}

/** Deterministic filler text: `count` words from position `seed`, with a capital and a full stop. */
export function madeUpSentence(seed: number, count: number): string {
  const text = Array.from({ length: count }, (_, i) => madeUpWord(seed * 7 + i * 3)).join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}
