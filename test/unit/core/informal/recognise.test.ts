// Recognising informal citations: each written form gives its family names, year and kind, and
// prose without an author and a year gives nothing.
import assert from 'node:assert/strict';
import { recogniseInformalCitation as recognise } from '../../../../src/core/informal/recognise';

describe('informal citations: recognition', () => {
  const cases: [string, { authors: string[]; year: number; kind: 'bare' | 'in-sentence'; titleWords?: string }][] = [
    ['Perlmutter et al. (1999)', { authors: ['Perlmutter'], year: 1999, kind: 'in-sentence' }],
    ['[Riess 1998]', { authors: ['Riess'], year: 1998, kind: 'bare' }],
    ['(Smith and Jones, 2020)', { authors: ['Smith', 'Jones'], year: 2020, kind: 'bare' }],
    ['(Perlmutter et al., 1999)', { authors: ['Perlmutter'], year: 1999, kind: 'bare' }],
    ['the BERT paper by Devlin et al. 2018', { authors: ['Devlin'], year: 2018, kind: 'in-sentence', titleWords: 'BERT' }],
    ['Devlin, Chang, Lee and Toutanova (2019)', { authors: ['Devlin', 'Chang', 'Lee', 'Toutanova'], year: 2019, kind: 'in-sentence' }],
    ['Perlmutter, S., et al. 1999, ApJ, 517, 565', { authors: ['Perlmutter'], year: 1999, kind: 'bare' }],
    ['Smith, J. (2020). Title of the paper. Journal, 1(2), 3–4.', { authors: ['Smith'], year: 2020, kind: 'bare', titleWords: 'Title of the paper' }],
    ['Smith, J., & Jones, K. (2020). Deep nets for cats. Nature, 1(2), 3–4.', { authors: ['Smith', 'Jones'], year: 2020, kind: 'bare', titleWords: 'Deep nets for cats' }],
    ['[3] A. Author, B. Author, Title, Venue, 2019.', { authors: ['Author', 'Author'], year: 2019, kind: 'bare', titleWords: 'Title' }],
    ['[7] S. Arya, D. M. Mount, Approximate range searching, SoCG, 2003.', { authors: ['Arya', 'Mount'], year: 2003, kind: 'bare', titleWords: 'Approximate range searching' }],
    ['[2] S. Arya and T. Turletti, Accurate and explicit differentiation of wireless and congestion losses, ICDCSW, 2003.', { authors: ['Arya', 'Turletti'], year: 2003, kind: 'bare', titleWords: 'Accurate and explicit differentiation of wireless and congestion losses' }],
    ['as shown by Del Maestro et al. (2016)', { authors: ['Del Maestro'], year: 2016, kind: 'in-sentence' }],
    // A CL-SciSumm training citance: older styles print the year in brackets.
    ['This observation is the basis for a reordering method proposed by Kogure [1990].', { authors: ['Kogure'], year: 1990, kind: 'in-sentence' }],
  ];
  for (const [text, expected] of cases) {
    it(`reads ${JSON.stringify(text)}`, () => {
      const found = recognise(text);
      assert.ok(found, 'recognised');
      assert.deepEqual(found.authors, expected.authors);
      assert.equal(found.year, expected.year);
      assert.equal(found.kind, expected.kind);
      assert.equal(found.titleWords, expected.titleWords);
    });
  }

  it('gives the span of the mention inside a sentence, and of its year', () => {
    const text = 'as Perlmutter et al. (1999) showed, the Universe accelerates';
    const found = recognise(text)!;
    assert.equal(text.slice(found.span.start, found.span.end), 'Perlmutter et al. (1999)');
    assert.equal(text.slice(found.yearSpan!.start, found.yearSpan!.end), ' (1999)');
    const bracketed = 'a reordering method proposed by Kogure [1990].';
    const k = recognise(bracketed)!;
    assert.equal(bracketed.slice(k.span.start, k.span.end), 'Kogure [1990]');
    assert.equal(bracketed.slice(k.yearSpan!.start, k.yearSpan!.end), ' [1990]');
    const bare = 'Dark energy dominates [Riess 1998].';
    const b = recognise(bare)!;
    assert.equal(bare.slice(b.span.start, b.span.end), '[Riess 1998]');
    assert.equal(b.yearSpan, undefined);
  });

  for (const prose of [
    'Type Ia supernovae show that the expansion of the Universe is accelerating.',
    'In March 2020 the infection rate rose sharply (Table 2).',
    'In 2019, we measured 1998 supernovae with the Hubble Space Telescope.',
    'Since 2015 (see Section 3), deep networks dominate image recognition.',
    'The survey (2019) covered the southern sky.',
    'Smith showed that cats purr.',
    'The bound holds for every Hilbert space [2019] of the survey.',
    // Names and reference layouts without a year (the patterns are not even tried then).
    'Perlmutter et al. measured distant supernovae [Riess].',
    'Smith, J., & Jones, K. Title of the paper. Journal, 1(2), 3–4.',
    '[3] A. Author, B. Author, Title, Venue, 1500.',
  ]) {
    it(`does not take prose for a citation: ${JSON.stringify(prose)}`, () => {
      assert.equal(recognise(prose), undefined);
    });
  }
});
