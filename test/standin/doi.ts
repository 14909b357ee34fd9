// Stand-in for doi.org content negotiation, mounted at `${standIn.url}/doi`
// (`standIn.settings['sources.doi.url']` points there). Like the recorded chain
// (test/fixtures/bibtex/doi-org_302_handle-redirect_*.html, habanero's cassette), a DOI whose
// BibTeX is recorded answers `302 Found` with the real "Handle Redirect" page, its Location
// pointing at the Crossref stand-in's `/v1/works/{doi%2F}/transform`, which then serves the
// recorded BibTeX. Unknown DOIs (arXiv DataCite DOIs included: no DataCite BibTeX is recorded)
// get the real Crossref 404 body `Resource not found.`. `/ra/{prefix}[,{prefix}…]` is doi.org's
// "Which RA?" answer, in its documented shape (`[{"DOI":"10.1101","RA":"Crossref"}]`, or a
// `status` of "Invalid DOI" for what is not a prefix, "DOI does not exist" for 10.99999, the
// prefix tests use for a DOI nobody registered): DataCite for arXiv's and Zenodo's prefixes,
// Crossref for every other.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fixturePath, send, SERVICE_PREFIX, type StandIn, type StandInRequest } from './server';
import { BIBTEX_FIXTURE_BY_DOI, crossrefNotFound } from './crossref';

const RECORDED_REDIRECT_PAGE = 'doi-org_302_handle-redirect_10.1126_science.169.3946.635.html';
const RECORDED_TARGET = 'https://api.crossref.org/v1/works/10.1126%2Fscience.169.3946.635/transform';

/** The recorded redirect page with its URL replaced by `target`. */
function redirectPage(target: string): string {
  const page = readFileSync(fixturePath('bibtex', RECORDED_REDIRECT_PAGE), 'utf8');
  return page.split(RECORDED_TARGET).join(target);
}

/** Prefixes the stand-in's doi.org names DataCite's: arXiv's DOIs and Zenodo's. */
const DATACITE_PREFIXES = new Set(['10.48550', '10.5281']);

/** The prefix tests use for DOIs nobody registered: doi.org names no agency for it. */
const UNALLOCATED_PREFIX = '10.99999';

/** Whether the stand-in's doi.org says DataCite registered this DOI (every other prefix is Crossref's). */
export function isDataciteDoi(doi: string): boolean {
  return DATACITE_PREFIXES.has(doi.slice(0, doi.indexOf('/')));
}

/** doi.org's `/ra/` answer for a comma-separated list of prefixes or DOIs. */
function whichRa(res: ServerResponse, names: string): void {
  const answer = names.split(',').map((name) => {
    const prefix = name.split('/')[0]!;
    if (!/^10\.\d{4,9}$/.test(prefix)) return { DOI: name, status: 'Invalid DOI' };
    if (prefix === UNALLOCATED_PREFIX) return { DOI: name, status: 'DOI does not exist' };
    return { DOI: name, RA: DATACITE_PREFIXES.has(prefix) ? 'DataCite' : 'Crossref' };
  });
  send(res, 200, JSON.stringify(answer, null, 1), 'application/json;charset=UTF-8');
}

export function installDoi(standIn: StandIn): void {
  standIn.handle('doi', (req: StandInRequest, res: ServerResponse) => {
    const ra = /^\/+ra\/(.+)$/.exec(req.path);
    if (req.method === 'GET' && ra) return whichRa(res, decodeURIComponent(ra[1]!));
    const doi = decodeURIComponent(req.path.replace(/^\/+/, '')).toLowerCase();
    if (req.method !== 'GET' || !(doi in BIBTEX_FIXTURE_BY_DOI)) return crossrefNotFound(res);
    const target = `${standIn.url}${SERVICE_PREFIX.crossref}/v1/works/${encodeURIComponent(doi)}/transform`;
    send(res, 302, redirectPage(target), 'text/html;charset=utf-8', { location: target, vary: 'Origin, Accept' });
  });
}
