// A run returns once every lookup its stages started has answered: a superseded trust check still
// out when the newer one answered (it still patches its count), and a lookup planned while the run
// waits for another (a DOI the BibTeX lookup found plans a trust check again). One left out patches
// a store, and writes to a cache, nobody waits for any more: a fault-matrix run on a busy machine
// once failed to remove its cache folder (ENOTEMPTY). The stages against the stand-in's recorded
// Crossref answers, with the requests named held until the test lets them go.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { recordedBibtex } from '../../../standin/crossref';
import { crossrefWorkFromBibtex } from '../../../standin/crossrefFromBibtex';
import { addCrossrefWorks, type CrossrefPoolWork } from '../../../standin/crossrefPool';
import { TrustStage } from '../../../../src/core/candidates/trustStage';
import { BibtexStage } from '../../../../src/core/candidates/bibtexStage';
import { settleInTurn } from '../../../../src/core/candidates/running';
import { resetRegistrationAgencies } from '../../../../src/core/bibtex/agency';
import { publishedRecord } from '../../../../src/core/sources/published/europepmc';
import type { EuropePmcResult } from '../../../../src/core/sources/europepmcRecord';
import type { HttpClient } from '../../../../src/core/net/types';
import type { PaperRecord, PipelineEvent } from '../../../../src/core/types';
import { YEAST_PREPRINT as PREPRINT, YEAST_JOURNAL as JOURNAL } from '../../../helpers/paperRecords';
import { useYeastStages } from '../../../helpers/yeastStages';

const CELL_GENOMICS_DOI = '10.1016/j.xgen.2025.100814';

/** Holds the requests `held` picks, of a client it wraps, until `open()` is called; `heldUrls` lists them. */
function gate(held: (url: string) => boolean) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const heldUrls: string[] = [];
  const wrap = (http: HttpClient): HttpClient => ({
    ...http,
    request: async (req) => {
      if (held(req.url)) {
        heldUrls.push(req.url);
        await opened;
      }
      return http.request(req);
    },
  });
  return { wrap, open, heldUrls };
}

const trustPatch = (event: PipelineEvent) => event.type === 'patch' && event.patch.trust !== undefined;

describe('settling a run\'s lookups', () => {
  const yeast = useYeastStages();

  it('waits for a superseded trust check still out when the newer one has answered', async () => {
    const preprintCheck = gate((url) => url.includes('2024.04.01.587366'));
    // The newer check's trust lets the preprint's own check (held until then) go to Crossref.
    const { store, deps } = yeast.stages((event) => trustPatch(event) && preprintCheck.open());
    const trust = new TrustStage({ ...deps, http: preprintCheck.wrap(deps.http) }, store);
    store.addHits([{ record: PREPRINT, queryIndex: 0, rank: 0 }]);
    trust.update(store.list());
    // The journal's record joins: the card's DOI to check is the journal's, and a newer check is planned.
    store.addHits([{ record: JOURNAL, queryIndex: 0, rank: 1 }]);
    trust.update(store.list());
    await trust.settle();
    assert.equal(preprintCheck.heldUrls.length, 1, 'the preprint\'s check was held');
    assert.deepEqual(store.list()[0]!.citedBy, { count: 2, by: 'crossref' }, 'the superseded check\'s count is in when settle returns');
    assert.ok(trust.idle);
  });

  it('waits for a trust check planned while it waits for the BibTeX lookup that found its DOI', async () => {
    // Another suite's stand-in may have had this port: what its doi.org said of a prefix is forgotten.
    resetRegistrationAgencies();
    addCrossrefWorks(yeast.standIn, [crossrefWorkFromBibtex(CELL_GENOMICS_DOI, recordedBibtex(CELL_GENOMICS_DOI)!.toString('utf8')) as CrossrefPoolWork]);
    const doiSearch = gate((url) => url.includes('query.bibliographic'));
    const trustPatches: PipelineEvent[] = [];
    // The first trust check (of the record without a DOI) answers before Crossref's search lets the BibTeX lookup find the DOI.
    const { store, deps } = yeast.stages((event) => trustPatch(event) && (trustPatches.push(event), doiSearch.open()));
    const trust = new TrustStage(deps, store);
    const bibtex = new BibtexStage({ ...deps, http: doiSearch.wrap(deps.http) }, 'authorYearWord', store, {}, () => trust.update(store.list()));
    store.addHits([{ record: cellGenomicsWithoutDoi(deps.settings), queryIndex: 0, rank: 0 }]);
    bibtex.update(store.list());
    trust.update(store.list());
    await settleInTurn([bibtex, trust]);
    assert.equal(doiSearch.heldUrls.length, 1, 'the search for the DOI was held');
    const [card] = store.list();
    assert.equal(card!.doi, CELL_GENOMICS_DOI);
    assert.equal(trustPatches.length, 2, 'the check with the DOI found answered before the wait ended');
    assert.ok(bibtex.idle && trust.idle);
  });
});

/** Europe PMC's record of the Cell Genomics article with its DOI taken out, as PubMed lists many older articles. */
function cellGenomicsWithoutDoi(settings: Parameters<typeof publishedRecord>[1]): PaperRecord {
  const answer = JSON.parse(readFileSync(fixturePath('europepmc', 'published-core-records_built-from-jats-and-openalex.json'), 'utf8')) as
    { resultList: { result: EuropePmcResult[] } } | EuropePmcResult[];
  const results = Array.isArray(answer) ? answer : answer.resultList.result;
  const record = publishedRecord({ ...results.find((r) => r.id === '40120586')!, doi: undefined }, settings)!;
  assert.equal(record.doi, undefined);
  return record;
}
