// Check Bibliography's engine on a stand-in: no retries, no pacing and no disk cache, so a test
// sees exactly the requests the engine decides to send, and each engine asks afresh.
import type { StandIn } from '../standin';
import { createHttpClient } from '../../src/core/net/http';
import { PacingRegistry } from '../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../src/core/settings';
import { networkAuthorities } from '../../src/core/bibcheck/authorities';
import { VerdictEngine } from '../../src/core/bibcheck/engine';
import type { CoreDeps } from '../../src/core/deps';

/** Core deps on the stand-in with no retries, no pacing and no disk cache (Check Bibliography's tests). */
export function standInDeps(standIn: StandIn, overrides: Partial<Settings> = {}): CoreDeps {
  const settings = standInSettings(standIn, overrides);
  return { settings, http: createHttpClient(settings, { pacing: new PacingRegistry(), backoffMs: 1, sweepAfterMs: false }) };
}

export function standInVerdicts(standIn: StandIn, overrides: Partial<Settings> = {}): VerdictEngine {
  return new VerdictEngine(networkAuthorities(standInDeps(standIn, overrides)));
}

function standInSettings(standIn: StandIn, overrides: Partial<Settings>): Settings {
  return resolveSettings({
    ...standIn.settings,
    'http.retries': 0,
    'sources.arxiv.intervalMs': 0,
    'sources.dblp.intervalMs': 0,
    'sources.semanticscholar.intervalMs': 0,
    'cache.enabled': false,
    ...overrides,
  });
}
