// Scoring of the published-search benchmark on hand-checked lists, and the naive baseline's query.
import assert from 'node:assert/strict';
import { citesPubmed, citesWork, firstCitedRank, retrievalFigures } from '../../../bench/lib/publishedCorpusScore';
import { latexSelection, naiveQuery } from '../../../bench/lib/publishedCorpusRun';
import { parseClaim } from '../../../src/core/claim';
import { parseQuery } from '../../../src/core/queries/text';
import type { CsWork } from '../../../bench/lib/publishedCorpusData';

describe('published-search benchmark: scoring', () => {
  it('computes success@5, success@10 and MRR from the first cited ranks', () => {
    // Ranks 1, 3, 7, none, 6: two in the first five, four in the first ten;
    // MRR (1 + 1/3 + 1/7 + 0 + 1/6) / 5 = 0.328571…
    const figures = retrievalFigures([1, 3, 7, undefined, 6]);
    assert.deepEqual([figures.claims, figures.success5, figures.success10], [5, 0.4, 0.8]);
    assert.equal(figures.mrr.toFixed(6), '0.328571');
    assert.deepEqual(retrievalFigures([]), { claims: 0, success5: 0, success10: 0, mrr: 0 });
  });

  it('finds a cited SciFact abstract by PMID, by pubmed: id or by title, and nothing else', () => {
    const isCited = citesPubmed([{ pmid: '14717500', title: 'Rare Variants Create Synthetic Genome-Wide Associations' }]);
    const list = [{ id: 'pubmed:13734012', pmid: '13734012', title: 'Other' }, { id: '10.1/x', title: 'rare variants create synthetic genome-wide associations.' }];
    assert.equal(firstCitedRank(list, isCited), 2);
    assert.equal(firstCitedRank([{ id: 'pubmed:14717500' }], isCited), 1);
    assert.equal(firstCitedRank([{ pmid: '14717500' }], isCited), 1);
    assert.equal(firstCitedRank(list.slice(0, 1), isCited), undefined);
  });

  it('finds a reference paper by its DBLP title (period, case), its key or its DOI', () => {
    const work: CsWork = { key: 'conf/coling/C00-2123', title: 'Word Re-ordering and DP-based Search in Statistical Machine Translation', authors: [], origin: 'test' };
    const isCited = citesWork(work);
    assert.ok(isCited({ title: 'Word re-ordering and DP-based search in statistical machine translation.' }));
    assert.ok(isCited({ dblpKey: 'conf/coling/C00-2123', title: 'Something else' }));
    assert.ok(!isCited({ title: 'Word Re-ordering in Statistical Machine Translation' }));
    assert.ok(citesWork({ ...work, doi: '10.3115/X' })({ doi: '10.3115/x' }));
  });

  it('sends the naive baseline as every word of the claim, with no query syntax read into it', () => {
    const claim = 'Statins reduce "major" events; in 50% of +treated au:patients.';
    const query = parseQuery(naiveQuery(claim));
    assert.deepEqual(query.keywords, ['Statins', 'reduce', 'major', 'events', 'in', '50%', 'of', 'treated', 'patients.']);
    assert.equal(query.filter, undefined);
    assert.equal(query.authors, undefined);
  });
});

describe('published-search benchmark: claims as selections', () => {
  it('escapes what LaTeX reads as special, so the claim stage gets every word back', () => {
    const claim = '5% of perinatal mortality & 3 # of R_0 cost $4 due to low birth weight.';
    assert.equal(parseClaim(latexSelection(claim)).text, claim);
    assert.equal(parseClaim(claim).text, '5');
  });
});
