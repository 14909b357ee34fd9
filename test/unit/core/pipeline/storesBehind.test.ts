// A run's answers reach the disk cache behind it: each request is answered before its copy is
// written (storeInBackground), so no Crossref turn, BibTeX lookup or full text waits for a write,
// and `find` resolves once every write is done, so a new process right after asks nothing.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../../../standin';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { createHttpClient } from '../../../../src/core/net/http';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import { resetRegistrationAgencies } from '../../../../src/core/bibtex/agency';
import type { HttpClient, HttpRequest } from '../../../../src/core/net/types';

const CLAIM = 'Genetic variants affecting protein abundance in single yeast cells can be mapped in large populations.';

describe('a run\'s cache writes', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  let cacheDir: string;
  beforeEach(async () => {
    standIn = await startStandIn({ anyPreprintPdf: true, preprintJats: true });
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-stores-behind-'));
    resetRegistrationAgencies();
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  /** A new client on the cache (as a new process has), seeing every request the run makes. */
  function client(settings: Settings, seen: HttpRequest[]): HttpClient {
    const http = createHttpClient(settings, { sweepAfterMs: false });
    return {
      request: (request) => (seen.push(request), http.request(request)),
      remember: http.remember?.bind(http),
      cachedDigest: http.cachedDigest?.bind(http),
      storesSettled: http.storesSettled.bind(http),
      cacheDir: http.cacheDir,
    };
  }

  it('go on behind the answers, and are done when the run is', async () => {
    const seen: HttpRequest[] = [];
    const settings = resolveSettings({ ...standIn.settings, 'cache.enabled': true, 'cache.dir': cacheDir, 'sources.arxiv.intervalMs': 0, 'http.retries': 0 });
    const first = await createPipeline({ settings, http: client(settings, seen), llm: null }).find({ selection: CLAIM });
    assert.ok(first.candidates.some((c) => c.bibtex), 'a card has BibTeX');
    const services = new Set(seen.map((r) => r.service));
    for (const service of ['crossref', 'doi', 'biorxiv', 'europepmc']) assert.ok(services.has(service as HttpRequest['service']), [...services].join(' '));
    const awaited = seen.filter((r) => r.storeInBackground !== true).map((r) => `${r.service} ${r.url}`);
    assert.deepEqual(awaited, [], 'every request is answered before its write');
    const before = standIn.requests.length;
    await createPipeline({ settings, http: client(settings, []), llm: null, reuseResults: false }).find({ selection: CLAIM });
    assert.deepEqual(standIn.requests.slice(before).map((r) => r.url), [], 'a repeat in a new process asks nothing');
  });
});
