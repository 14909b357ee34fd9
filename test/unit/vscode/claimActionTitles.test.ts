// The code actions on a listed claim of Find Uncited Claims (src/vscode/coverage/actionTitles.ts), on the
// listed claims of arXiv:2212.11826 (test/fixtures/coverage/notes.tex): a named theorem, listed by its
// title, is offered "Find citations for this theorem"; a sentence, a footnote's too, keeps "sentence".
import assert from 'node:assert/strict';
import { claimActionTitles } from '../../../src/vscode/coverage/actionTitles';
import { coverNotes } from '../../helpers/coverageNotes';

const listed = coverNotes().filter((s) => s.needsCitation);

describe('Uncited Claims: the code actions’ titles', () => {
  it('says "theorem" for a named theorem’s title', () => {
    const title = listed.find((s) => s.role === 'named result');
    assert.ok(title);
    assert.equal(title.text, 'Representer theorem');
    assert.deepEqual(claimActionTitles(title), {
      find: 'Find citations for this theorem',
      dismiss: 'Dismiss: this theorem needs no citation',
    });
  });

  it('says "sentence" for a body sentence and a footnote’s', () => {
    const note = listed.find((s) => s.role === 'footnote');
    const body = listed.find((s) => s.role === undefined);
    assert.ok(note && body);
    for (const s of [note, body]) assert.equal(claimActionTitles(s).find, 'Find citations for this sentence');
  });
});
