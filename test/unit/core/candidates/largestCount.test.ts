// A card shows the largest citation count any source gave, with its source, whatever order the counts
// came in: a trust check superseded by a newer one (the card's DOIs changed) still gives its count, and
// a later smaller count never replaces an earlier larger one, in the store or in the results panel.
import { strict as assert } from 'node:assert';
import { TrustStage } from '../../../../src/core/candidates/trustStage';
import { addPatch, withPatch } from '../../../../src/core/candidates/patches';
import type { Candidate } from '../../../../src/core/types';
import { YEAST_PREPRINT as PREPRINT, YEAST_JOURNAL as JOURNAL } from '../../../helpers/paperRecords';
import { panelOf, useYeastStages } from '../../../helpers/yeastStages';

describe('the largest citation count a card was given', () => {
  const yeast = useYeastStages();

  it('keeps the count of a trust check a merge superseded while it was out', async () => {
    const { store, events, deps } = yeast.stages();
    const trust = new TrustStage(deps, store);
    store.addHits([{ record: PREPRINT, queryIndex: 0, rank: 0 }]);
    trust.update(store.list());
    // Still out (its answer comes over HTTP): the journal's record joins, the card's DOI to check is the journal's.
    store.addHits([{ record: JOURNAL, queryIndex: 0, rank: 1 }]);
    assert.equal(store.list()[0]!.publishedDoi, JOURNAL.doi);
    trust.update(store.list());
    await trust.settle();
    const [card] = store.list();
    assert.equal(card!.trust?.status, 'ok', 'the newer check\'s trust');
    assert.deepEqual(card!.citedBy, { count: 2, by: 'crossref' });
    assert.deepEqual(panelOf(events).candidates[0]!.citedBy, { count: 2, by: 'crossref' });
  });

  it('never lets a later smaller count replace an earlier larger one', () => {
    const card = { id: 'a', source: 'pubmed', title: 'A work', authors: [] } as unknown as Candidate;
    let patches = addPatch({}, 'a', { citedBy: { count: 40, by: 'europepmc' } });
    patches = addPatch(patches, 'a', { citedBy: { count: 3, by: 'crossref' }, trust: { status: 'ok', reason: 'checked' } });
    assert.deepEqual(withPatch(card, patches.a).citedBy, { count: 40, by: 'europepmc' });
    patches = addPatch(patches, 'a', { citedBy: { count: 41, by: 'crossref' } });
    assert.deepEqual(withPatch(card, patches.a).citedBy, { count: 41, by: 'crossref' });
  });
});
