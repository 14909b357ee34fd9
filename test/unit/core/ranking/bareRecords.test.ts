// Records too thin to stand for a paper (Semantic Scholar's recorded 1936 search: a crawled
// fragment titled as Turing's paper, an unsigned news column, a book review) come after every
// real paper, whatever their words share with the claim.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { bareRecordReason } from '../../../../src/core/ranking/bareRecords';
import { rankCandidates, shownOrder } from '../../../../src/core/ranking/candidates';
import { semanticScholarRecord } from '../../../../src/core/sources/published/semanticScholar';
import type { Candidate, PaperRecord } from '../../../../src/core/types';
import { fixturePath } from '../../../standin/server';

const RECORDED = JSON.parse(readFileSync(fixturePath('semanticscholar', 'paper-search_query-turing_year-1936_all-fields.json'), 'utf8')) as { data: unknown[] };
const RECORDS = RECORDED.data.map((raw) => semanticScholarRecord(raw)).filter((r): r is PaperRecord => r !== undefined);
const TURING_FRAGMENT = 's2:0f34fcab599aabf0ab46d91c21703a9a86b5f048';

function byTitle(start: string): PaperRecord {
  const record = RECORDS.find((r) => r.title.startsWith(start));
  assert.ok(record, start);
  return record;
}

function candidate(record: PaperRecord, rank = 0): Candidate {
  return { ...record, sources: [record.source], matchedQueries: [0], retrievalScore: 0, sourceRanks: { semanticscholar: rank } };
}

describe('records too thin to stand for a paper', () => {
  it('are told by what the record shows: no author, a book review\'s title, neither venue nor identifier', () => {
    assert.equal(bareRecordReason(byTitle('Educational Topics and Events')), 'it names no authors');
    assert.match(bareRecordReason(byTitle('LINDEMAN, EDUARD C.')) ?? '', /book review/);
    assert.equal(bareRecordReason(RECORDS.find((r) => r.id === TURING_FRAGMENT)!), 'it has neither a venue nor an identifier');
    for (const real of ['Class Differences in Fertility', 'Meningococcus Myocarditis', 'Condition of sparingly soluble substances in gels', 'Doktor Henri-Martin']) {
      assert.equal(bareRecordReason(byTitle(real)), undefined, real);
    }
  });

  it('keep a record whose own abstract shows it stands for a paper, though the index lost its authors or year', () => {
    const myocarditis = byTitle('Meningococcus Myocarditis');
    assert.ok((myocarditis.abstract ?? '').split(' ').length > 100);
    assert.equal(bareRecordReason({ ...myocarditis, authors: [] }), undefined);
    assert.equal(bareRecordReason({ ...myocarditis, year: undefined }), undefined);
    assert.equal(bareRecordReason({ ...myocarditis, authors: [], abstract: undefined }), 'it names no authors');
    assert.equal(bareRecordReason({ ...myocarditis, authors: [], abstract: 'Meningococcus myocarditis in a soldier.' }), 'it names no authors', 'a line is not an abstract');
  });

  it('come after every real paper, though their titles carry the claim\'s words and S2 listed them first', () => {
    const claim = 'On computable numbers, with an application to the Entscheidungsproblem: Turing machines define computability.';
    const queries = [{ keywords: ['computable numbers', 'Entscheidungsproblem', 'Turing machine'], sentence: 0 }];
    const fragment = RECORDS.find((r) => r.id === TURING_FRAGMENT)!;
    const real = [byTitle('The General Nature and Applicability of Index Numbers'), byTitle('Class Differences in Fertility')];
    const ranked = rankCandidates([candidate(fragment, 0), ...real.map((r, i) => candidate(r, i + 1))], queries, claim);
    assert.deepEqual(ranked.map((c) => c.id), [...real.map((r) => r.id), TURING_FRAGMENT]);
    // Nor does a "supports" label put it first.
    const scored = ranked.map((c) => ({ ...c, score: c.id === TURING_FRAGMENT ? 0.9 : 0.2, support: { label: c.id === TURING_FRAGMENT ? 'supports' : 'related', by: 'lexical' } as const }));
    assert.equal(shownOrder(scored).at(-1)!.id, TURING_FRAGMENT);
  });
});
