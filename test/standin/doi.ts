// Stand-in for doi.org content negotiation, mounted at `${standIn.url}/doi`
// (`standIn.settings['sources.doi.url']` points there). Like the recorded chain
// (test/fixtures/bibtex/doi-org_302_handle-redirect_*.html, habanero's cassette), a DOI whose
// BibTeX is recorded answers `302 Found` with the real "Handle Redirect" page, its Location
// pointing at the Crossref stand-in's `/v1/works/{doi%2F}/transform`, which then serves the
// recorded BibTeX. Unknown DOIs (arXiv DataCite DOIs included: no DataCite BibTeX is recorded)
// get the real Crossref 404 body `Resource not found.`.
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

export function installDoi(standIn: StandIn): void {
  standIn.handle('doi', (req: StandInRequest, res: ServerResponse) => {
    const doi = decodeURIComponent(req.path.replace(/^\/+/, '')).toLowerCase();
    if (req.method !== 'GET' || !(doi in BIBTEX_FIXTURE_BY_DOI)) return crossrefNotFound(res);
    const target = `${standIn.url}${SERVICE_PREFIX.crossref}/v1/works/${encodeURIComponent(doi)}/transform`;
    send(res, 302, redirectPage(target), 'text/html;charset=utf-8', { location: target, vary: 'Origin, Accept' });
  });
}
