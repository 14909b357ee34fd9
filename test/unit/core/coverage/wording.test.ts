// The wording the cite-worthiness model weighs, on sentences of arXiv:2212.11826
// (test/fixtures/coverage): words and pairs lower-cased, numbers, years and acronyms read as one
// token each, and the start marked.
import assert from 'node:assert/strict';
import { wordingOf } from '../../../../src/core/coverage/wording';

describe('cite-worthiness wording', () => {
  it('reads words and pairs, numbers, years and acronyms as tokens, and marks the start', () => {
    const grams = wordingOf('It has been quantitatively shown that QNNs can be trained faster than their classical analogues.');
    for (const g of ['^ it', 'has been', 'been quantitatively', '<acronym>', 'that <acronym>', 'classical analogues']) assert.ok(grams.includes(g), g);
    assert.ok(!grams.some((g) => /qnns|\./.test(g)), 'an acronym is one token, punctuation none');
    const figures = wordingOf('Chemformer reached 54.7% in 2022, against 12 runs.');
    for (const g of ['reached <percent>', 'in <year>', 'against <number>']) assert.ok(figures.includes(g), g);
    assert.equal(new Set(grams).size, grams.length, 'each once');
  });
});
