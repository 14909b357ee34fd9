// One support scale for the whole extension: the card, the audit, the chat and the CLI all read a
// paper's label from these thresholds on the support model's probability (supportFeatures.ts).
// Papers below are read as a candidate without full text is (title + abstract); figures from
// `node dist/bench/calibration.js DATA` (README "Measured").
//
// - supports ≥ 0.93: the lowest threshold at which "supports" is right at least 9 times in 10 on
//   SciFact dev (precision 0.910, recall 0.483, on the claims' cited abstracts and one other
//   abstract each); CL-SciSumm Training-Set-2018 would allow 0.32 (precision 1.000 here).
//   Where the negatives are claims written or cited about the very abstract, words cannot reach
//   it: Check-COVID dev 0.647, Citation-Integrity dev 0.829. On Check-COVID no reader can: each
//   of its 68 NOTENOUGHINFO pairs is the very claim and abstract of a positive pair (the label is
//   for the sentences annotated, not the abstract), so 0.671 is the ceiling; claims against their
//   annotated sentences, where the labels apply, get "supports" right 6 times in 6 (recall 0.043).
//   No threshold reaches 0.9 on Citation-Integrity dev with 10 or more "supports" but 0.972
//   (0.917, 11 of 12, recall 0.058): too few to set a scale on.
// - related ≥ 0.172: the highest threshold that leaves at most 1 in 10 right citations below it,
//   on Citation-Integrity dev (0.0 %) and CL-SciSumm Training-Set-2018 (9.6 %); below it,
//   "unrelated" (the audit's `unsupported`): nothing in the text comes close. There it catches
//   66.5 % of citances moved to another reference paper of the field and 90.3 % moved to a
//   biomedical abstract (Citation-Integrity: 9.4 % of swaps within the citing paper's reference
//   list, 85.9 % of swaps to an arXiv abstract).
// A lexical score cannot tell support from contradiction: "supports" means "the text states what
// the claim says, in its words"; only the LLM judge says "contradicts".
export const SUPPORT_THRESHOLDS = { supports: 0.93, related: 0.172 } as const;

export type CalibratedLabel = 'supports' | 'related' | 'unrelated';

export function calibratedLabel(probability: number): CalibratedLabel {
  if (probability >= SUPPORT_THRESHOLDS.supports) return 'supports';
  return probability >= SUPPORT_THRESHOLDS.related ? 'related' : 'unrelated';
}

/** Changes whenever the model or the thresholds do, so cached verdicts of another scale are not reused. */
export const SUPPORT_SCALE_VERSION = 'support-scale-3';
