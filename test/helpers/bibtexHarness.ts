// Shared set-up of the suites that fetch BibTeX from the stand-in's authorities (doi.org,
// Crossref, arxiv.org/bibtex): a fresh server before each test, no retries, no cache, its own
// pacing, so each test sees exactly the requests it caused.
import { createHttpClient } from '../../src/core/net/http';
import { PacingRegistry } from '../../src/core/net/pacing';
import type { HttpClient } from '../../src/core/net/types';
import { resolveSettings, type Settings } from '../../src/core/settings';
import { installArxivBibtex } from '../standin/arxivBibtex';
import { installCrossref } from '../standin/crossref';
import { installDoi } from '../standin/doi';
import { startStandInServer, type LoggedRequest, type StandIn } from '../standin/server';
import { resetRegistrationAgencies } from '../../src/core/bibtex/agency';

export interface BibtexHarness {
  standIn: StandIn;
  settings: Settings;
  http: HttpClient;
  /** The BibTeX requests sent, the prefixes' agency lookups (doi.org's /ra/, bibtex/agency.ts) aside. */
  asked(): LoggedRequest[];
}

/** Whether a request is a prefix's agency lookup (doi.org's `/ra/`), not a BibTeX request. */
export function isAgencyLookup(request: Pick<LoggedRequest, 'service' | 'path'>): boolean {
  return request.service === 'doi' && request.path.startsWith('/ra/');
}

export function useBibtexStandIn(): BibtexHarness {
  const harness = { asked: () => harness.standIn.requests.filter((r) => !isAgencyLookup(r)) } as BibtexHarness;
  beforeEach(async () => {
    resetRegistrationAgencies();
    harness.standIn = await startStandInServer([installDoi, installCrossref, installArxivBibtex]);
    harness.settings = resolveSettings({ ...harness.standIn.settings, 'http.retries': 0 });
    harness.http = createHttpClient(harness.settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
  });
  afterEach(() => harness.standIn.close());
  return harness;
}
