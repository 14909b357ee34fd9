// Check Bibliography's engine on a stand-in: no retries, no pacing and no disk cache, so a test
// sees exactly the requests the engine decides to send, and each engine asks afresh.
import type { StandIn } from '../standin';
import { createHttpClient } from '../../src/core/net/http';
import { PacingRegistry } from '../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../src/core/settings';
import { networkAuthorities } from '../../src/core/bibcheck/authorities';
import { VerdictEngine } from '../../src/core/bibcheck/engine';

export function standInVerdicts(standIn: StandIn, overrides: Partial<Settings> = {}): VerdictEngine {
  const settings = resolveSettings({
    ...standIn.settings,
    'http.retries': 0,
    'sources.arxiv.intervalMs': 0,
    'sources.dblp.intervalMs': 0,
    'sources.semanticscholar.intervalMs': 0,
    'cache.enabled': false,
    ...overrides,
  });
  const http = createHttpClient(settings, { pacing: new PacingRegistry(), backoffMs: 1, sweepAfterMs: false });
  return new VerdictEngine(networkAuthorities({ settings, http }));
}
