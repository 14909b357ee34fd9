import assert from 'node:assert/strict';
import { dedupeRecords } from '../../../../src/core/dedupe/dedupe';
import {
  PRIMARY_QUERY_WEIGHT,
  queryWeights,
  rankCandidates,
  shownOrder,
  SUPPLEMENTARY_QUERY_WEIGHT,
} from '../../../../src/core/ranking/candidates';
import { bm25Idf, lengthNorm, saturatedTf } from '../../../../src/core/ranking/bm25';
import type { Candidate, PaperRecord, Query } from '../../../../src/core/types';
import {
  ARXIV_1710_08557,
  ARXIV_ASTRO_PH_9812133,
  BIB,
  HERGER_PREPRINT_WORK,
  recordFromBib,
  recordFromCrossrefWork,
} from '../../../helpers/paperRecords';

const CLAIM = 'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.';
const QUERIES: Query[] = [
  { keywords: ['type Ia supernovae', 'accelerating expansion'], sentence: 0 },
  { keywords: ['supernovae', 'cosmology'], sentence: 0 },
];

function candidate(record: PaperRecord, matchedQueries: number[], sources = [record.source]): Candidate {
  return { ...record, sources, matchedQueries, retrievalScore: 0 };
}

describe('rankCandidates', () => {
  const pool = () => [
    candidate(ARXIV_1710_08557, [0]),
    candidate(recordFromCrossrefWork(HERGER_PREPRINT_WORK, 'biorxiv'), [0]),
    candidate(ARXIV_ASTRO_PH_9812133, [1]),
    candidate(recordFromBib(BIB.frank, 'arxiv'), [1]),
  ];

  it('puts the supernova paper first for a supernova claim, scores in 0–1, best first', () => {
    const ranked = rankCandidates(pool(), QUERIES, CLAIM);
    assert.equal(ranked[0].id, 'arxiv:astro-ph/9812133');
    for (const c of ranked) assert.ok(c.retrievalScore >= 0 && c.retrievalScore <= 1, String(c.retrievalScore));
    for (let i = 1; i < ranked.length; i++) assert.ok(ranked[i - 1].retrievalScore >= ranked[i].retrievalScore);
    assert.ok(ranked[0].retrievalScore > ranked[1].retrievalScore + 0.3, 'relevance separates them clearly');
  });

  it('rewards agreement between queries and between repositories', () => {
    const base = ARXIV_ASTRO_PH_9812133;
    const twin = { ...base, id: 'arxiv:twin' };
    const byOne = candidate(base, [1]);
    const byAll = candidate(twin, [0, 1], ['arxiv', 'biorxiv']);
    const ranked = rankCandidates([byOne, byAll], QUERIES, CLAIM);
    assert.deepEqual(ranked.map((c) => c.id), ['arxiv:twin', 'arxiv:astro-ph/9812133']);
    assert.ok(Math.abs(ranked[0].retrievalScore - ranked[1].retrievalScore - (0.2 * 2) / 3 - 0.1) < 1e-3);
  });

  it('weighs primary queries above supplementary ones', () => {
    assert.deepEqual(queryWeights(QUERIES), [PRIMARY_QUERY_WEIGHT, SUPPLEMENTARY_QUERY_WEIGHT]);
    assert.deepEqual(
      queryWeights([{ keywords: ['a'], sentence: 0 }, { keywords: ['b'], sentence: 1 }, { keywords: ['c'], sentence: 1 }, { keywords: ['d'] }]),
      [1, 1, 0.5, 1],
    );
    const twin = { ...ARXIV_ASTRO_PH_9812133, id: 'arxiv:twin' };
    const bySupplementary = candidate(ARXIV_ASTRO_PH_9812133, [1]);
    const byPrimary = candidate(twin, [0]);
    assert.equal(rankCandidates([bySupplementary, byPrimary], QUERIES, CLAIM)[0].id, 'arxiv:twin');
  });

  it('breaks ties deterministically by input order and does not touch its input', () => {
    const input = [candidate({ ...ARXIV_1710_08557, id: 'b' }, [0]), candidate({ ...ARXIV_1710_08557, id: 'a' }, [0])];
    const snapshot = structuredClone(input);
    const ranked = rankCandidates(input, QUERIES, CLAIM);
    assert.deepEqual(ranked.map((c) => c.id), ['b', 'a']);
    assert.equal(ranked[0].retrievalScore, ranked[1].retrievalScore);
    assert.deepEqual(input, snapshot);
    assert.deepEqual(rankCandidates(input, QUERIES, CLAIM), ranked);
  });

  it('works on dedupe output end to end and on degenerate input', () => {
    const hits = [
      { record: ARXIV_ASTRO_PH_9812133, queryIndex: 0, rank: 0 },
      { record: recordFromBib(BIB.perlmutter, 'arxiv'), queryIndex: 1, rank: 2 },
      { record: recordFromBib(BIB.godel, 'arxiv'), queryIndex: 1, rank: 0 },
    ];
    const ranked = rankCandidates(dedupeRecords(hits), QUERIES, CLAIM);
    assert.equal(ranked.length, 2);
    assert.equal(ranked[0].arxivId, 'astro-ph/9812133');
    assert.deepEqual(ranked[0].matchedQueries, [0, 1]);
    assert.equal(ranked[0].retrievalScore, 0.9); // top relevance (0.7) + both queries (0.2)
    assert.deepEqual(rankCandidates([], QUERIES, CLAIM), []);
    const noTerms = rankCandidates(pool(), [], '');
    assert.ok(noTerms.every((c) => c.retrievalScore === 0));
  });
});

