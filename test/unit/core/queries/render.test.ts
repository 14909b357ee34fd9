// Query rendering into arXiv and Europe PMC syntax, and the broadening ladder.
import assert from 'node:assert/strict';
import { broaden, keywordWeight, sanitizeKeyword } from '../../../../src/core/queries/render';
import { renderArxivQuery } from '../../../../src/core/sources/arxivQuery';
import { renderEuropePmcQuery } from '../../../../src/core/sources/europepmcQuery';

const supernova = { keywords: ['type Ia supernovae', 'accelerating expansion', 'cosmology'] };

describe('query rendering', () => {
  it('renders arXiv search_query with fields, AND/OR and quoted phrases', () => {
    assert.equal(
      renderArxivQuery(supernova, 'all'),
      'all:"type Ia supernovae" AND all:"accelerating expansion" AND all:cosmology',
    );
    assert.equal(renderArxivQuery({ keywords: ['transformer', 'attention'] }, 'any', 'ti'), 'ti:transformer OR ti:attention');
    assert.equal(renderArxivQuery({ keywords: ['self-attention'] }, 'all', 'abs'), 'abs:"self attention"');
  });

  it('strips characters arXiv chokes on and defuses operator words', () => {
    assert.equal(sanitizeKeyword('ti:(dark) "energy"'), 'ti dark energy');
    assert.equal(sanitizeKeyword('Schrödinger equation'), 'Schrodinger equation');
    assert.equal(sanitizeKeyword('AND'), 'and');
    assert.equal(sanitizeKeyword("-Crohn's- "), "Crohn's");
    assert.equal(renderArxivQuery({ keywords: ['NOT', 'x:y', '"'] }, 'all'), 'all:not AND all:"x y"');
    assert.throws(() => renderArxivQuery({ keywords: ['()', ':'] }, 'all'), /no searchable keywords/);
  });

  it('renders Europe PMC queries restricted to one preprint server', () => {
    assert.equal(
      renderEuropePmcQuery({ keywords: ['CRISPR', 'off-target effects', 'zebrafish'] }, 'all', 'bioRxiv'),
      '(CRISPR AND "off-target effects" AND zebrafish) AND SRC:PPR AND PUBLISHER:"bioRxiv"',
    );
    assert.equal(
      renderEuropePmcQuery({ keywords: ['long covid', 'fatigue'] }, 'any', 'medRxiv'),
      '("long covid" OR fatigue) AND SRC:PPR AND PUBLISHER:"medRxiv"',
    );
  });

  it('weighs phrases, long words and acronyms above generic words', () => {
    assert.ok(keywordWeight('type Ia supernovae') > keywordWeight('cosmology'));
    assert.ok(keywordWeight('CRISPR') > keywordWeight('cells'));
    assert.ok(keywordWeight('cosmology') > keywordWeight('results'));
  });
});

describe('broadening ladder', () => {
  it('starts focused on the most distinctive terms, then requires only them, then OR', () => {
    const query = { keywords: ['results', 'type Ia supernovae', 'cosmology', 'accelerating expansion'], sentence: 2 };
    const steps = broaden(query);
    assert.deepEqual(
      steps.map((s) => [s.mode, s.query.keywords, s.query.focus]),
      [
        ['focused', ['results', 'type Ia supernovae', 'cosmology', 'accelerating expansion'], ['type Ia supernovae', 'accelerating expansion']],
        ['all', ['type Ia supernovae', 'accelerating expansion'], undefined],
        ['any', ['results', 'type Ia supernovae', 'cosmology', 'accelerating expansion'], undefined],
      ],
    );
    assert.ok(steps.every((s) => s.query.sentence === 2), 'keeps the sentence index');
  });

  it('renders a focused search as required terms AND any one of the others', () => {
    const [focused] = broaden({ keywords: ['distant', 'Type Ia', 'supernovae', 'universe'] });
    assert.equal(focused?.mode, 'focused');
    assert.equal(
      renderArxivQuery(focused!.query, 'focused'),
      'all:"Type Ia" AND all:supernovae AND (all:distant OR all:universe)',
    );
    assert.equal(
      renderEuropePmcQuery({ keywords: ['CRISPR', 'zebrafish', 'off-target'], focus: ['CRISPR'] }, 'focused', 'bioRxiv'),
      '(CRISPR AND (zebrafish OR "off-target")) AND SRC:PPR AND PUBLISHER:"bioRxiv"',
    );
  });

  it('skips the narrowing step for two keywords and never repeats a search', () => {
    assert.deepEqual(
      broaden({ keywords: ['dark energy', 'supernovae'] }).map((s) => s.mode),
      ['all', 'any'],
    );
    assert.deepEqual(broaden({ keywords: ['cosmology'] }).map((s) => s.mode), ['all']);
    assert.deepEqual(broaden({ keywords: ['', '()'] }), []);
  });

  it('relaxes a lone phrase into its words', () => {
    assert.deepEqual(
      broaden({ keywords: ['gut microbiome diversity'] }).map((s) => [s.mode, s.query.keywords]),
      [
        ['all', ['gut microbiome diversity']],
        ['all', ['gut', 'microbiome', 'diversity']],
        ['any', ['gut', 'microbiome', 'diversity']],
      ],
    );
  });
});
