// Second pass over the first pass's best units. BM25 says which paragraphs share the claim's
// words; a citing sentence paraphrases, so among paragraphs that share about as many, we prefer
// the one where such a claim is likeliest to come from:
// - the section: by the claim's kind (roles.ts), a method claim from where the paper presents
//   itself (abstract, introduction, method), a finding from results and conclusions, seldom
//   either from related work (sections.ts; priors estimated on CL-SciSumm Training-Set-2018);
// - the paper's own vocabulary: a paragraph dense in the title's and abstract's words talks
//   about the paper's contribution, which is what gets cited;
// - the neighbours: a claim often paraphrases two consecutive sentences, each matching half.
//
// All of it (and the abstract place below) was estimated where each unit is one sentence (CL-SciSumm's papers, SciFact's
// abstracts), and the pass runs only there. Over a full paper's paragraphs (GROBID TEI, pdfjs) the
// first pass decides: there the abstract and introduction are paragraphs that restate the whole
// paper, already share many words with most claims, and their priors (1.3–1.55) lifted them over
// the paragraph that holds the claim's own figures and rare words; neighbouring paragraphs are
// windows' business (fulltext/windows.ts). In a sweep by hand over bench/paragraphs.ts's dev
// claims (weights 0–0.3, shares 0–0.1, both readers; no script keeps it), every prior weight and
// neighbour share above 0 lost first places.
// Gold paragraph first / in the top 3 (`node esbuild.config.mjs && node dist/bench/paragraphs.js
// --set dev`, 46 claims), the pass over paragraphs too → sentence units only:
//   GROBID TEI 89.1 % / 97.8 % → 95.7 % / 97.8 %;  pdfjs 89.1 % / 97.8 % → 93.5 % / 97.8 %;
// held-out (`--set held-out`, 24 claims written before the change, run once at the end):
//   GROBID TEI 79.2 % / 100 % → 87.5 % / 95.8 %;   pdfjs 91.7 % / 100 % → 95.8 % / 95.8 %.
// SciFact dev and CL-SciSumm train (bench/support.ts) are unchanged: their units are sentences.
import type { ClaimKind } from './roles';
import { sectionKind, type SectionKind } from './sections';
import type { LexicalParams, SentenceStats } from './lexicalModel';

/**
 * How much likelier a unit of each section kind is to be the cited one than another unit the
 * first pass also put in its top 20, per claim kind: P(cited | top 20, section kind) /
 * P(cited | top 20) on CL-SciSumm Training-Set-2018 (753 citances), rounded towards 1 where few
 * citances back it (related work for findings: 2 of 215). Unconditional rates are far steeper
 * (abstract and introduction 2.5–3.4×), but BM25 already favours them, and using those hurt.
 */
export const SECTION_PRIORS: Readonly<Record<ClaimKind, Readonly<Record<SectionKind, number>>>> = {
  finding: { abstract: 1.3, introduction: 1.4, related: 0.4, method: 0.85, results: 0.9, conclusion: 1.6, other: 0.85 },
  method: { abstract: 1.35, introduction: 1.55, related: 1.15, method: 1.1, results: 0.7, conclusion: 1, other: 0.75 },
};

export interface RerankInput {
  /** First-pass scores, one per unit, in the units' order. */
  raw: number[];
  sections: string[];
  paragraphs: SentenceStats[];
  kind: ClaimKind;
  /** Whether every unit is one sentence: the only units the pass was estimated on (see above). */
  sentenceUnits: boolean;
}

/** Unit indices, best first: the top `rerankDepth` reordered by the second pass, then the rest. */
export function rerank({ raw, sections, paragraphs, kind, sentenceUnits }: RerankInput, params: LexicalParams): number[] {
  const order = raw.map((_, index) => index).sort((a, b) => raw[b]! - raw[a]! || a - b);
  const depth = sentenceUnits ? Math.min(order.length, Math.floor(params.rerankDepth)) : 0;
  if (depth < 2) return order;
  const kinds = new Map<string, SectionKind>();
  const priorOf = (section: string) => {
    let sk = kinds.get(section);
    if (!sk) kinds.set(section, (sk = sectionKind(section)));
    return SECTION_PRIORS[kind][sk] ** params.sectionPriorWeight;
  };
  const second = new Map<number, number>();
  for (const index of order.slice(0, depth)) {
    const p = paragraphs[index]!;
    const density = p.length ? p.paperMass / p.length : 0;
    const neighbour = Math.max(sameSection(raw, sections, index, -1), sameSection(raw, sections, index, 1));
    const evidence = raw[index]! + params.neighbourShare * neighbour;
    const place = kinds.get(sections[index]!) === 'abstract' ? abstractPlace(sections, index, kind) : 0;
    second.set(
      index,
      evidence * priorOf(sections[index]!) * (1 + params.vocabularyWeight * density) * (1 + params.abstractPlaceWeight * place),
    );
  }
  const top = order.slice(0, depth).sort((a, b) => second.get(b)! - second.get(a)! || a - b);
  return [...top, ...order.slice(depth)];
}

/**
 * Where a unit sits in an abstract split into sentences, from -0.5 to 0.5, signed by the claim's
 * kind: abstracts set the study up first and report findings last, so a finding claim leans to
 * the end (SciFact train: 6% of first-fifth sentences are rationales, 27–31% of the last three
 * fifths) and a method claim to the start ("We present a new parser …").
 */
function abstractPlace(sections: string[], index: number, kind: ClaimKind): number {
  let first = index;
  while (first > 0 && sections[first - 1] === sections[index]) first--;
  let last = index;
  while (last + 1 < sections.length && sections[last + 1] === sections[index]) last++;
  if (last === first) return 0;
  const place = (index - first) / (last - first) - 0.5;
  return kind === 'finding' ? place : -place;
}

function sameSection(raw: number[], sections: string[], index: number, step: number): number {
  const other = index + step;
  return other >= 0 && other < raw.length && sections[other] === sections[index] ? raw[other]! : 0;
}
