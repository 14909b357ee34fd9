// Check Bibliography against the stand-in authorities: each status, each differing field,
// differences of form alone not reported, duplicates, broken entries untouched, and applying
// the accepted fields changes those fields only.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startStandIn, type StandIn } from '../../../standin';
import { fixturePath } from '../../../standin/server';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings/index';
import type { CoreDeps } from '../../../../src/core/deps';
import { standInDeps } from '../../../helpers/verdictEngine';
import { checkBibliography } from '../../../../src/core/bibcheck';
import { bibCheckEdits } from '../../../../src/core/bibcheck/apply';
import { differingFields } from '../../../../src/core/bibcheck/compare';
import { applyEdits } from '../../../../src/core/manuscript/insertPlan';

const FILE = '/project/user.bib';
const TEXT = readFileSync(fixturePath('bibcheck', 'user.bib'), 'utf8');
// The right people in the wrong order: an author-year style would print "Horrocks et al. 2015" for Tosatto et al.
const REORDERED = TEXT.replace('{Valero-Cuevas, Francisco J. and Santello, Marco}', '{Santello, Marco and Valero-Cuevas, Francisco J.}').replace(
  '{Tosatto, Laura and Horrocks, Mathew H. and others}',
  '{Horrocks, Mathew H. and others}',
);

describe('bibliography check: comparing fields', () => {
  it('forgives braces, accents, case, maths, page dashes, name order and "and others"', () => {
    const ours = { title: 'Measurements of {$\\Omega$} and {$\\Lambda$} from 42 {High-Redshift} Supernovae', author: 'Perlmutter, S. and Aldering, G. and others', pages: '565-586', journal: 'the astrophysical journal', doi: 'https://doi.org/10.1086/307221' };
    const authority = { title: 'Measurements of $\\{upOmega}$ and $\\{upLambda}$ from 42 High-Redshift Supernovae', author: 'S. Perlmutter and G. Aldering and G. Goldhaber', pages: '565--586', journal: 'The Astrophysical Journal', doi: '10.1086/307221' };
    assert.deepEqual(differingFields(ours, authority), {});
  });
  it('reports a wrong year, a different author and a missing field', () => {
    assert.deepEqual(Object.keys(differingFields({ year: '1998', author: 'Riess, A.' }, { year: '1999', author: 'S. Perlmutter', volume: '517' })), ['author', 'year', 'volume']);
  });
});

