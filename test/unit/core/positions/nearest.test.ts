// The occurrence nearest to where a text was: used to find a claim or a listed sentence again after
// an edit elsewhere on its line moved it.
import { strict as assert } from 'node:assert';
import { nearestOccurrence } from '../../../../src/core/positions/nearest';

describe('nearestOccurrence', () => {
  const line = 'A claim. Filler text here. A claim. More. A claim.';
  const starts = [0, 27, 42];

  it('stays where the text still is, else takes the occurrence nearest on either side', () => {
    for (const at of starts) assert.equal(nearestOccurrence(line, 'A claim.', at), at);
    assert.equal(nearestOccurrence(line, 'A claim.', 10), 0);
    assert.equal(nearestOccurrence(line, 'A claim.', 20), 27);
    assert.equal(nearestOccurrence(line, 'A claim.', 36), 42);
    assert.equal(nearestOccurrence(line, 'A claim.', 500), 42, 'an offset past the end: the last');
  });

  it('takes the earlier one at equal distance, and gives undefined for a text that is gone or empty', () => {
    assert.equal(nearestOccurrence('ab..ab', 'ab', 2), 0);
    assert.equal(nearestOccurrence(line, 'Another claim.', 3), undefined);
    assert.equal(nearestOccurrence(line, '', 3), undefined);
  });
});
