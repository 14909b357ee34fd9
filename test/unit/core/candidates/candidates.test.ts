// The candidate store and the BibTeX stage: hits in, ranked candidates and patches out; a
// published DOI learnt after the first sighting re-plans the BibTeX, and the journal's wins.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { startStandIn, type StandIn } from '../../../standin';
import { fixturePath } from '../../../standin/server';
import { CandidateStore } from '../../../../src/core/candidates/store';
import { BibtexStage } from '../../../../src/core/candidates/bibtexStage';
import { TrustStage } from '../../../../src/core/candidates/trustStage';
import { Enrichment } from '../../../../src/core/candidates/enrichment';
import { createSources } from '../../../../src/core/sources/index';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings/index';
import type { PaperRecord, PipelineEvent } from '../../../../src/core/types';
import { YEAST_JOURNAL, YEAST_PREPRINT as PREPRINT } from '../../../helpers/paperRecords';


describe('candidate store and BibTeX stage', () => {
  let standIn: StandIn;
  before(async () => {
    standIn = await startStandIn();
  });
  after(() => standIn.close());

  it('emits ranked candidates, folds patches, and re-plans BibTeX when the published DOI arrives', async () => {
    const settings = resolveSettings({ ...standIn.settings, 'cache.enabled': false });
    const http = createHttpClient(settings, { pacing: new PacingRegistry(), backoffMs: 1 });
    const events: PipelineEvent[] = [];
    const store = new CandidateStore([{ keywords: ['protein abundance', 'yeast'] }], 'protein abundance in yeast', 10, (e) => events.push(e));
    const bibtex = new BibtexStage({ http, settings }, 'authorYearWord', store);

    store.addHits([{ record: PREPRINT, queryIndex: 0, rank: 0 }]);
    bibtex.update(store.list());
    await bibtex.settle();
    // The preprint's own record, only its key rewritten.
    const preprintBib = readFileSync(fixturePath('bibtex', 'crossref-transform_10.1101_2024.04.01.587366_biorxiv-preprint.bib'), 'utf8');
    assert.equal(store.list()[0]!.bibtex, preprintBib.replace('Herger_2024', store.list()[0]!.citeKey!));

    // The bioRxiv API names the journal version: the store re-ranks, the stage asks again.
    store.updateRecord({ ...PREPRINT, publishedDoi: '10.1016/j.xgen.2025.100814' });
    bibtex.update(store.list());
    await bibtex.settle();
    const [candidate] = store.list();
    assert.match(candidate!.bibtexSource ?? '', /10\.1016/);
    assert.match(candidate!.bibtex ?? '', /Cell Genomics/i);
    assert.equal(candidate!.bibtexError, undefined);
    assert.deepEqual(events.map((e) => e.type), ['candidates', 'patch', 'candidates', 'patch']);
  });

  it('takes Crossref\'s citation count from the trust lookup\'s records, and never over a larger count of the record\'s own index', async () => {
    const settings = resolveSettings({ ...standIn.settings, 'cache.enabled': false });
    const http = createHttpClient(settings, { pacing: new PacingRegistry(), backoffMs: 1 });
    const store = new CandidateStore([{ keywords: ['wetland', 'ecology'] }], 'wetland ecology', 10, () => {});
    const trust = new TrustStage({ http, settings }, store);
    // Scientific Reports 5:16696, whose recorded Crossref record says is-referenced-by-count 110.
    const uncounted: PaperRecord = { id: 'doi:10.1038/srep16696', source: 'pubmed', title: 'A work', authors: [], doi: '10.1038/srep16696' };
    const counted: PaperRecord = { ...PREPRINT, citedBy: { count: 16127, by: 'semanticscholar' } };
    store.addHits([{ record: uncounted, queryIndex: 0, rank: 0 }, { record: counted, queryIndex: 0, rank: 1 }]);
    trust.update(store.list());
    await trust.settle();
    const byId = new Map(store.list().map((c) => [c.id, c]));
    assert.deepEqual(byId.get(uncounted.id)!.citedBy, { count: 110, by: 'crossref' });
    assert.equal(byId.get(uncounted.id)!.trust?.status, 'ok');
    // The bioRxiv preprint's Crossref record counts 2: the Semantic Scholar count stays.
    assert.deepEqual(byId.get(counted.id)!.citedBy, { count: 16127, by: 'semanticscholar' });
  });

  it('enriches a card\'s bioRxiv preprint though its journal record arrived first and leads the card', async () => {
    const settings = resolveSettings({ ...standIn.settings, 'cache.enabled': false });
    const http = createHttpClient(settings, { pacing: new PacingRegistry(), backoffMs: 1 });
    const store = new CandidateStore([{ keywords: ['protein abundance', 'yeast'] }], 'protein abundance in yeast', 10, () => {});
    // The journal version and the preprint tie (same rank, same query): the first to arrive leads.
    const journal = YEAST_JOURNAL;
    store.addHits([{ record: journal, queryIndex: 0, rank: 0 }]);
    store.addHits([{ record: PREPRINT, queryIndex: 0, rank: 0 }]);
    const [card] = store.list();
    assert.equal(store.list().length, 1);
    assert.equal(card!.source, 'pubmed', 'the journal record leads the card');
    const before = standIn.requests.length;
    const enrichment = new Enrichment(createSources(settings, http), store, undefined, () => {});
    enrichment.update(store.list());
    await enrichment.settle();
    const asked = standIn.requests.slice(before).map((r) => r.path);
    assert.ok(asked.some((p) => p.endsWith('/details/biorxiv/10.1101/2024.04.01.587366/na/json')), asked.join(' '));
    // The details API's answer names the published version, as it does when the preprint leads.
    assert.equal(store.list()[0]!.publishedDoi, '10.1016/j.xgen.2025.100814');
  });
});
