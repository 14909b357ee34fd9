// One parse of a BibTeX text, shared by the stages that read it: an authority's answer is checked
// (authority.ts), reviewed for broken LaTeX (latex/health.ts), read for its key fields and given
// its key (citeKey.ts), four parses of the same text a candidate, and the parser's run on cold
// code is the larger part of a warm repeat's BibTeX time. The tree is shared: readers never change it.
import { bibtexParser } from 'latex-utensils';

/** Texts remembered: a run's candidates' entries, and the journal's beside the preprint's. */
const MAX_REMEMBERED = 64;

const trees = new Map<string, bibtexParser.BibtexAst>();
let parses = 0;

/** `bibtexParser.parse(text)`, once per text while it is among the last ones parsed; throws as the parser does. */
export function parseBibtex(text: string): bibtexParser.BibtexAst {
  const known = trees.get(text);
  if (known) return known;
  parses++;
  const tree = bibtexParser.parse(text);
  if (trees.size >= MAX_REMEMBERED) trees.delete(trees.keys().next().value!);
  trees.set(text, tree);
  return tree;
}

/** How many texts the parser has read in this process (tests). */
export function bibtexParses(): number {
  return parses;
}
