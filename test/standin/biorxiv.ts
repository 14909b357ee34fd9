// The bioRxiv/medRxiv API (`/details/{server}/{doi}/na/json`) on real details records
// (test/fixtures/biorxiv). Unknown DOIs get the API's "no posts found" answer.
import { readFileSync } from 'node:fs';
import { fixturePath, send, type StandIn } from './server';

interface DetailsRecord {
  doi: string;
  version: string;
  server?: string;
}

const FILES: Record<string, string> = {
  biorxiv: 'biorxiv_2013-01-01_2013-11-07.json',
  medrxiv: 'medrxiv_2019-01-01_2019-06-25.json',
};

export function installBiorxiv(standIn: StandIn): void {
  const byServer = new Map<string, DetailsRecord[]>();
  for (const [server, file] of Object.entries(FILES)) {
    byServer.set(server, JSON.parse(readFileSync(fixturePath('biorxiv', file), 'utf8')) as DetailsRecord[]);
  }
  standIn.handle('biorxiv', (req, res) => {
    const match = /^\/details\/(biorxiv|medrxiv)\/(10\.\d+\/.+?)\/na\/json$/.exec(decodeURIComponent(req.path));
    if (!match) return send(res, 404, 'Not found');
    const [, server, doi] = match;
    const versions = (byServer.get(server!) ?? []).filter((r) => r.doi.toLowerCase() === doi!.toLowerCase());
    const body =
      versions.length > 0
        ? { messages: [{ status: 'ok' }], collection: versions }
        : { messages: [{ status: 'no posts found' }], collection: [] };
    send(res, 200, JSON.stringify(body), 'application/json; charset=utf-8');
  });
}
