// The claim's telling words a passage must hold to be on its topic (scoring/tellingWords.ts): a
// mentioned work's names and year are not counted against a passage that lacks them, and a word
// read as a name that the passage holds counts as any other.
import assert from 'node:assert/strict';
import { tellingWords, tellingWordsHeld } from '../../../../src/core/scoring/tellingWords';
import { SCORING_TOKENS, tokenize } from '../../../../src/core/text/tokens';

const stemsOf = (text: string) => tokenize(text, SCORING_TOKENS).map((t) => t.stem);
/** Every stem of the claim weighted alike: the weights are the scorer's business, the count is this module's. */
const weighted = (claim: string) => new Map(stemsOf(claim).map((stem) => [stem, 1]));
const held = (claim: string, passage: string) => {
  const inPassage = new Set(stemsOf(passage));
  return tellingWordsHeld(tellingWords(weighted(claim), claim, stemsOf), (stem) => inPassage.has(stem));
};

describe('telling words', () => {
  it('leaves out the names and year of a mentioned work the passage lacks', () => {
    const claim = 'Kogure (1990) proposed a reordering method for translation.';
    const all = stemsOf(claim).length;
    const counted = held(claim, 'We present a method that reorders words before translation.');
    assert.equal(counted.of, all - 2, 'neither "Kogure" nor "1990"');
    assert.equal(counted.matched, 3);
  });

  it('counts a word read as a name when the passage holds it ("Chinese and English")', () => {
    const claim = 'We translate between Chinese and English with a phrase table.';
    const all = stemsOf(claim).length;
    assert.deepEqual(held(claim, 'A phrase table for Chinese to English translation.'), { matched: all, of: all });
    assert.equal(held(claim, 'A phrase table for translation.').of, all - 2);
  });
});
