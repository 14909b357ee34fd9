// Why a paper has no BibTeX, in words: from real stand-in answers (doi.org's recorded 404, a
// refused HTML page, a dead arxiv.org) through fetchBibtex and attachBibtex, to the card's text.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { send } from '../../../standin/server';
import { isAgencyLookup, useBibtexStandIn } from '../../../helpers/bibtexHarness';
import { attachBibtex, BibtexUnavailableError, fetchBibtex } from '../../../../src/core/bibtex';
import { bibtexUnavailableWords } from '../../../../src/core/bibtex/unavailableWords';
import type { Candidate, PaperRecord } from '../../../../src/core/types';
import { noBibtexWhy } from '../../../../media/src/card';

const URL_LIKE = /https?:\/\/|127\.0\.0\.1|HTTP \d{3}/;

function record(extra: Partial<PaperRecord>): PaperRecord {
  return { id: 'x', source: 'biorxiv', title: 'x', authors: [], ...extra };
}

async function failure(promise: Promise<unknown>): Promise<BibtexUnavailableError> {
  const error = await promise.then(() => assert.fail('expected no BibTeX'), (e: unknown) => e);
  assert.ok(error instanceof BibtexUnavailableError, String(error));
  return error;
}

describe('No BibTeX, said in words', () => {
  const h = useBibtexStandIn();

  it('a DOI its registration agency does not know: "Crossref and doi.org do not know this DOI" (doi.org not asked)', async () => {
    const error = await failure(fetchBibtex(record({ id: 'doi:10.1371/notarealdoi', doi: '10.1371/notarealdoi' }), { http: h.http, settings: h.settings }));
    assert.equal(error.words, 'Crossref and doi.org do not know this DOI');
    assert.match(error.message, /HTTP 404/, 'the technical detail stays in the message');
    assert.equal(h.asked().length, 1);
  });

  it("a preprint whose published version no authority knows either: the words name that version's DOI too", async () => {
    // The medRxiv preprint of the offline tour and its JAMA Network Open version, neither recorded in the stand-in.
    const preprint = record({ id: 'doi:10.1101/19000133', doi: '10.1101/19000133', publishedDoi: '10.1001/jamanetworkopen.2019.20733' });
    const error = await failure(fetchBibtex(preprint, { http: h.http, settings: h.settings }));
    assert.equal(error.words, "Crossref and doi.org do not know this DOI or its published version's");
    const asked = h.asked().map((r) => decodeURIComponent(r.url)).join(' ');
    assert.match(asked, /jamanetworkopen/, 'the published version was asked');
    assert.match(asked, /19000133/, 'and then the preprint');
    // Citing preprints as such, the published version is not asked and not named.
    const own = await failure(fetchBibtex(preprint, { http: h.http, settings: { ...h.settings, 'citation.preferPublished': false } }));
    assert.equal(own.words, 'Crossref and doi.org do not know this DOI');
  });

  it('the candidate carries the words beside the technical error, and the card shows them with no URL', async () => {
    const candidate = { ...record({ id: 'doi:10.1371/notarealdoi', doi: '10.1371/notarealdoi' }), sources: ['biorxiv'], matchedQueries: [], retrievalScore: 0 } as Candidate;
    const found = await attachBibtex(candidate, { http: h.http, settings: h.settings }, 'authorYearWord');
    assert.equal(found.bibtex, undefined);
    assert.equal(found.bibtexWhy, 'Crossref and doi.org do not know this DOI');
    assert.match(found.bibtexError ?? '', /HTTP 404/);
    assert.equal(noBibtexWhy(found), 'No BibTeX: Crossref and doi.org do not know this DOI');
  });

  it('an authority that answers with a web page is named as refused, the next one as unknown', async () => {
    h.standIn.handle('crossref', (_req, res: ServerResponse) => send(res, 200, '<html><body>Handle redirect</body></html>', 'text/html'));
    const doiOrg = h.standIn.handlerOf('doi')!;
    h.standIn.handle('doi', (req, res: ServerResponse) => (isAgencyLookup(req) ? doiOrg(req, res) : send(res, 404, 'Resource not found.', 'text/plain')));
    const error = await failure(fetchBibtex(record({ id: 'doi:10.1086/307221', doi: '10.1086/307221' }), { http: h.http, settings: h.settings }));
    assert.equal(error.words, "Crossref sent an entry that is not this paper's BibTeX, so it was refused; doi.org does not know this DOI");
    assert.doesNotMatch(error.words, URL_LIKE);
  });

  it('an arXiv paper whose authorities are down: "could not be reached"', async () => {
    h.standIn.handle('doi', (_req, res: ServerResponse) => send(res, 502, 'Bad gateway', 'text/plain'));
    h.standIn.handle('datacite', (_req, res: ServerResponse) => send(res, 502, 'Bad gateway', 'text/plain'));
    h.standIn.handle('arxivBibtex', (_req, res: ServerResponse) => send(res, 500, 'oops', 'text/plain'));
    const error = await failure(fetchBibtex(record({ id: 'arxiv:1710.08557', arxivId: '1710.08557' }), { http: h.http, settings: h.settings }));
    assert.equal(error.words, "DataCite (arXiv's DOI) and arxiv.org could not be reached");
  });
});

describe('bibtexUnavailableWords and the card', () => {
  it('a record with no identifier', () => {
    assert.equal(bibtexUnavailableWords([], { hasIdentifier: false }), 'the record has neither a DOI nor an arXiv id to ask an authority with');
  });

  it('names the published version when only its DOI went unknown, or beside an arXiv id', () => {
    const unknown = (extra: object) => ({ service: 'crossref' as const, datacite: false, outcome: 'unknown' as const, ...extra });
    assert.equal(bibtexUnavailableWords([unknown({ published: true })], { hasIdentifier: true }), "Crossref does not know its published version's DOI");
    assert.equal(
      bibtexUnavailableWords([unknown({ published: true }), { service: 'arxivBibtex', datacite: false, outcome: 'unknown' }], { hasIdentifier: true }),
      'Crossref and arxiv.org do not know this paper or its published version',
    );
  });

  it('rate limits say to try again', () => {
    assert.equal(bibtexUnavailableWords([{ service: 'arxivBibtex', datacite: false, outcome: 'busy' }], { hasIdentifier: true }),
      'arxiv.org is busy or rate limiting; try again in a minute');
  });

  it('the card falls back to the technical message stripped of URLs, and says nothing while pending', () => {
    const base = { id: 'a', source: 'arxiv', title: 't', authors: [], sources: ['arxiv'], matchedQueries: [], retrievalScore: 0 } as Candidate;
    assert.equal(noBibtexWhy(base), undefined);
    assert.equal(noBibtexWhy({ ...base, bibtex: '@article{a,}' , bibtexError: 'x' }), undefined);
    const why = noBibtexWhy({ ...base, bibtexError: 'No BibTeX for doi:10.1101/19000133: fetch failed (http://127.0.0.1:4444/doi/10.1101/19000133)' });
    assert.equal(why, 'No BibTeX: fetch failed');
  });
});
