// Counts in messages read as a reader says them: "1 file", "17 sentences", never "sentence(s)".
import assert from 'node:assert/strict';
import { plural } from '../../../../src/core/text/plural';

describe('plural: a count and its noun', () => {
  it('uses the singular for exactly one and the plural for every other count, zero included', () => {
    assert.equal(plural(1, 'file'), '1 file');
    assert.equal(plural(0, 'sentence'), '0 sentences');
    assert.equal(plural(2, 'citation'), '2 citations');
    assert.equal(plural(23697, 'sentence'), '23697 sentences');
  });

  it('takes an explicit plural for a noun that does not add "s"', () => {
    assert.equal(plural(1, 'entry', 'entries'), '1 entry');
    assert.equal(plural(3, 'entry', 'entries'), '3 entries');
    assert.equal(plural(0, 'analysis', 'analyses'), '0 analyses');
  });

  it('puts a noun phrase\'s plural on its last word: "other works"', () => {
    assert.equal(plural(1, 'other work'), '1 other work');
    assert.equal(plural(4, 'other work'), '4 other works');
  });
});
