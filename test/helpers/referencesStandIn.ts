// The stand-in the reference-check tests run against: HALLMARK's pool records registered, a fresh
// cache folder per test, no retries and no pacing, started and stopped around each test.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../standin';
import { fixturePath } from '../standin/server';
import { parsePoolLines, registerPoolRecords } from '../standin/pool';
import { createHttpClient, type CountingHttpClient } from '../../src/core/net/http';
import { PacingRegistry } from '../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../src/core/settings';

export interface ReferencesStandIn {
  standIn: StandIn;
  /** Replaceable by a test (GROBID on, another URL): deps() reads it when called. */
  settings: Settings;
  deps(): { settings: Settings; http: CountingHttpClient };
}

/** Call inside a describe: registers the hooks and returns the state they keep. */
export function useReferencesStandIn(): ReferencesStandIn {
  let cacheDir = '';
  const state = {
    deps: () => ({
      settings: state.settings,
      http: createHttpClient(state.settings, { pacing: new PacingRegistry(), backoffMs: 1, sweepAfterMs: false }),
    }),
  } as ReferencesStandIn;
  beforeEach(async () => {
    state.standIn = await startStandIn();
    registerPoolRecords(state.standIn, parsePoolLines(readFileSync(fixturePath('hallmark', 'pool_sample.jsonl'), 'utf8')));
    cacheDir = mkdtempSync(join(tmpdir(), 'references-'));
    state.settings = resolveSettings({
      ...state.standIn.settings, 'http.retries': 0, 'sources.arxiv.intervalMs': 0, 'sources.dblp.intervalMs': 0, 'cache.dir': cacheDir,
    });
  });
  afterEach(async () => {
    await state.standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });
  return state;
}
