// A selection that is only a mention of a work ("Wakefield et al. (1998)") says nothing a paper
// could support; the sentence it sits in does. Routing reads that sentence for the field, and the
// support stage scores the papers found against it.
import type { Claim } from '../types';
import { splitSentences } from '../text/sentences';

/**
 * The sentence of its section the selection sits in, when the selection is part of one: a reader
 * places "Wakefield et al. (1998)" by that sentence, not by the manuscript's title. Undefined when
 * the sentence cannot be found or the selection is the whole sentence.
 */
export function sentenceAround(claim: Pick<Claim, 'text' | 'context'>): string | undefined {
  const mention = claim.text.trim();
  if (!mention) return undefined;
  return splitSentences(claim.context.sectionText ?? '', 'claim').find((sentence) => sentence !== mention && sentence.includes(mention));
}

/**
 * What the papers found for a mention are scored against: the sentence around it ("… described
 * twelve children with bowel disease …"), so a card says whether the work supports what the writer
 * says of it; the claim itself when there is no such sentence.
 */
export function claimAroundMention(claim: Claim): Claim {
  const around = sentenceAround(claim);
  return around ? { ...claim, text: around, sentences: [around] } : claim;
}
