// "Cited as …" on a card that a merge renames: a journal record shown first, then its bioRxiv
// preprint, become one card under the preprint's id (candidates/store.ts). The panel must still
// say the work was cited, under the card it is now, and an "Insert citation" clicked on the card
// as it was before the merge must reach the merged card. The store and the panel's own fold,
// on the real records of the yeast preprint and its Cell Genomics article.
import { strict as assert } from 'node:assert';
import type { PipelineEvent } from '../../../src/core/types';
import { applyHostMessage, findCandidate } from '../../../src/webview/resultsModel';
import type { ResultsHostMessage, ResultsState } from '../../../src/webview/protocol';
import { YEAST_PREPRINT as PREPRINT, YEAST_JOURNAL as JOURNAL } from '../../helpers/paperRecords';
import { panelOf, yeastStore } from '../../helpers/yeastStages';

/** The store's events, and the panel that folds them with the host's own messages in between. */
function run() {
  const events: PipelineEvent[] = [];
  const store = yeastStore(events);
  let panel: ResultsState = panelOf([]);
  const deliver = () => void (panel = panelOf(events.splice(0), panel));
  const post = (message: ResultsHostMessage) => void (panel = applyHostMessage(panel, message));
  return { store, deliver, post, panel: () => panel };
}

describe('the results panel\'s inserted citations across a merge', () => {
  it('shows the merged card as cited when the journal card was cited before its preprint joined it', () => {
    const { store, deliver, post, panel } = run();
    store.addHits([{ record: JOURNAL, queryIndex: 0, rank: 0 }]);
    deliver();
    post({ type: 'inserted', id: JOURNAL.id, key: 'zhou2024yeast', reused: false });
    store.addHits([{ record: PREPRINT, queryIndex: 0, rank: 0 }]);
    deliver();
    assert.deepEqual(panel().candidates.map((c) => c.id), [PREPRINT.id], 'one card, under the preprint\'s id');
    assert.deepEqual(panel().inserted, { [PREPRINT.id]: 'zhou2024yeast' }, 'the card shown is the one cited, and no card that is gone');
  });

  it('finds the merged card for an insert clicked on the journal card, and files its citation under the card it is now', () => {
    const { store, deliver, post, panel } = run();
    store.addHits([{ record: JOURNAL, queryIndex: 0, rank: 0 }]);
    deliver();
    // The click left the page before the merge reached it; the host answers after.
    store.addHits([{ record: PREPRINT, queryIndex: 0, rank: 0 }]);
    deliver();
    const card = findCandidate(panel(), JOURNAL.id);
    assert.equal(card?.id, PREPRINT.id, 'the click reaches the merged card');
    post({ type: 'inserted', id: JOURNAL.id, key: 'zhou2024yeast', reused: false });
    assert.deepEqual(panel().inserted, { [PREPRINT.id]: 'zhou2024yeast' });
    // An undo that the host follows under the id it was inserted with takes the mark away.
    post({ type: 'uninserted', id: JOURNAL.id, message: 'The citation zhou2024yeast was removed.' });
    assert.deepEqual(panel().inserted, {});
  });

  it('puts a patch the host sends under the journal card\'s id (a switched version\'s BibTeX) on the merged card', () => {
    const { store, deliver, post, panel } = run();
    store.addHits([{ record: JOURNAL, queryIndex: 0, rank: 0 }]);
    deliver();
    store.addHits([{ record: PREPRINT, queryIndex: 0, rank: 0 }]);
    deliver();
    const bibtex = '@article{zhou2024yeast, title={Yeast}}';
    post({ type: 'event', runId: 1, event: { type: 'patch', id: JOURNAL.id, patch: { bibtex, citeKey: 'zhou2024yeast' } } });
    assert.equal(findCandidate(panel(), PREPRINT.id)?.bibtex, bibtex);
    assert.deepEqual(Object.keys(panel().extras), [PREPRINT.id], 'nothing is kept under the id that is gone');
  });
});
