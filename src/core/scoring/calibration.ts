// One support scale for the whole extension: the card, the audit, the chat and the CLI all read a
// paper's label from these thresholds on the support model's probability (supportFeatures.ts).
// Papers below are read as a candidate without full text is (title + abstract); figures from
// `node dist/bench/calibration.js DATA` (docs/measurements.md).
//
// - supports ≥ 0.941: the lowest threshold at which "supports" is right at least 9 times in 10
//   over the dev sets pooled, each read where its labels apply: SciFact dev (claims against
//   their cited abstracts and one other abstract each), Citation-Integrity dev, and Check-COVID
//   dev against the sentences its annotators picked (0.903, 134 said). Per set: SciFact dev
//   0.918 (recall 0.431), Citation-Integrity dev 0.839, Check-COVID's annotated sentences 5 of 5;
//   CL-SciSumm Training-Set-2018 1.000. Against the whole abstract Check-COVID dev gets 0.625:
//   each of its 68 NOTENOUGHINFO pairs is the very claim and abstract of a positive pair (the
//   label is for the sentences annotated, not the abstract), so 0.671 is the ceiling there.
// - related ≥ 0.19: the highest threshold that leaves at most 1 in 10 right citations below it,
//   on Citation-Integrity dev (0.5 %) and CL-SciSumm Training-Set-2018 (9.9 %); below it,
//   "unrelated" (the audit's `unsupported`): nothing in the text comes close. There it catches
//   64.2 % of citances moved to another reference paper of the field and 98.8 % moved to a
//   biomedical abstract (Citation-Integrity: 10.5 % of swaps within the citing paper's reference
//   list, 95.8 % of swaps to an arXiv abstract). A passage holding none of the claim's weighted
//   words sits at the model's no-evidence figure (0.041), always below it.
// A lexical score cannot tell support from contradiction: "supports" means "the text states what
// the claim says, in its words"; only the LLM judge says "contradicts".
export const SUPPORT_THRESHOLDS = { supports: 0.941, related: 0.19 } as const;

export type CalibratedLabel = 'supports' | 'related' | 'unrelated';

export function calibratedLabel(probability: number): CalibratedLabel {
  if (probability >= SUPPORT_THRESHOLDS.supports) return 'supports';
  return probability >= SUPPORT_THRESHOLDS.related ? 'related' : 'unrelated';
}

/** Changes whenever the model or the thresholds do, so cached verdicts of another scale are not reused. */
export const SUPPORT_SCALE_VERSION = 'support-scale-4';
