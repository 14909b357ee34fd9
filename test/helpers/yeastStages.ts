// The set-up the candidate-stage and results-panel tests share, on the yeast preprint and its
// Cell Genomics article (paperRecords.ts): a store of the yeast claim whose events are kept, the
// stand-in with an HTTP client on it (no cache, fast backoff), and the results panel folding the
// store's events as the webview does.
import { startStandIn, type StandIn } from '../standin';
import { CandidateStore } from '../../src/core/candidates/store';
import { createHttpClient } from '../../src/core/net/http';
import { PacingRegistry } from '../../src/core/net/pacing';
import { resolveSettings } from '../../src/core/settings/index';
import type { CoreDeps } from '../../src/core/deps';
import type { PipelineEvent } from '../../src/core/types';
import { applyHostMessage, emptyResults } from '../../src/webview/resultsModel';
import type { ResultsState } from '../../src/webview/protocol';

export const YEAST_CLAIM = 'protein abundance in yeast';

/** A store of the yeast claim that appends each event it emits to `events`, and tells `heard` of it. */
export function yeastStore(events: PipelineEvent[] = [], heard: (event: PipelineEvent) => void = () => {}): CandidateStore {
  return new CandidateStore([{ keywords: ['protein abundance', 'yeast'] }], YEAST_CLAIM, 10, (event) => {
    events.push(event);
    heard(event);
  });
}

/** The results panel after the host's start message (or `from`) and the store's `events`. */
export function panelOf(events: PipelineEvent[], from?: ResultsState): ResultsState {
  const started = from ?? applyHostMessage(emptyResults(), { type: 'start', runId: 1, claim: YEAST_CLAIM });
  return events.reduce((state, event) => applyHostMessage(state, { type: 'event', runId: 1, event }), started);
}

export interface YeastStages {
  /** The suite's stand-in (started before its first test); its request log is emptied before each. */
  readonly standIn: StandIn;
  /** A fresh store, its events (each told to `heard` too), and deps on the stand-in for the stages under test. */
  stages(heard?: (event: PipelineEvent) => void): { store: CandidateStore; events: PipelineEvent[]; deps: CoreDeps };
}

/** Starts the stand-in for the calling suite (mocha's before/after) and builds each test's stages. */
export function useYeastStages(): YeastStages {
  let standIn: StandIn | undefined;
  before(async () => {
    standIn = await startStandIn();
  });
  after(() => standIn?.close());
  beforeEach(() => {
    standIn!.requests.length = 0;
  });
  return {
    get standIn() {
      return standIn!;
    },
    stages(heard) {
      const settings = resolveSettings({ ...standIn!.settings, 'cache.enabled': false });
      const http = createHttpClient(settings, { pacing: new PacingRegistry(), backoffMs: 1 });
      const events: PipelineEvent[] = [];
      return { store: yeastStore(events, heard), events, deps: { http, settings } };
    },
  };
}
