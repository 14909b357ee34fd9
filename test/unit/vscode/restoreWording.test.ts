// The words of "Restore Dismissed Uncited Claims" (src/vscode/coverage/restoreWording.ts): a dismissed
// claim may be a named theorem's title, no sentence, so they say "claim", and count it without "(s)".
import assert from 'node:assert/strict';
import { NOTHING_DISMISSED, RESTORE_PLACEHOLDER, restoredNote } from '../../../src/vscode/coverage/restoreWording';

describe('Uncited Claims: the restore picker’s words', () => {
  it('counts the claims restored in the singular and the plural', () => {
    // It said "1 dismissed sentence(s) restored."
    assert.equal(restoredNote(1, 0), 'Citefinder: 1 dismissed claim restored.');
    assert.equal(restoredNote(2, 0), 'Citefinder: 2 dismissed claims restored.');
  });

  it('says how many come back only with the next run (not in the list shown)', () => {
    assert.equal(restoredNote(3, 2), 'Citefinder: 3 dismissed claims restored. 2 will be listed by the next "Find Uncited Claims".');
  });

  it('never calls a listed claim a sentence', () => {
    for (const words of [RESTORE_PLACEHOLDER, NOTHING_DISMISSED, restoredNote(1, 1), restoredNote(2, 0)]) assert.doesNotMatch(words, /sentence/);
  });
});
