// Stand-in for https://arxiv.org/bibtex/{id}, mounted at `${standIn.url}/arxiv-bibtex`.
// No verbatim arxiv.org/bibtex response exists as a recorded data file (see Gaps in
// the team fixture collection's SOURCES.md and test/fixtures/bibtex/PROVENANCE.md), and we do not invent one:
// every id answers 404, so the pipeline falls back to the DataCite DOI and then reports that no
// BibTeX could be had. Tests that need a body here register their own handler with a recorded
// payload (`standIn.handle('arxivBibtex', ...)`).
import type { ServerResponse } from 'node:http';
import { send, type StandIn, type StandInRequest } from './server';

export function installArxivBibtex(standIn: StandIn): void {
  standIn.handle('arxivBibtex', (req: StandInRequest, res: ServerResponse) => {
    const id = decodeURIComponent(req.path.replace(/^\/+/, ''));
    send(res, 404, `Stand-in: no recorded arXiv BibTeX for ${id}.`, 'text/plain; charset=utf-8');
  });
}
