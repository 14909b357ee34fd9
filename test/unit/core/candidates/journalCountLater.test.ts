// A bioRxiv preprint found alone, whose journal version's DOI arrives only later: from the bioRxiv
// API's answer (the record is enriched) or from Crossref's "is preprint of" (the trust lookup's
// version-of-record patch). Its card gets the journal's cited-by count from OpenAlex, in one lookup
// however often the lookups are planned again, and none before a journal DOI is known. The store
// and the lookup against the stand-in's recorded OpenAlex work of the Cell Genomics article.
import { strict as assert } from 'node:assert';
import { OpenAccessLookup } from '../../../../src/core/candidates/openAccessLookup';
import type { PaperRecord } from '../../../../src/core/types';
import { BIB, recordFromBib, YEAST_PREPRINT as PREPRINT, YEAST_JOURNAL as JOURNAL } from '../../../helpers/paperRecords';
import { useYeastStages } from '../../../helpers/yeastStages';

describe('a preprint\'s count when its journal DOI arrives later', () => {
  const yeast = useYeastStages();

  function stages() {
    const { store, deps } = yeast.stages();
    const warnings: string[] = [];
    store.addHits([{ record: PREPRINT, queryIndex: 0, rank: 0 }]);
    return { store, warnings, lookup: new OpenAccessLookup(deps, store, (w) => warnings.push(w)) };
  }
  const openAlexAsked = () => yeast.standIn.requests.filter((r) => r.service === 'openalex').map((r) => decodeURIComponent(r.path));

  it('asks nothing for a preprint with no journal version known', async () => {
    const { store, lookup } = stages();
    lookup.update();
    await lookup.settle();
    assert.deepEqual(openAlexAsked(), []);
    assert.equal(store.list()[0]!.citedBy, undefined);
  });

  it('counts a journal DOI the trust lookup\'s version of record names, once', async () => {
    const { store, lookup, warnings } = stages();
    lookup.update();
    store.patch(PREPRINT.id, { versionOfRecord: { doi: JOURNAL.doi!, journal: 'Cell Genomics' } });
    lookup.update();
    lookup.update();
    await lookup.settle();
    lookup.update();
    await lookup.settle();
    assert.deepEqual(store.list()[0]!.citedBy, { count: 3, by: 'openalex' });
    assert.equal(openAlexAsked().length, 1, openAlexAsked().join(' | '));
    assert.match(openAlexAsked()[0]!, /\/works\/doi:10\.1016\/j\.xgen\.2025\.100814$/);
    assert.deepEqual(warnings, []);
  });

  it('counts the journal DOI on the preprint\'s card, not on another card of that DOI, whose own gaps are still looked up', async () => {
    const { store, lookup, warnings } = stages();
    // The journal's record as a published lane lists it, under its own title: not merged with the preprint.
    const journal: PaperRecord = { ...recordFromBib(BIB.hergerPublished, 'biorxiv'), source: 'pubmed' };
    store.addHits([{ record: journal, queryIndex: 0, rank: 1 }]);
    assert.equal(store.list().length, 2);
    store.patch(PREPRINT.id, { versionOfRecord: { doi: journal.doi!, journal: 'Cell Genomics' } });
    lookup.update();
    await lookup.settle();
    const card = (id: string) => store.list().find((c) => c.id === id)!;
    assert.deepEqual(card(PREPRINT.id).citedBy, { count: 3, by: 'openalex' }, 'the preprint\'s card is counted');
    assert.deepEqual(card(journal.id).citedBy, { count: 3, by: 'openalex' });
    assert.equal(card(journal.id).pmid, '40120586', 'the journal card\'s own lookup filled its gaps');
    assert.deepEqual(warnings, []);
  });

  it('counts a journal DOI the bioRxiv API\'s answer names', async () => {
    const { store, lookup } = stages();
    lookup.update();
    store.updateRecord({ ...PREPRINT, publishedDoi: JOURNAL.doi });
    lookup.update();
    await lookup.settle();
    assert.deepEqual(store.list()[0]!.citedBy, { count: 3, by: 'openalex' });
    assert.equal(openAlexAsked().length, 1, openAlexAsked().join(' | '));
  });
});
