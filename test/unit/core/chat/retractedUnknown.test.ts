// `/retracted` must never call a work "ok" when its Crossref lookup brought back no record: the
// demo's preprints (a medRxiv DOI Crossref's stand-in has no recording of) showed "ok" before.
import assert from 'node:assert/strict';
import { startStandInServer, type StandIn } from '../../../standin/server';
import { installCrossref } from '../../../standin/crossref';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings';
import type { CoreDeps } from '../../../../src/core/deps';
import type { PaperRecord } from '../../../../src/core/types';
import { runPlan } from '../../../../src/core/chat/plans';
import { noticeOf } from '../../../../src/core/chat/trust';

const SCIREP: PaperRecord = { id: 'doi:10.1038/srep16696', source: 'crossref', title: 'Single-molecule FRET studies on alpha-synuclein oligomerization', authors: ['Laura Tosatto'], year: 2015, doi: '10.1038/srep16696' };
/** A real medRxiv preprint (test/fixtures/biorxiv) whose Crossref record is not recorded: Crossref's stand-in answers its real 404. */
const MEDRXIV: PaperRecord = {
  id: 'doi:10.1101/19000133',
  source: 'medrxiv',
  title: 'Prospective and External Evaluation of a Machine Learning Model to Predict In-Hospital Mortality',
  authors: ['Nathan Brajer'],
  year: 2019,
  doi: '10.1101/19000133',
};

describe('/retracted when Crossref has no record', () => {
  let standIn: StandIn;
  let deps: CoreDeps;
  beforeEach(async () => {
    standIn = await startStandInServer([installCrossref]);
    const settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'cache.enabled': false });
    deps = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) };
  });
  afterEach(() => standIn.close());

  it('says unknown, with the reason, for a DOI Crossref answers 404 for; ok only for a record without notices', async () => {
    const answer = await runPlan({ plan: 'retracted' }, [SCIREP, MEDRXIV], deps);
    const lines = answer.summary.split('\n');
    assert.match(lines[1]!, /^\[1\] ok$/);
    assert.match(lines[2]!, /^\[2\] unknown: Crossref has no record of doi:10\.1101\/19000133, so no notice could be checked$/);
    assert.deepEqual(answer.records.map((r) => [r.record.doi, r.trust?.status]), [['10.1101/19000133', 'unknown']]);
    assert.ok(standIn.requests.some((r) => r.status === 404 && /19000133/.test(decodeURIComponent(r.url))), 'Crossref was asked and answered 404');
  });

  it('says unknown with the HTTP failure when Crossref fails', async () => {
    standIn.failNext('crossref', [503]);
    const answer = await runPlan({ plan: 'retracted' }, [SCIREP], deps);
    assert.match(answer.summary.split('\n')[1]!, /^\[1\] unknown: Crossref did not answer \(.*503/);
  });

  it('noticeOf: a DOI asked about without a record is unknown, a record without notices ok, no DOI unknown', () => {
    assert.equal(noticeOf(undefined, 'A title', true).status, 'unknown');
    assert.match(noticeOf(undefined, 'A title', true).reason ?? '', /no record of its DOI/);
    assert.match(noticeOf(undefined, 'A title', false).reason ?? '', /no DOI/);
    assert.equal(noticeOf(undefined, 'RETRACTED: A title', true).status, 'retracted');
  });
});
