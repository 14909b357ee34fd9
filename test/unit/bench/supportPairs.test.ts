// The support pairs the calibration bench reads Check-COVID into (bench/lib/support-pairs.ts), on
// two real claim groups: against the whole abstract a NOTENOUGHINFO row is the very input of a
// positive pair (so no reader can be right on both), and at the level of the annotated sentences
// it is a negative of its own.
import assert from 'node:assert/strict';
import { checkCovidPairs, checkCovidSentencePairs, identicalInputCeiling, jsonl } from '../../../bench/lib/support-pairs';
import { fixturePath } from '../../standin/server';

const data = fixturePath();
const bats = jsonl<{ cord_id: string; abstract: string[] }>(fixturePath('check-covid', 'corpus.json'))
  .find((d) => d.cord_id === 'asnvwu1u')!.abstract;

describe('Check-COVID support pairs (two real claim groups)', () => {
  it('against the abstract, a NOTENOUGHINFO row repeats a positive pair: the ceiling for a reader right about every text is below 1', () => {
    const pairs = checkCovidPairs(data, 'dev');
    // Rows 0 (REFUTE) and 2 (NOTENOUGHINFO) of the bats group: cited pairs at 0 and 4.
    const [refute, nei] = [pairs[0]!, pairs[4]!];
    assert.equal(refute.positive, true);
    assert.equal(nei.positive, false);
    assert.equal(nei.claim, refute.claim);
    assert.deepEqual(nei.document, refute.document);
    // 4 positives (2 SUPPORT, 2 REFUTE), 2 of whose inputs come back as negatives.
    assert.deepEqual(identicalInputCeiling(pairs), { ceiling: 4 / 6, twins: 2 });
  });

  it('against the annotated sentences, the NOTENOUGHINFO row reads its own sentence and no pair repeats another', () => {
    const pairs = checkCovidSentencePairs(data, 'dev');
    const [refute, swap, nei] = [pairs[0]!, pairs[1]!, pairs[4]!];
    assert.equal(refute.positive, true);
    assert.equal(refute.document.abstract, `${bats[0]} ${bats[3]}`);
    assert.equal(nei.positive, false);
    assert.equal(nei.claim, refute.claim);
    assert.equal(nei.document.abstract, bats[1]);
    // The swapped negative reads the other abstract's annotated sentences.
    assert.equal(swap.positive, false);
    const swapped = swap.document.abstract ?? '';
    assert.ok(swapped && !bats.some((s) => swapped.includes(s)), swapped);
    assert.deepEqual(identicalInputCeiling(pairs), { ceiling: 1, twins: 0 });
  });
});
