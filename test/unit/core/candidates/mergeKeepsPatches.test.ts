// A journal record shown first, then its bioRxiv preprint: the two become one card whose id is the
// preprint's. What was attached under the journal card's id (BibTeX got, a trust lookup still on its
// way) stays with the card, in the store's list and in the results panel that folds the same events.
import { strict as assert } from 'node:assert';
import { startStandIn, type StandIn } from '../../../standin';
import { CandidateStore } from '../../../../src/core/candidates/store';
import { BibtexStage } from '../../../../src/core/candidates/bibtexStage';
import { TrustStage } from '../../../../src/core/candidates/trustStage';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings/index';
import type { PipelineEvent } from '../../../../src/core/types';
import { applyHostMessage, emptyResults } from '../../../../src/webview/resultsModel';
import type { ResultsState } from '../../../../src/webview/protocol';
import { YEAST_PREPRINT as PREPRINT, YEAST_JOURNAL as JOURNAL } from '../../../helpers/paperRecords';


describe('a merge that changes a card\'s id', () => {
  let standIn: StandIn;
  before(async () => {
    standIn = await startStandIn();
  });
  after(() => standIn.close());

  function stages() {
    const settings = resolveSettings({ ...standIn.settings, 'cache.enabled': false });
    const http = createHttpClient(settings, { pacing: new PacingRegistry(), backoffMs: 1 });
    const events: PipelineEvent[] = [];
    const store = new CandidateStore([{ keywords: ['protein abundance', 'yeast'] }], 'protein abundance in yeast', 10, (e) => events.push(e));
    return { store, events, bibtex: new BibtexStage({ http, settings }, 'authorYearWord', store), trust: new TrustStage({ http, settings }, store) };
  }

  const panelOf = (events: PipelineEvent[]): ResultsState =>
    events.reduce((state, event) => applyHostMessage(state, { type: 'event', runId: 1, event }),
      applyHostMessage(emptyResults(), { type: 'start', runId: 1, claim: 'protein abundance in yeast' }));

  it('keeps the BibTeX the journal card got before its preprint joined it', async () => {
    const { store, events, bibtex } = stages();
    store.addHits([{ record: JOURNAL, queryIndex: 0, rank: 0 }]);
    bibtex.update(store.list());
    await bibtex.settle(() => store.list().map((c) => c.id));
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
    await trust.settle(() => [JOURNAL.id]);
    const [card] = store.list();
    assert.equal(card!.id, PREPRINT.id);
    assert.ok(card!.trust, 'the journal\'s trust check reached the card');
    const patched = events.filter((e) => e.type === 'patch').map((e) => e.id);
    assert.deepEqual([...new Set(patched)], [PREPRINT.id], 'every patch names the id the card has');
    assert.deepEqual(panelOf(events).candidates.map((c) => [c.id, c.trust]), [[PREPRINT.id, card!.trust]]);
  });
});