describe('rankCandidates: signals beyond the candidates themselves', () => {
  it("takes a service's own order into account when the words cannot tell two works apart", () => {
    const atRank = (id: string, rank: number): Candidate => ({ ...candidate({ ...ARXIV_ASTRO_PH_9812133, id, source: 'pubmed' }, [0]), sourceRanks: { pubmed: rank } });
    const ranked = rankCandidates([atRank('pubmed:seventh', 7), atRank('pubmed:first', 0)], QUERIES, CLAIM);
    assert.deepEqual(ranked.map((c) => c.id), ['pubmed:first', 'pubmed:seventh']);
    assert.ok(ranked[0].retrievalScore > ranked[1].retrievalScore);
  });

  it("keeps each source's best position for a merged work", () => {
    const hits = [
      { record: ARXIV_ASTRO_PH_9812133, queryIndex: 0, rank: 4 },
      { record: recordFromBib(BIB.perlmutter, 'arxiv'), queryIndex: 1, rank: 2 },
      { record: { ...ARXIV_ASTRO_PH_9812133, source: 'semanticscholar' as const }, queryIndex: 0, rank: 9 },
    ];
    const [merged] = dedupeRecords(hits);
    assert.deepEqual(merged.sourceRanks, { arxiv: 2, semanticscholar: 9 });
  });

  it('weighs a word by its rarity in science at large, not only among the candidates', () => {
    // Among these four, "copeptin" and "effect" are each in two titles: the candidates alone rate
    // them alike. In scientific text "effect" is everywhere and "copeptin" rare.
    const titled = (id: string, title: string) => candidate({ ...ARXIV_1710_08557, id, title, abstract: '' }, [0]);
    const pool = [
      titled('effect-1', 'The effect of diabetes risk in a cohort'),
      titled('effect-2', 'An effect on diabetes risk in adults'),
      titled('copeptin-1', 'Copeptin and diabetes risk in a cohort'),
      titled('copeptin-2', 'Copeptin and diabetes risk in adults'),
    ];
    const ranked = rankCandidates(pool, [{ keywords: ['copeptin', 'effect', 'diabetes risk'], sentence: 0 }], 'The effect of copeptin on diabetes risk.');
    assert.deepEqual(ranked.slice(0, 2).map((c) => c.id).sort(), ['copeptin-1', 'copeptin-2']);
  });
});

describe('rankCandidates: the claim\'s words side by side', () => {
  // SciFact dev claim 72: the abstract of the paper it cites writes "LDL cholesterol has a causal role
  // in the development of cardiovascular disease", word pairs as the claim writes them.
  const CLAIM_72 = 'LDL cholesterol has no involvement in the development of cardiovascular disease.';
  const record = (id: string, title: string, abstract: string) => candidate({ ...ARXIV_1710_08557, id, title, abstract }, [0]);

  it('tells apart two texts of the same words by their order alone', () => {
    const pool = [
      record('scattered', 'Cardiovascular risk', 'Disease of the development: LDL cholesterol and cardiovascular involvement.'),
      record('side-by-side', 'Cardiovascular risk', 'LDL cholesterol and involvement in the development of cardiovascular disease.'),
    ];
    const ranked = rankCandidates(pool, [{ keywords: ['LDL cholesterol', 'cardiovascular disease'], sentence: 0 }], CLAIM_72);
    assert.equal(ranked[0]!.id, 'side-by-side');
    assert.ok(ranked[0]!.retrievalScore > ranked[1]!.retrievalScore);
  });
});

