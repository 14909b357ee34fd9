// The router's terms in their packed, shipped form (models/routerTerms.ts): the shipped table reads
// back term by term, packs again to the same bytes, and what cannot be packed is refused.
import assert from 'node:assert/strict';
import shipped from '../../../../src/core/models/router.json';
import { decodeRouterModel, encodeRouterModel, ROUTER_MODEL, type RouterFile } from '../../../../src/core/models/index';
import { packTerms, termWeightsOf } from '../../../../src/core/models/routerTerms';

const SHIPPED = shipped as unknown as RouterFile;

describe('the router\'s packed terms', () => {
  it('reads the shipped table back term by term', () => {
    const { terms, classes } = ROUTER_MODEL;
    assert.equal(terms.size, 40_000);
    assert.deepEqual(classes, ['biology', 'computer-science', 'mathematics', 'medicine', 'physics']);
    // Weights as training wrote them (router.json before packing): a year and two subject words.
    assert.deepEqual(terms.get('16'), [4, -17, 0, 23, -10]);
    assert.equal(terms.get('no such term'), undefined);
    assert.equal(terms.has('galaxi'), true);
    assert.ok(terms.get('galaxi')![4]! > 0, 'a galaxy is physics');
    const copy = terms.get('16')!;
    copy[0] = 99;
    assert.equal(terms.get('16')![0], 4, 'each call gives a new array');
  });

  it('packs the shipped model again to the same bytes', () => {
    assert.deepEqual(encodeRouterModel(decodeRouterModel(SHIPPED)), SHIPPED);
  });

  it('refuses a weight outside a signed byte, a fraction, and a term with a newline', () => {
    assert.throws(() => packTerms(termWeightsOf({ wide: [200, 0] }), 2), /weight 200, outside a signed byte/);
    assert.throws(() => packTerms(termWeightsOf({ half: [0.5, 0] }), 2), /weight 0.5/);
    assert.throws(() => packTerms(termWeightsOf({ 'two\nlines': [1, 0] }), 2), /cannot be packed/);
  });
});
