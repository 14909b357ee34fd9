// Shared set-up of the suites that talk to the stand-in GROBID: a fresh server per suite, and
// before each test a clean GROBID state, request log and cache folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpClient } from '../../src/core/net/http';
import { PacingRegistry } from '../../src/core/net/pacing';
import { readingWritesSettled, resetGrobidState } from '../../src/core/fulltext';
import { resolveSettings, type Settings } from '../../src/core/settings/index';
import { installGrobid, type GrobidStandIn } from '../standin/grobid';
import { startStandInServer, type StandIn } from '../standin/server';

export interface GrobidHarness {
  standIn: StandIn;
  grobid: GrobidStandIn;
  cacheDir: string;
  /** Settings pointing at the stand-in (plus `values`), and an HttpClient with fast backoff. */
  deps(values?: Record<string, unknown>): { http: ReturnType<typeof createHttpClient>; settings: Settings };
}

export function useGrobidStandIn(
  name: string,
  defaults: Record<string, unknown>,
  alsoInstall: ((standIn: StandIn) => void)[] = [],
): GrobidHarness {
  const clients: ReturnType<typeof createHttpClient>[] = [];
  const harness = {
    deps(values: Record<string, unknown> = {}) {
      const settings = resolveSettings({ ...harness.standIn.settings, 'cache.dir': harness.cacheDir, ...defaults, ...values });
      const http = createHttpClient(settings, { backoffMs: 5, pacing: new PacingRegistry() });
      clients.push(http);
      return { settings, http };
    },
  } as GrobidHarness;
  before(async () => {
    harness.standIn = await startStandInServer([(s) => void (harness.grobid = installGrobid(s)), ...alsoInstall]);
  });
  after(() => harness.standIn.close());
  beforeEach(() => {
    resetGrobidState();
    harness.grobid.setMode('ok');
    harness.grobid.uploads.length = 0;
    harness.standIn.requests.length = 0;
    harness.cacheDir = mkdtempSync(join(tmpdir(), `citefinder-${name}-test-`));
  });
  afterEach(async () => {
    // Downloads and readings are written to the cache behind the reading: the folder goes once they are on disk.
    await Promise.all(clients.splice(0).map((http) => http.storesSettled?.()));
    await readingWritesSettled();
    rmSync(harness.cacheDir, { recursive: true, force: true });
  });
  return harness;
}
