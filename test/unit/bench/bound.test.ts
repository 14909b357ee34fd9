// The pipeline bench's physical bound: the first candidates wait for the fastest lane that found
// one of them, never for a lane that answered with nothing.
import assert from 'node:assert/strict';
import { physicalBound, type BoundInput, type Latency } from '../../../bench/lib/bound';
import type { Candidate, FindResult, RecordSource } from '../../../src/core/types';

const latency: Latency = {
  arxiv: 800, europepmc: 600, biorxiv: 300, bibtex: 300, pdf: 500, grobid: 0, dblp: 500, semanticscholar: 500, openalex: 300,
};

function input(candidateSources: RecordSource[][]): BoundInput {
  const candidates = candidateSources.map((sources, i) => ({
    id: `c${i}`, source: sources[0]!, sources, title: `Paper ${i}`, authors: [], retrievalScore: 1 - i / 10,
  })) as unknown as Candidate[];
  const result = {
    claim: 'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.',
    sentences: [],
    routing: { discipline: 'physics', primary: 'arxiv', secondary: 'biorxiv', reason: '', by: 'heuristic', confidence: 0.9 },
    lanes: [{ lane: 'semanticscholar', searched: true }],
    queries: [],
    candidates,
    warnings: [],
    timings: { totalMs: 0, stages: {} },
  } as unknown as FindResult;
  return {
    result, latency, forcedArxivWaitMs: 0, fulltextTopK: 0, pdfjsParseMs: 0, jatsParseMs: 0, grobid: false, cores: 2,
    crossrefConcurrency: 1, crossrefServesBibtex: () => false,
  };
}

describe('pipeline bench: physical bound', () => {
  it('bounds the first candidates by the fastest lane that found one of them', () => {
    // Semantic Scholar (500 ms) was searched but found nothing: the cards came from Europe PMC and arXiv.
    assert.equal(physicalBound(input([['biorxiv'], ['arxiv']])).firstMs, 600);
    assert.equal(physicalBound(input([['arxiv', 'semanticscholar']])).firstMs, 500, 'a lane that found a card bounds it');
    assert.equal(physicalBound(input([['arxiv']])).firstMs, 800);
  });

  it('falls back to the fastest lane searched when nothing was found', () => {
    assert.equal(physicalBound(input([])).firstMs, 500);
  });

  it('starts a paper\'s chain when the search that found it answers: arXiv\'s, after its etiquette\'s wait', () => {
    // The warm-process supernova claim: its BibTeX is the Perlmutter paper's, which only arXiv found,
    // and arXiv could be asked 1,555 ms into the run (3 s after the bench's warm-up asked it).
    const run = input([['biorxiv'], ['arxiv']]);
    Object.assign(run.result.candidates[1]!, { doi: '10.1086/307221', arxivId: 'astro-ph/9812133' });
    const waited = physicalBound({ ...run, forcedArxivWaitMs: 1555 });
    assert.equal(waited.firstMs, 600, 'the first cards are still bioRxiv\'s');
    assert.equal(waited.totalMs, 800 + 1555 + 300, waited.chain);
    assert.match(waited.chain, /the answer that found the paper \(2355 ms\) \+ one BibTeX round trip/);
    // Unwaited, arXiv answers at 800 ms: its BibTeX (1,100 ms) ends after the bioRxiv search's Crossref list (900 ms).
    assert.equal(physicalBound(run).totalMs, 800 + 300);
    assert.equal(physicalBound(input([['biorxiv']])).totalMs, 600, 'a card with nothing to fetch ends with its search');
  });

  it('times a PMC article\'s JATS at Europe PMC\'s latency, which serves it, then its parse', () => {
    const pmc = input([['pubmed']]);
    Object.assign(pmc.result.candidates[0]!, { pmcid: 'PMC5967733', fulltext: 'jats' });
    const bound = physicalBound({ ...pmc, fulltextTopK: 1, jatsParseMs: 9, pdfjsParseMs: 400 });
    assert.equal(bound.firstMs, 600);
    assert.equal(bound.totalMs, 600 + 600 + 9, bound.chain);
    assert.match(bound.chain, /PMC's JATS/);
  });
});
