// One support scale for the whole extension: the card, the audit, the chat and the CLI all read a
// paper's label from these thresholds on the support model's probability (supportFeatures.ts).
//
// - supports ≥ SUPPORT_THRESHOLDS.supports: chosen on dev data so that "supports" is right at
//   least 9 times in 10 where that can be measured lexically. Measured with
//   `node out/scripts/train-support-model.js DATA` and `npm run bench:support` (see README
//   "Measured"): PLACEHOLDER.
// - related ≥ SUPPORT_THRESHOLDS.related: some overlap, not evidence. Below it, "unrelated":
//   nothing in the text comes close. Chosen so that at most 1 in 10 right citations (real citing
//   sentences against the work they cite, abstracts only) falls below it.
// A lexical score cannot tell support from contradiction: "supports" means "the text states what
// the claim says, in its words"; only the LLM judge says "contradicts".
export const SUPPORT_THRESHOLDS = { supports: 0.93, related: 0.16 } as const;

export type CalibratedLabel = 'supports' | 'related' | 'unrelated';

export function calibratedLabel(probability: number): CalibratedLabel {
  if (probability >= SUPPORT_THRESHOLDS.supports) return 'supports';
  return probability >= SUPPORT_THRESHOLDS.related ? 'related' : 'unrelated';
}

/** Changes whenever the model or the thresholds do, so cached verdicts of another scale are not reused. */
export const SUPPORT_SCALE_VERSION = 'support-scale-2';
