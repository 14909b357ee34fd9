import assert from 'node:assert/strict';
import type { Candidate, FindResult, RoutingDecision } from '../../../src/core/types';
import { applyHostMessage, emptyResults, findCandidate, progressMessage } from '../../../src/webview/resultsModel';
import type { ResultsState } from '../../../src/webview/protocol';
import type { ResultsHostMessage } from '../../../src/webview/protocol';

const routing: RoutingDecision = {
  discipline: 'physics', primary: 'arxiv', secondary: 'biorxiv', reason: 'cosmology', by: 'heuristic', confidence: 0.9,
};
function candidate(id: string, title: string): Candidate {
  return { id, source: 'arxiv', title, authors: ['S. Perlmutter'], year: 1999, sources: ['arxiv'], matchedQueries: [0], retrievalScore: 0.5 };
}
const A = candidate('arxiv:astro-ph/9812133', 'Measurements of Omega and Lambda from 42 High-Redshift Supernovae');
const B = candidate('arxiv:astro-ph/9805201', 'Observational Evidence from Supernovae for an Accelerating Universe');

function fold(messages: ResultsHostMessage[], state: ResultsState = emptyResults()): ResultsState {
  return messages.reduce(applyHostMessage, state);
}

describe('results model', () => {
  it('keeps late BibTeX and scores across re-rankings', () => {
    const state = fold([
      { type: 'start', runId: 1, claim: 'claim' },
      { type: 'event', runId: 1, event: { type: 'routing', routing } },
      { type: 'event', runId: 1, event: { type: 'queries', queries: ['"type Ia supernovae" acceleration'] } },
      { type: 'event', runId: 1, event: { type: 'candidates', candidates: [A] } },
      { type: 'event', runId: 1, event: { type: 'patch', id: A.id, patch: { bibtex: '@article{perlmutter1999measurements,}', citeKey: 'perlmutter1999measurements' } } },
      { type: 'event', runId: 1, event: { type: 'candidates', candidates: [B, A] } },
      {
        type: 'event', runId: 1,
        event: { type: 'patch', id: B.id, patch: { score: 0.8, support: { label: 'supports', by: 'lexical' }, fulltext: 'grobid', paragraphs: [] } },
      },
    ]);
    assert.equal(state.status, 'running');
    assert.deepEqual(state.queries, ['"type Ia supernovae" acceleration']);
    assert.deepEqual(state.candidates.map((c) => c.id), [B.id, A.id]);
    assert.equal(findCandidate(state, A.id)?.citeKey, 'perlmutter1999measurements');
    assert.equal(findCandidate(state, B.id)?.score, 0.8);
    assert.equal(findCandidate(state, B.id)?.fulltext, 'grobid');
  });

  it('ignores events of an older run', () => {
    const state = fold([
      { type: 'start', runId: 1, claim: 'old' },
      { type: 'start', runId: 2, claim: 'new' },
      { type: 'event', runId: 1, event: { type: 'candidates', candidates: [A] } },
      { type: 'status', runId: 1, status: 'cancelled' },
    ]);
    assert.equal(state.claim, 'new');
    assert.deepEqual(state.candidates, []);
    assert.equal(state.status, 'running');
  });

  it('takes the final result without losing fields it leaves undefined', () => {
    const result: FindResult = {
      claim: 'c', sentences: ['c'], routing, queries: ['q'], warnings: ['w'],
      candidates: [{ ...A, score: undefined }], timings: { totalMs: 1, stages: {} },
    };
    const state = fold([
      { type: 'start', runId: 3, claim: 'c' },
      { type: 'event', runId: 3, event: { type: 'candidates', candidates: [A] } },
      {
        type: 'event', runId: 3,
        event: { type: 'patch', id: A.id, patch: { score: 0.4, support: { label: 'unrelated', by: 'llm' }, fulltext: 'pdfjs', paragraphs: [] } },
      },
      { type: 'event', runId: 3, event: { type: 'done', result } },
      { type: 'inserted', id: A.id, key: 'perlmutter1999', reused: false },
    ]);
    assert.equal(state.status, 'done');
    assert.equal(state.candidates[0]?.score, 0.4);
    assert.deepEqual(state.warnings, ['w']);
    assert.deepEqual(state.inserted, { [A.id]: 'perlmutter1999' });
  });

  it('keeps a batch\'s sentences across the searches opened from it, until a batch of none closes them', () => {
    const sentences = [
      { text: 'The analysis of 42 Type Ia supernovae shows a positive cosmological constant.', where: 'main.tex:21', found: 3, best: A.title },
      { text: 'A literature graph can be built with entity linking.', where: 'main.tex:28' },
    ];
    const opened = fold([{ type: 'batch', sentences }, { type: 'start', runId: 2, claim: sentences[0]!.text }, { type: 'event', runId: 2, event: { type: 'candidates', candidates: [A] } }]);
    assert.deepEqual(opened.batch, sentences);
    assert.equal(opened.claim, sentences[0]!.text);
    assert.equal(fold([{ type: 'snapshot', state: opened }]).batch?.length, 2, 'a reloaded page gets the list back');
    assert.equal(fold([{ type: 'batch', sentences: [] }], opened).batch, undefined);
  });

  it('describes progress for the notification', () => {
    assert.match(progressMessage({ type: 'routing', routing }, emptyResults())!, /arXiv first/);
    assert.equal(progressMessage({ type: 'queries', queries: ['a', 'b'] }, emptyResults()), 'Searching with 2 queries…');
    assert.equal(progressMessage({ type: 'queries', queries: ['a'] }, emptyResults()), 'Searching with 1 query…');
    assert.equal(progressMessage({ type: 'candidates', candidates: [A] }, emptyResults()), '1 candidate; fetching BibTeX…');
    assert.equal(progressMessage({ type: 'candidates', candidates: [A, B] }, emptyResults()), '2 candidates; fetching BibTeX…');
    assert.equal(progressMessage({ type: 'warning', message: 'x' }, emptyResults()), undefined);
  });
});
