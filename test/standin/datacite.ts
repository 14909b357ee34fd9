// Stand-in for the DataCite REST API's BibTeX (`GET /dois/{doi}`, Accept: application/x-bibtex),
// mounted at `${standIn.url}/datacite`. No DataCite BibTeX response is recorded (see
// test/fixtures/bibtex/PROVENANCE.md), and we do not invent one: every DOI answers 404, as
// doi.org's stand-in does for arXiv's DataCite DOIs. Tests that need a body register their own
// handler with a recorded payload (`standIn.handle('datacite', ...)`).
import type { ServerResponse } from 'node:http';
import { send, type StandIn, type StandInRequest } from './server';

export function installDatacite(standIn: StandIn): void {
  standIn.handle('datacite', (req: StandInRequest, res: ServerResponse) => {
    const doi = decodeURIComponent(req.path.replace(/^\/+(dois\/)?/, ''));
    send(res, 404, `Stand-in: no recorded DataCite BibTeX for ${doi}.`, 'text/plain; charset=utf-8');
  });
}
