// A PubMed record without a DOI gets its BibTeX through the DOI Crossref holds for the same work,
// found by its title and authors; a record whose work Crossref lacks says so, and nothing is
// written from the record itself. Real records: Europe PMC's record of the Cell Genomics paper
// (PMID 40120586) with its DOI taken out, as PubMed lists many older articles, and PubMed's own
// DOI-less record of an Altern Ther Health Med article (PMID 39038316).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startStandIn, type StandIn } from '../../../standin';
import { fixturePath } from '../../../standin/server';
import { recordedBibtex } from '../../../standin/crossref';
import { crossrefWorkFromBibtex } from '../../../standin/crossrefFromBibtex';
import { addCrossrefWorks, type CrossrefPoolWork } from '../../../standin/crossrefPool';
import { injectFault } from '../../../standin/faults';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings/index';
import type { CoreDeps } from '../../../../src/core/deps';
import type { EuropePmcResult } from '../../../../src/core/sources/europepmcRecord';
import { publishedRecord } from '../../../../src/core/sources/published/europepmc';
import { attachBibtexFindingDoi, needsCitationDoi } from '../../../../src/core/bibtex/doiByCitation';
import { resetRegistrationAgencies } from '../../../../src/core/bibtex/agency';
import type { Candidate, PaperRecord, PipelineEvent } from '../../../../src/core/types';
import { CandidateStore } from '../../../../src/core/candidates/store';
import { BibtexStage } from '../../../../src/core/candidates/bibtexStage';

const CELL_GENOMICS_DOI = '10.1016/j.xgen.2025.100814';

function europePmcResults(file: string): EuropePmcResult[] {
  // A recorded search answer, or a list of records in its `result` form.
  const answer = JSON.parse(readFileSync(fixturePath('europepmc', file), 'utf8')) as { resultList: { result: EuropePmcResult[] } } | EuropePmcResult[];
  return Array.isArray(answer) ? answer : answer.resultList.result;
}

function candidateOf(record: PaperRecord): Candidate {
  return { ...record, sources: [record.source], matchedQueries: [0], retrievalScore: 0.5 };
}

