// A journal article another lane found without an abstract (OpenAlex and Semantic Scholar give none
// for several large publishers) is read from Europe PMC by its PubMed or PMC id: PubMed's abstract
// and PMC's open JATS fill its gaps. The card under test is a real PubMed record of the stand-in's
// recorded core answer as a title-only lane lists it: its abstract and full-text links left out.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { OpenAccessLookup } from '../../../../src/core/candidates/openAccessLookup';
import { supportStage } from '../../../../src/core/pipeline/support';
import { Run } from '../../../../src/core/pipeline/run';
import { parseSearchResults } from '../../../../src/core/sources/europepmc';
import { publishedRecord } from '../../../../src/core/sources/published/europepmc';
import { checkEuropePmcResult } from '../../../../src/core/sources/validate';
import type { CoreDeps } from '../../../../src/core/deps';
import type { PaperRecord } from '../../../../src/core/types';
import { resolveSettings } from '../../../../src/core/settings/index';
import { YEAST_JOURNAL } from '../../../helpers/paperRecords';
import { useYeastStages } from '../../../helpers/yeastStages';
import { fixturePath } from '../../../standin/server';

const MED_RECORDS = fixturePath('europepmc', 'search_query-cancer_resultType-core_med-records-1-5-6-11-14.json');

/** The recorded PubMed record of `pmid`, as Europe PMC's lane reads it. */
function pubMedRecord(pmid: string): PaperRecord {
  const result = parseSearchResults(readFileSync(MED_RECORDS, 'utf8')).map(checkEuropePmcResult).find((r) => r?.pmid === pmid)!;
  return publishedRecord(result, resolveSettings({}))!;
}

/** That record as a title-only lane gives it: no abstract, no way to its full text. */
function titleOnly(record: PaperRecord, ids: Partial<PaperRecord> = {}): PaperRecord {
  const { abstract: _a, jatsUrl: _j, pdfUrl: _p, openAccess: _o, pmid: _m, pmcid: _c, ...rest } = record;
  return { ...rest, source: 'semanticscholar', ...ids };
}

