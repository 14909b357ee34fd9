// The state of one results panel, folded from the host's messages. Shared by the page (which
// renders it) and the host (which looks candidates up by id for "Insert citation"), so both
// see the same candidates. Candidates arrive as a ranked list that is replaced as more hits
// come in; BibTeX and support scores arrive later per id and are kept across re-rankings.
import type { Candidate, PipelineEvent } from '../core/types';
import { addPatch, currentCardId, definedOnly, withPatch, withPatches } from '../core/candidates/patches';
import type { ResultsHostMessage, ResultsState } from './protocol';
import { repositoryLabel } from '../core/identity/repository';
import { plural } from '../core/text/plural';

export function emptyResults(): ResultsState {
  return { runId: 0, status: 'idle', claim: '', queries: [], candidates: [], warnings: [], extras: {}, inserted: {}, renamed: {} };
}

export function applyHostMessage(state: ResultsState, message: ResultsHostMessage): ResultsState {
  switch (message.type) {
    case 'snapshot':
      return message.state;
    case 'start':
      return { ...emptyResults(), runId: message.runId, status: 'running', claim: message.claim, inserted: state.inserted, batch: state.batch };
    case 'event':
      return message.runId === state.runId ? applyEvent(state, message.event) : state;
    case 'status':
      return message.runId === state.runId ? { ...state, status: message.status, message: message.message } : state;
    // The host answers about the card the click named, which a merge may have renamed since.
    case 'inserted':
      return { ...state, inserted: { ...state.inserted, [currentId(state, message.id)]: message.key } };
    case 'uninserted': {
      const { [currentId(state, message.id)]: _gone, ...inserted } = state.inserted;
      return { ...state, inserted };
    }
    case 'batch':
      return { ...state, batch: message.sentences.length > 0 ? message.sentences : undefined };
    case 'notice':
      return state;
  }
}

function applyEvent(state: ResultsState, event: PipelineEvent): ResultsState {
  switch (event.type) {
    case 'claim':
      return { ...state, claim: event.claim.text || state.claim };
    case 'routing':
      return { ...state, routing: event.routing };
    case 'lanes':
      return { ...state, lanes: event.lanes };
    case 'queries':
      return { ...state, queries: event.queries };
    case 'candidates':
      return { ...state, candidates: withPatches(event.candidates, state.extras) };
    case 'patch': {
      // A patch the host sends about a card as it was clicked (a switched version's BibTeX) reaches the card it is now.
      const id = currentId(state, event.id);
      const extras = addPatch(state.extras, id, event.patch);
      return { ...state, extras, candidates: withPatches(state.candidates, { [id]: extras[id]! }) };
    }
    case 'renamed':
      return renamed(state, event.from, event.to);
    case 'warning':
      return state.warnings.includes(event.message) ? state : { ...state, warnings: [...state.warnings, event.message] };
    case 'done':
      return {
        ...state,
        status: 'done',
        routing: event.result.routing,
        lanes: event.result.lanes ?? state.lanes,
        queries: event.result.queries,
        warnings: event.result.warnings,
        candidates: event.result.candidates.map((c) => ({ ...withPatch(c, state.extras[c.id]), ...definedOnly(c) })),
      };
    case 'stage':
      return state;
  }
}

/** The card `from` is now `to`: its "cited as" goes with it (one the new id already had stays). */
function renamed(state: ResultsState, from: string, to: string): ResultsState {
  const { [from]: key, ...inserted } = state.inserted;
  return {
    ...state,
    renamed: { ...state.renamed, [from]: to },
    inserted: key === undefined ? state.inserted : { [to]: key, ...inserted },
  };
}

/** The id a card named `id` has now: a click or an answer about a card a merge renamed since reaches it. */
function currentId(state: ResultsState, id: string): string {
  return currentCardId(id, (from) => state.renamed[from], (shown) => state.candidates.some((c) => c.id === shown));
}

export function findCandidate(state: ResultsState, id: string): Candidate | undefined {
  const current = currentId(state, id);
  return state.candidates.find((c) => c.id === current);
}

/** The progress notification's message for an event; undefined keeps the current one. */
export function progressMessage(event: PipelineEvent, state: ResultsState): string | undefined {
  switch (event.type) {
    case 'claim':
      return 'Routing the claim…';
    case 'routing':
      return `Writing queries (${event.routing.discipline}: ${repositoryLabel(event.routing.primary)} first)…`;
    case 'queries':
      return `Searching with ${plural(event.queries.length, 'query', 'queries')}…`;
    case 'candidates':
      return `${plural(event.candidates.length, 'candidate')}; fetching BibTeX…`;
    case 'patch': {
      if (event.patch.score !== undefined) {
        const scored = state.candidates.filter((c) => c.score !== undefined).length;
        return `Reading full text: ${scored} scored…`;
      }
      const done = state.candidates.filter((c) => c.bibtex || c.bibtexError).length;
      return `BibTeX ${done}/${state.candidates.length}…`;
    }
    case 'stage':
      return event.stage === 'bibtex' ? 'Reading full text and scoring paragraphs…' : undefined;
    default:
      return undefined;
  }
}
