// What kind of section a paragraph sits in, from its heading as printed ("3.2 Experimental
// Setup", "RELATED WORK."). Citing sentences point at some kinds more than others: a paper is
// cited for what it introduces (abstract, introduction, method) and what it found (results,
// conclusions), seldom for its survey of others' work (related work), which mostly restates
// other papers' claims in the citing paper's own words.

import { SUBSECTION_SEPARATOR } from '../fulltext/model';

export type SectionKind = 'abstract' | 'introduction' | 'related' | 'method' | 'results' | 'conclusion' | 'other';

const KINDS: [SectionKind, RegExp][] = [
  ['abstract', /^(?:abstract|summary of the paper)\b/],
  ['related', /\b(?:related (?:work|research|studies|literature)|previous (?:work|research|approaches)|prior (?:work|art)|literature review|state of the art)\b/],
  ['introduction', /^(?:introduction|overview|motivation|background)\b/],
  ['conclusion', /\b(?:conclu\w*|summary|future work|closing remarks|final remarks)\b/],
  ['results', /\b(?:results?|experiments?|experimental|evaluation|evaluating|performance|discussion|analysis|findings|comparison|error analysis)\b/],
  ['method', /\b(?:method\w*|approach|model\w*|algorithm\w*|system|architecture|framework|implementation|training|features?|learning|inference|decoding|search|parsing|procedure|materials?|design|data|corpus|formal\w*|definitions?|proposal)\b/],
];

/**
 * The kind of a section heading; unknown or garbled headings are 'other'. A sub-section is of its
 * top-level section's kind ("Materials and Methods › Statistical analysis" is method, not results).
 */
export function sectionKind(head: string): SectionKind {
  const text = head
    .split(SUBSECTION_SEPARATOR)[0]!
    .toLowerCase()
    .replace(/^[\divxlc]+(?:\.\d+)*[.)]?\s+/, '') // "3.2 ", "IV. "
    .replace(/[.:]\s*$/, '')
    .trim();
  for (const [kind, pattern] of KINDS) if (pattern.test(text)) return kind;
  return 'other';
}