describe('a published card read from PubMed and PMC by its id', () => {
  const yeast = useYeastStages();
  const HEALTH = pubMedRecord('40356016');

  function lookupOf(card: PaperRecord, settings: Record<string, unknown> = {}) {
    const { store, deps } = yeast.stages();
    const warnings: string[] = [];
    const lookupDeps: CoreDeps = { ...deps, settings: resolveSettings({ ...yeast.standIn.settings, 'cache.enabled': false, ...settings }) };
    store.addHits([{ record: card, queryIndex: 0, rank: 0 }]);
    return { store, warnings, deps: lookupDeps, lookup: new OpenAccessLookup(lookupDeps, store, (w) => warnings.push(w)) };
  }
  const asked = (service: string) => yeast.standIn.requests.filter((r) => r.service === service).map((r) => decodeURIComponent(r.url).replace(/\+/g, ' '));

  it('gives a card with a PMID PubMed\'s abstract and PMC\'s open JATS, in one request', async () => {
    assert.ok(HEALTH.abstract && HEALTH.abstract.length > 1000, 'the recorded record has its abstract');
    const { store, lookup, warnings } = lookupOf(titleOnly(HEALTH, { pmid: '40356016' }));
    lookup.update();
    lookup.update();
    await lookup.settle();
    const card = store.list()[0]!;
    assert.equal(card.abstract, HEALTH.abstract);
    assert.equal(card.pmcid, 'PMC12069736');
    assert.match(card.jatsUrl ?? '', /\/PMC12069736\/fullTextXML$/);
    assert.equal(card.openAccess, true);
    assert.deepEqual(asked('europepmc').filter((p) => /EXT_ID/.test(p)).length, 1, asked('europepmc').join(' | '));
    assert.deepEqual(warnings, []);
  });

  it('reads by PMCID when the card knows no PMID', async () => {
    const { store, lookup } = lookupOf(titleOnly(HEALTH, { pmcid: 'PMC12069736' }));
    lookup.update();
    await lookup.settle();
    assert.equal(store.list()[0]!.abstract, HEALTH.abstract);
    assert.equal(store.list()[0]!.pmid, '40356016');
  });

  it('asks after OpenAlex, by the PMID its lookup gave, for a card that had only a DOI', async () => {
    const { store, lookup } = lookupOf({ ...titleOnly(YEAST_JOURNAL), source: 'dblp' });
    lookup.update();
    await lookup.settle();
    assert.equal(store.list()[0]!.pmid, '40120586', 'OpenAlex gave the PMID');
    const order = yeast.standIn.requests.map((r) => r.service).filter((s) => s === 'openalex' || s === 'europepmc');
    assert.deepEqual(order, ['openalex', 'europepmc']);
    assert.match(asked('europepmc')[0]!, /EXT_ID:40120586/);
  });

  it('asks by PMCID for PMC\'s open JATS when the card has its abstract but no full text', async () => {
    const { store, lookup } = lookupOf(titleOnly(HEALTH, { abstract: 'As the lane gave it.', pmid: '40356016', pmcid: 'PMC12069736' }));
    lookup.update();
    await lookup.settle();
    assert.match(asked('europepmc').join(' | '), /PMCID:PMC12069736/);
    assert.equal(store.list()[0]!.abstract, 'As the lane gave it.', 'an abstract is never replaced');
    assert.match(store.list()[0]!.jatsUrl ?? '', /\/PMC12069736\/fullTextXML$/);
  });

  it('asks nothing of a card PubMed\'s lane found, one that has both, one whose PMID alone promises no full text, or with Europe PMC off', async () => {
    const withAbstract = { abstract: 'As the lane gave it.' };
    for (const [card, settings] of [
      [{ ...titleOnly(HEALTH, { pmid: '40356016' }), source: 'pubmed' }, {}],
      [{ ...HEALTH, source: 'semanticscholar' }, {}],
      [titleOnly(HEALTH, { ...withAbstract, pmid: '40356016' }), {}],
      [titleOnly(HEALTH, { ...withAbstract, pmcid: 'PMC12069736' }), { 'fulltext.enabled': false }],
      [titleOnly(HEALTH, { pmid: '40356016' }), { 'sources.europepmc.enabled': false }],
    ] as const) {
      const { store, lookup } = lookupOf(card as PaperRecord, settings);
      lookup.update();
      await lookup.settle();
      assert.deepEqual(asked('europepmc'), [], JSON.stringify(settings));
      assert.equal(store.list()[0]!.abstract, (card as PaperRecord).abstract);
    }
  });

  it('names a failing Europe PMC once and keeps the card as it was', async () => {
    const { store, lookup, warnings } = lookupOf(titleOnly(HEALTH, { pmid: '40356016' }), { 'sources.europepmc.url': 'http://127.0.0.1:9/search' });
    lookup.update();
    await lookup.settle();
    assert.equal(store.list()[0]!.abstract, undefined);
    assert.equal(warnings.length, 1, warnings.join(' | '));
    assert.match(warnings[0]!, /^Europe PMC could not be asked about PMID 40356016: /);
  });

  it('scores a card found without an abstract on PubMed\'s, once the lookup is in', async () => {
    // Full texts off: every card is scored on its abstract, and none waited for its lookups before.
    const { store, lookup, deps } = lookupOf(titleOnly(HEALTH, { pmid: '40356016' }), { 'fulltext.enabled': false });
    lookup.update();
    const text = 'Bowel cancer screening rates are lower in rural and remote Australia than in major cities.';
    const claim = { source: text, text, sentences: [text], context: {} };
    const enriched = async (id: string) => void (await lookup.settledFor(id));
    await supportStage(store.list(), claim, [{ keywords: ['bowel cancer screening', 'rural'] }], { ...deps, llm: null, store, enriched }, new Run(() => {}));
    const card = store.list()[0]!;
    assert.equal(card.fulltext, 'abstract');
    assert.ok(card.paragraphs?.some((p) => /screening rates are lower in rural\/remote Australia/.test(p.text)), JSON.stringify(card.paragraphs));
  });
});