describe('a DOI for a published record that has none (doiByCitation)', function () {
  this.timeout(20_000);
  let standIn: StandIn;
  let deps: CoreDeps;
  const crossrefSearches = () => standIn.requests.filter((r) => r.service === 'crossref' && r.url.includes('query.bibliographic'));

  beforeEach(async () => {
    // Another suite's stand-in may have had this port: what its doi.org said of a prefix is forgotten.
    resetRegistrationAgencies();
    standIn = await startStandIn();
    // Crossref's record of the DOI whose BibTeX the stand-in serves, findable by its search too.
    addCrossrefWorks(standIn, [crossrefWorkFromBibtex(CELL_GENOMICS_DOI, recordedBibtex(CELL_GENOMICS_DOI)!.toString('utf8')) as CrossrefPoolWork]);
    const settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'cache.enabled': false });
    deps = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) };
  });
  afterEach(() => standIn.close());

  const cellGenomics = (): PaperRecord => {
    const result = europePmcResults('published-core-records_built-from-jats-and-openalex.json').find((r) => r.id === '40120586')!;
    const record = publishedRecord({ ...result, doi: undefined }, deps.settings)!;
    assert.equal(record.doi, undefined);
    return record;
  };

  it('finds the DOI at Crossref by title and authors, and cites the work with Crossref\'s BibTeX', async () => {
    const found = await attachBibtexFindingDoi(candidateOf(cellGenomics()), deps, 'authorYear');
    assert.equal(found.doi, CELL_GENOMICS_DOI);
    assert.match(found.bibtex ?? '', /doi\s*=\s*\{10\.1016\/j\.xgen\.2025\.100814\}/i);
    assert.match(found.bibtexSource ?? '', /\/works\/10\.1016\/j\.xgen\.2025\.100814\/transform/);
    assert.match(found.bibtexNote ?? '', /^Its DOI was found at Crossref by its title, authors and year \(the PubMed record has none\)\./);
    const [search, ...more] = crossrefSearches();
    assert.equal(more.length, 0, 'one search');
    assert.equal(new URL(search!.url, 'http://stand-in').searchParams.get('query.author'), cellGenomics().authors[0]);
  });

  it('takes no DOI whose work has other authors, and says why there is no BibTeX', async () => {
    const other = { ...cellGenomics(), authors: ['Lixin Yu', 'Zhenkui Zhang'] };
    const found = await attachBibtexFindingDoi(candidateOf(other), deps, 'authorYear');
    assert.equal(found.doi, undefined);
    assert.equal(found.bibtex, undefined);
    assert.equal(found.bibtexWhy, 'the record has no DOI, and Crossref holds no work with its title, authors and year');
  });

  it('says so for PubMed\'s DOI-less record of a work Crossref does not hold', async () => {
    const [result] = europePmcResults('search_query-cancer_resultType-core_med-record-21-no-doi.json');
    const record = publishedRecord(result!, deps.settings)!;
    assert.equal(record.id, 'pubmed:39038316');
    assert.ok(needsCitationDoi(record));
    const found = await attachBibtexFindingDoi(candidateOf(record), deps, 'authorYear');
    assert.equal(found.bibtex, undefined);
    assert.equal(found.bibtexWhy, 'the record has no DOI, and Crossref holds no work with its title, authors and year');
    assert.equal(crossrefSearches().length, 1);
  });

  it('gives the results card the DOI found, and its BibTeX, as a patch (the run\'s BibTeX stage)', async () => {
    const events: PipelineEvent[] = [];
    const store = new CandidateStore([{ keywords: ['prime editing'] }], 'pooled prime editing of human variants', 10, (e) => events.push(e));
    let found = 0;
    const stage = new BibtexStage(deps, 'authorYearWord', store, {}, () => found++);
    store.addHits([{ record: cellGenomics(), queryIndex: 0, rank: 0 }]);
    stage.update(store.list());
    await stage.settle();
    assert.equal(found, 1, 'the run is told, so that its trust lookup sees the DOI');
    // The card now has a DOI: a later update plans nothing the lookup has not asked already.
    stage.update(store.list());
    await stage.settle();
    assert.equal(standIn.requests.filter((r) => r.service === 'crossref' && r.url.includes('/transform')).length, 1);
    assert.equal(crossrefSearches().length, 1);
    const [card] = store.list();
    assert.equal(card!.doi, CELL_GENOMICS_DOI);
    assert.match(card!.bibtex ?? '', /Cell Genomics/i);
    assert.equal(card!.bibtexWhy, undefined);
    assert.deepEqual(events.map((e) => e.type), ['candidates', 'patch']);
  });

  it('keeps the DOI found when its BibTeX cannot be had: the card links it and the run is told', async () => {
    const crossref = standIn.handlerOf('crossref')!;
    standIn.handle('crossref', (req, res) => (req.path.includes('/transform') ? void res.writeHead(503).end('Service Unavailable') : crossref(req, res)));
    injectFault(standIn, 'doi', '500');
    const store = new CandidateStore([{ keywords: ['prime editing'] }], 'pooled prime editing of human variants', 10, () => {});
    let found = 0;
    const stage = new BibtexStage(deps, 'authorYearWord', store, {}, () => found++);
    store.addHits([{ record: cellGenomics(), queryIndex: 0, rank: 0 }]);
    stage.update(store.list());
    await stage.settle();
    const [card] = store.list();
    assert.equal(card!.doi, CELL_GENOMICS_DOI);
    assert.equal(card!.bibtex, undefined);
    assert.match(card!.bibtexError ?? '', /HTTP 5\d\d/);
    assert.equal(found, 1, 'the run is told, so that its trust lookup sees the DOI');
    stage.update(store.list());
    await stage.settle();
    assert.equal(crossrefSearches().length, 1, 'nothing asked again');
  });

  it('searches nothing for a record with a DOI, an arXiv id or a DBLP key, nor for a preprint', () => {
    const record = cellGenomics();
    assert.equal(needsCitationDoi({ ...record, doi: CELL_GENOMICS_DOI }), false);
    assert.equal(needsCitationDoi({ ...record, arxivId: '2004.07180' }), false);
    assert.equal(needsCitationDoi({ ...record, dblpKey: 'journals/x/Y25' }), false);
    assert.equal(needsCitationDoi({ ...record, source: 'biorxiv' }), false);
  });
});