describe('rankCandidates: records without an abstract', () => {
  it('scores a title-only record (DBLP sends no abstracts) by its title against the other titles', () => {
    // CL-SciSumm train: a citing sentence of the cited paper, which DBLP found and Semantic Scholar did not.
    const claim = 'Chinese word segmentation is difficult because no delimiter marks word boundaries, so a stochastic finite-state model weighs the segmentations of a sentence.';
    const queries: Query[] = [{ keywords: ['Chinese word segmentation', 'finite-state', 'delimiter'], sentence: 0 }];
    const work = (id: string, title: string, abstract?: string) =>
      candidate({ ...ARXIV_1710_08557, id, title, abstract, source: abstract ? 'semanticscholar' : 'dblp' }, [0]);
    const cited = work('dblp:sproat', 'A Stochastic Finite-State Word-Segmentation Algorithm for Chinese');
    const others = [
      work('s2:vietnamese', 'A toolkit for Vietnamese text normalisation',
        'Chinese word segmentation of a sentence without a delimiter between words is difficult; our finite-state model weighs the segmentations and word boundaries of each sentence, as a stochastic model of Chinese word boundaries.'),
      work('s2:speech', 'Speech boundaries in spoken dialogue', 'Boundaries of Chinese words in a sentence are difficult to mark without a delimiter; a stochastic model weighs each sentence and its segmentations.'),
    ];
    const ranked = rankCandidates([...others, cited], queries, claim);
    const score = (id: string) => ranked.find((c) => c.id === id)!.retrievalScore;
    const scores = ranked.map((c) => `${c.id} ${c.retrievalScore}`).join(', ');
    // Its title is the best title: as relevant as the best abstract, not last for lacking one.
    assert.equal(score('dblp:sproat'), score('s2:vietnamese'), scores);
    assert.ok(score('dblp:sproat') > score('s2:speech'), scores);
  });
});

describe('shownOrder', () => {
  it('shows the works that support the claim first, then the rest, each in retrieval order: a support score of 0.97 does not outrank one of 0.95 found first', () => {
    const shown = (id: string, label: 'supports' | 'related' | 'unrelated', score: number): Candidate => ({
      ...candidate({ ...ARXIV_1710_08557, id }, [0]),
      score,
      support: { label, by: 'lexical' },
    });
    const ranked = [shown('related-high', 'related', 0.9), shown('supports-a', 'supports', 0.95), shown('unrelated', 'unrelated', 0.1), shown('related-low', 'related', 0.3), shown('supports-b', 'supports', 0.97)];
    assert.deepEqual(shownOrder(ranked).map((c) => c.id), ['supports-a', 'supports-b', 'related-high', 'unrelated', 'related-low']);
    assert.deepEqual(ranked.map((c) => c.id)[0], 'related-high', 'the input is not touched');
  });
});

describe('BM25 (shared by candidate ranking and lexical scoring)', () => {
  it('IDF stays positive for a term every document holds, and falls as more documents hold it', () => {
    assert.ok(bm25Idf(10, 10) > 0);
    assert.ok(bm25Idf(10, 1) > bm25Idf(10, 5));
  });

  it('repeats count less and less, never past k1 + 1; with b = 0 length does not matter', () => {
    const params = { k1: 1.2, b: 0.75 };
    const norm = lengthNorm(100, 100, params);
    assert.equal(norm, params.k1, 'a document of average length is normalised by k1 alone');
    assert.ok(saturatedTf(2, norm, params.k1) < 2 * saturatedTf(1, norm, params.k1));
    assert.ok(saturatedTf(1000, norm, params.k1) < params.k1 + 1);
    assert.ok(lengthNorm(200, 100, params) > norm, 'a longer document needs more repeats');
    assert.equal(lengthNorm(10, 100, { ...params, b: 0 }), lengthNorm(1000, 100, { ...params, b: 0 }));
  });
});
