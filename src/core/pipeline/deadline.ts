// The result of a run its deadline stopped: everything found until then, every candidate scored
// (those whose paper was not read yet on their abstract, which needs no network), and one
// warning saying what was cut short. Nothing here may wait on a service.
import type { Candidate, Claim, FindResult, LaneReport, Query, RoutingDecision } from '../types';
import type { Settings } from '../settings/index';
import { plural } from '../text/plural';
import { formatQuery } from '../queries/text';
import type { Run } from './run';
import type { CandidateStore } from '../candidates/store';
import { shownOrder } from '../ranking/candidates';
import { routeHeuristically } from '../routing';
import { abstractOnlyDocument } from '../fulltext';
import { LlmCallBudget, scoreCandidate } from '../scoring';

/** What a run had reached, filled in as it goes. */
export interface RunState {
  claim?: Claim;
  /** What the papers are scored against: the claim, or a mention's sentence (claim/mention.ts). */
  scored?: Claim;
  routing?: RoutingDecision;
  queries?: Query[];
  queryTexts?: string[];
  store?: CandidateStore;
  lanes?: LaneReport[];
}

/** The queries a run searches with, kept in its state and shown (again when the search falls back to others). */
export function announceQueries(queries: Query[], state: RunState, run: Run): void {
  const queryTexts = queries.map(formatQuery);
  Object.assign(state, { queries, queryTexts });
  run.emit({ type: 'queries', queries: queryTexts });
}

export async function resultAtDeadline(state: RunState, run: Run, settings: Settings, deadlineMs: number): Promise<FindResult> {
  const claim = state.claim;
  if (!claim) throw new Error('The run passed its deadline before the claim was read.');
  const candidates = state.store ? await finishCandidates(state.store, state.scored ?? claim, state.queries ?? [], settings, run) : [];
  const unscored = candidates.filter((c) => c.fulltext === 'abstract' && c.stoppedAtDeadline).length;
  const what = !state.store
    ? 'before the search could start'
    : `with ${plural(candidates.length, 'candidate')}` + abstractOnlyNote(unscored, candidates.length);
  run.warn(`The search stopped at its deadline of ${deadlineMs} ms (run.deadlineMs), ${what}; these are the results found by then.`);
  return run.finish({
    claim: claim.text,
    sentences: claim.sentences,
    routing: state.routing ?? routeHeuristically(claim),
    lanes: state.lanes,
    queries: state.queryTexts ?? [],
    candidates: candidates.map(({ stoppedAtDeadline: _s, ...candidate }) => candidate),
  });
}

/** ", 2 of them scored on the abstract only", or ", scored on the abstract only" for the one candidate there is; '' for none. */
function abstractOnlyNote(unscored: number, candidates: number): string {
  if (unscored === 0) return '';
  return candidates === 1 ? ', scored on the abstract only' : `, ${unscored} of them scored on the abstract only`;
}

/** Scores every candidate still without a score on its abstract, and says why BibTeX is missing. */
async function finishCandidates(
  store: CandidateStore,
  claim: Claim,
  queries: Query[],
  settings: Settings,
  run: Run,
): Promise<(Candidate & { stoppedAtDeadline?: boolean })[]> {
  const budget = new LlmCallBudget(0);
  const stopped = new Set<string>();
  for (const candidate of store.list()) {
    if (candidate.score === undefined) {
      const scored = await scoreCandidate(
        { claim, queries, document: abstractOnlyDocument(candidate), retrievalScore: candidate.retrievalScore },
        { llm: null, budget, settings, warn: run.warn },
      );
      store.patch(candidate.id, { ...scored, fulltext: 'abstract' });
      stopped.add(candidate.id);
    }
    if (!candidate.bibtex && !candidate.bibtexError) {
      store.patch(candidate.id, {
        bibtexError: 'The BibTeX lookup was stopped by the deadline (run.deadlineMs); search again to retry.',
        bibtexWhy: 'the lookup was stopped by the run\'s time limit; search again to retry',
      });
    }
  }
  return shownOrder(store.list()).map((c) => ({ ...c, stoppedAtDeadline: stopped.has(c.id) }));
}
