// A journal record shown first, then its bioRxiv preprint: the two become one card whose id is the
// preprint's. What was attached under the journal card's id (BibTeX got, a trust lookup still on its
// way) stays with the card, in the store's list and in the results panel that folds the same events.
import { strict as assert } from 'node:assert';
import { BibtexStage } from '../../../../src/core/candidates/bibtexStage';
import { TrustStage } from '../../../../src/core/candidates/trustStage';
import { YEAST_PREPRINT as PREPRINT, YEAST_JOURNAL as JOURNAL } from '../../../helpers/paperRecords';
import { panelOf, useYeastStages } from '../../../helpers/yeastStages';

describe('a merge that changes a card\'s id', () => {
  const yeast = useYeastStages();

  function stages() {
    const { store, events, deps } = yeast.stages();
    return { store, events, bibtex: new BibtexStage(deps, 'authorYearWord', store), trust: new TrustStage(deps, store) };
  }

  it('keeps the BibTeX the journal card got before its preprint joined it', async () => {
    const { store, events, bibtex } = stages();
    store.addHits([{ record: JOURNAL, queryIndex: 0, rank: 0 }]);
    bibtex.update(store.list());
    await bibtex.settle();
    assert.equal(store.list()[0]!.id, JOURNAL.id);
    const journalBibtex = store.list()[0]!.bibtex;
    assert.match(journalBibtex ?? '', /Cell Genomics/i);

    store.addHits([{ record: PREPRINT, queryIndex: 0, rank: 0 }]);
    const [card] = store.list();
    assert.equal(store.list().length, 1);
    assert.equal(card!.id, PREPRINT.id, 'the preprint\'s id leads the merged card');
    assert.equal(card!.bibtex, journalBibtex);
    const panel = panelOf(events);
    assert.deepEqual(panel.candidates.map((c) => [c.id, c.bibtex]), [[PREPRINT.id, journalBibtex]]);
  });

  it('gives the merged card what a lookup started for the journal card answers after the merge', async () => {
    const { store, events, trust } = stages();
    store.addHits([{ record: JOURNAL, queryIndex: 0, rank: 0 }]);
    trust.update(store.list());
    // Still on its way (its answer comes over HTTP): the preprint joins meanwhile.
    store.addHits([{ record: PREPRINT, queryIndex: 0, rank: 0 }]);
    await trust.settle();
    const [card] = store.list();
    assert.equal(card!.id, PREPRINT.id);
    assert.ok(card!.trust, 'the journal\'s trust check reached the card');
    const patched = events.filter((e) => e.type === 'patch').map((e) => e.id);
    assert.deepEqual([...new Set(patched)], [PREPRINT.id], 'every patch names the id the card has');
    assert.deepEqual(panelOf(events).candidates.map((c) => [c.id, c.trust]), [[PREPRINT.id, card!.trust]]);
  });
});