describe('bibliography check against the stand-in', function () {
  this.timeout(20_000);
  let standIn: StandIn;
  let deps: CoreDeps;
  beforeEach(async () => {
    standIn = await startStandIn();
    deps = standInDeps(standIn);
  });
  afterEach(() => standIn.close());

  it('gives each entry its status and differing fields, and reports the broken one', async () => {
    const report = await checkBibliography([{ file: FILE, text: TEXT }], deps);
    assert.deepEqual(report.entries.map((e) => [e.key, e.status, Object.keys(e.fields)]), [
      ['perlmutter1999', 'differs', ['year', 'doi']],
      ['valerocuevas2017', 'differs', ['volume']],
      // Held against its own arXiv record; the published version is named, but its DOI is not the
      // preprint's (written in, the next check held the preprint's title against the journal's).
      ['grasp-preprint', 'duplicate', []],
      ['arya2003', 'differs', ['doi', 'pages']],
      ['ghost2020', 'unverified', []],
      ['tosatto2015', 'ok', []],
    ]);
    assert.equal(report.entries[2]!.duplicateOf, 'valerocuevas2017');
    // It says whose duplicate it is, and what its own check found.
    assert.match(report.entries[2]!.message, /^The same work as "valerocuevas2017"\. \S/);
    assert.deepEqual(report.entries[0]!.fields.year, { ours: '1998', authority: '1999' });
    assert.deepEqual(report.broken.map((b) => [b.key, b.line + 1]), [['broken', 37]]);
    assert.equal(report.broken[0]!.message, 'Not valid BibTeX: the braces do not balance (2 "{" are not closed before the next entry).');
    assert.deepEqual(report.entries[3]!.fields.doi, { ours: undefined, authority: '10.1109/icdcsw.2003.1203662' }, 'found by title and first author');
    assert.deepEqual(report.summary, { ok: 1, differs: 3, unverified: 1, duplicate: 1, unavailable: 0 });
  });

  it("asks Crossref for the entries' DOIs in one list, not a request each (its public pool takes one at a time)", async () => {
    await checkBibliography([{ file: FILE, text: TEXT }], deps);
    const records = standIn.requests.filter((r) => r.service === 'crossref' && /\/works(\/10\.|\?filter=doi)/.test(r.url)).map((r) => decodeURIComponent(r.url));
    // The entries' own DOIs in the first list; the records met on the way (a published version) in lists too.
    assert.match(records[0]!, /filter=doi:10\.1186\/s12984-017-0305-3,doi:10\.1038\/srep16696&rows=2$/);
    assert.ok(records.every((url) => url.includes('filter=doi')), records.join('\n'));
  });

  it('applies only the accepted fields of the accepted entries; every other byte stays', async () => {
    const report = await checkBibliography([{ file: FILE, text: TEXT }], deps);
    const edited = applyEdits(TEXT, bibCheckEdits(FILE, TEXT, report.entries, new Map([['perlmutter1999', ['year']]])));
    assert.equal(edited, TEXT.replace('year          = 1998,', 'year          = {1999},'));
    const withVolume = applyEdits(TEXT, bibCheckEdits(FILE, TEXT, report.entries, new Map([['valerocuevas2017', ['volume']]])));
    assert.equal(withVolume, TEXT.replace('volume  = {13},', 'volume  = {14},'));
  });

  it('verifies the work, offers the authority\'s order as a fix and names its first author', async () => {
    const report = await checkBibliography([{ file: FILE, text: REORDERED }], deps);
    const byKey = new Map(report.entries.map((e) => [e.key, e]));
    const tosatto = byKey.get('tosatto2015')!;
    assert.equal(tosatto.verdict.verdict, 'verified-fixable');
    assert.deepEqual(tosatto.verdict.fixable, ['author']);
    assert.match(tosatto.message, /correct the order of the authors \(first: Laura Tosatto\)/);
    assert.match(tosatto.verdict.evidence.find((e) => e.field === 'author')!.note!, /another order: the first author is Laura Tosatto/);
    const valero = byKey.get('valerocuevas2017')!;
    assert.equal(valero.verdict.verdict, 'verified-fixable');
    assert.deepEqual([...valero.verdict.fixable!].sort(), ['author', 'volume']);
    // The untouched entries keep their verdicts: an in-order list is no finding.
    assert.equal(byKey.get('perlmutter1999')!.verdict.fixable?.includes('author'), false);
  });

  it('applying the fix reorders the entry\'s own names and changes no other byte', async () => {
    const report = await checkBibliography([{ file: FILE, text: REORDERED }], deps);
    const edited = applyEdits(REORDERED, bibCheckEdits(FILE, REORDERED, report.entries, new Map([['valerocuevas2017', ['author']], ['tosatto2015', ['author']]])));
    assert.equal(
      edited,
      REORDERED.replace('{Santello, Marco and Valero-Cuevas, Francisco J.}', '{Valero-Cuevas, Francisco J. and Santello, Marco}').replace(
        '{Horrocks, Mathew H. and others}',
        '{Laura Tosatto and Horrocks, Mathew H. and others}',
      ),
    );
  });

  it('shows the authority\'s whole list against an entry that leaves an author out (a reorder fix writes only the entry\'s own names)', async () => {
    const missing = TEXT.replace('{Valero-Cuevas, Francisco J. and Santello, Marco}', '{Valero-Cuevas, Francisco J.}');
    const report = await checkBibliography([{ file: FILE, text: missing }], deps);
    const valero = report.entries.find((e) => e.key === 'valerocuevas2017')!;
    assert.equal(valero.verdict.kind, 'authors-missing');
    assert.match(valero.fields.author!.authority, /Valero-Cuevas and .*Santello/);
  });

  it('says which service was unavailable, and reports nothing as ok then', async () => {
    const settings = resolveSettings({ ...deps.settings, 'sources.arxiv.url': 'http://127.0.0.1:9/api/query', 'sources.doi.url': 'http://127.0.0.1:9' });
    const report = await checkBibliography([{ file: FILE, text: TEXT }], { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) });
    assert.equal(report.entries[0]!.status, 'unavailable');
    assert.match(report.entries[0]!.message, /did not answer/);
  });
});
