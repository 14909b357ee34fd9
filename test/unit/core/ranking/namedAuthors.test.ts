import assert from 'node:assert/strict';
import { rankCandidates } from '../../../../src/core/ranking/candidates';
import { namedAuthorShare, namedAuthors, namedWorksAuthors, withoutNameParticles } from '../../../../src/core/ranking/namedAuthors';
import { namedInClaimText } from '../../../../src/core/ranking/namedInClaim';
import type { Candidate, Query } from '../../../../src/core/types';

// A CL-SciSumm training citance, its year marker removed as the bench removes it (bench/lib/clscisumm-data.ts).
const CITANCE = 'We finally remove all traces, but, unlike Green and Manning, we keep all function tags.';

/** Real bibliographic records (ACL Anthology C10-1045 and A00-2031), as DBLP lists them: no abstracts. */
function work(id: string, title: string, authors: string[], year: number, rank: number): Candidate {
  return { id, source: 'dblp', title, authors, year, sources: ['dblp'], sourceRanks: { dblp: rank }, matchedQueries: [0], retrievalScore: 0 };
}
const GREEN_MANNING = work('dblp:conf/coling/GreenM10', 'Better Arabic Parsing: Baselines, Evaluations, and Analysis', ['Spence Green', 'Christopher D. Manning'], 2010, 2);
const BLAHETA_CHARNIAK = work('dblp:conf/anlp/BlahetaC00', 'Assigning Function Tags to Parsed Text', ['Don Blaheta', 'Eugene Charniak'], 2000, 1);

describe('namedAuthors', () => {
  it('reads the people a sentence names: "X and Y", "X et al.", lists, particles and accents', () => {
    assert.deepEqual(namedAuthors(CITANCE), ['green', 'manning']);
    assert.deepEqual(namedAuthors('As Collins et al. showed, lexicalised models help.'), ['collins']);
    assert.deepEqual(namedAuthors('Pretraining as in Devlin, Chang, Lee and Toutanova improves tagging.'), ['devlin', 'chang', 'lee', 'toutanova']);
    assert.deepEqual(namedAuthors('Forces described by van der Waals and Schrödinger et al. differ.'), ['van der waals', 'schrodinger']);
    // A CL-SciSumm training citance numbering its citations after the names.
    assert.deepEqual(namedAuthors('Pang[4] and Su[5] both optimized their multi-classification results using the Mincut model.'), ['pang', 'su']);
    assert.deepEqual(namedAuthors('As pointed out by Pennacchiotti and Pantel [6], most systems focus on is-a relations.'), ['pennacchiotti', 'pantel']);
  });

  it('tells the first authors of the works a sentence names from a pair of co-authors', () => {
    // CL-SciSumm training citances: Su and Markert's work is cited; Bean and Riloff's; Dang et al.'s.
    assert.deepEqual(namedWorksAuthors('Pang[4] and Su[5] both optimized their multi-classification results using the Mincut model.'), ['pang', 'su']);
    assert.deepEqual(namedWorksAuthors('Several coreference systems have incorporated anaphoricity determination modules (e.g. Ng and Cardie and Bean and Riloff ).'), ['ng', 'riloff']);
    assert.deepEqual(namedWorksAuthors('Palmer and Dang et al. argue that syntactic frames and verb classes are useful.'), ['palmer', 'dang']);
    // One work of two authors, written with "and" or "&".
    assert.deepEqual(namedWorksAuthors(CITANCE), ['green']);
    assert.deepEqual(namedWorksAuthors('As Green & Manning showed, function tags help.'), ['green']);
    assert.deepEqual(namedWorksAuthors('Mitkov showed that a salience-based approach can be applied across genres.'), ['mitkov']);
    assert.deepEqual(namedWorksAuthors('The results show that parsing helps.'), []);
  });

  it('reads the LaTeX as written: a citation after each name names two works, which the plain text no longer shows', () => {
    const plain = 'Pang and Su both optimized their multi-classification results using the Mincut model.';
    assert.deepEqual(namedWorksAuthors(plain), ['pang'], 'as plain text, a pair of co-authors');
    assert.deepEqual(namedWorksAuthors(plain, 'Pang~\\cite{pang04} and Su~\\citep[p.~3]{su09} both optimized their multi-classification results using the Mincut model.'), ['pang', 'su']);
    assert.deepEqual(namedWorksAuthors('Green and Manning keep all function tags.', 'Green and Manning~\\cite{green10} keep all function tags.'), ['green']);
  });

  it('reads one name before a verb of reporting, never a common word there', () => {
    // CL-SciSumm training citances.
    assert.deepEqual(namedAuthors('Mitkov showed that a salience-based approach can be applied across genres and without complex syntactic information.'), ['mitkov']);
    assert.deepEqual(namedAuthors('For each si, the probability is computed with Bayes\' rule: As Golding points out, the term is constant.'), ['golding']);
    assert.deepEqual(namedAuthors('Experiments show that the results improve, and Recently proposed taggers agree.'), []);
    assert.deepEqual(namedAuthors('BABAR used contextual role knowledge for coreference resolution.'), []);
  });

  it('names nobody in a sentence without such a construction', () => {
    assert.deepEqual(namedAuthors('Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.'), []);
    assert.deepEqual(namedAuthors('Markov models and neural networks both tag English text.'), []);
    assert.deepEqual(namedAuthors('The results show that parsing helps.'), []);
  });

  it('finds a name among authors word for word, never inside another word', () => {
    assert.equal(namedAuthorShare(['green', 'manning'], GREEN_MANNING.authors), 1);
    assert.equal(namedAuthorShare(['manning'], ['Christopher D. Manning']), 1);
    assert.equal(namedAuthorShare(['green'], ['Greenberg A.', 'Evergreen B.']), 0);
    assert.equal(namedAuthorShare(['green', 'lee'], ['Lee, K.']), 0.5);
    assert.equal(namedAuthorShare([], GREEN_MANNING.authors), 0);
  });

  it('finds a name with a particle by its last word, with the particle or without', () => {
    assert.equal(namedAuthorShare(['van halteren'], ['Hans van Halteren', 'Jakub Zavrel']), 1);
    assert.equal(namedAuthorShare(['van halteren'], ['Halteren']), 1, 'a record that dropped the particle');
    assert.equal(namedAuthorShare(['van halteren'], ['Hans Halterenberg']), 0);
    // A name as a query writes it, capitalised: Europe PMC's "Wu T" is still Wu.
    assert.equal(namedAuthorShare(['Wu'], ['Wu T', 'Huang Y']), 1);
  });
});

describe('withoutNameParticles', () => {
  it('blanks the particles of the names a sentence cites, and nothing else', () => {
    const citance = 'Like Van Halteren et al., we evaluated two features combinations.';
    assert.equal(withoutNameParticles(citance), 'Like     Halteren et al., we evaluated two features combinations.');
    assert.equal(withoutNameParticles('Following de Marneffe and Manning, we parse.'), 'Following    Marneffe and Manning, we parse.');
    // No citation construction: the physicists' "van der Waals" is the field's own phrase.
    const forces = 'The van der Waals force binds the layers.';
    assert.equal(withoutNameParticles(forces), forces);
    // Inside a word is no particle ("Midd|le Eastern and North").
    const regions = 'Cohorts from the Middle Eastern and North African regions.';
    assert.equal(withoutNameParticles(regions), regions);
  });
});

describe('rankCandidates with authors named in the claim', () => {
  const queries: Query[] = [{ keywords: ['function tags', 'traces'], sentence: 0 }];

  it('puts the named authors\' work first, though only the other shares the sentence\'s words', () => {
    const ranked = rankCandidates([BLAHETA_CHARNIAK, GREEN_MANNING], queries, CITANCE);
    assert.deepEqual(ranked.map((c) => c.id), [GREEN_MANNING.id, BLAHETA_CHARNIAK.id]);
    for (const c of ranked) assert.ok(c.retrievalScore >= 0 && c.retrievalScore <= 1, `${c.id} ${c.retrievalScore}`);
  });

  it('leaves the order to the words when the claim names nobody', () => {
    const claim = 'We finally remove all traces, but we keep all function tags.';
    const ranked = rankCandidates([GREEN_MANNING, BLAHETA_CHARNIAK], queries, claim);
    assert.deepEqual(ranked.map((c) => c.id), [BLAHETA_CHARNIAK.id, GREEN_MANNING.id]);
  });

  it('tells the card which of its authors the claim names, as the record writes them', () => {
    const [first, second] = rankCandidates([BLAHETA_CHARNIAK, GREEN_MANNING], queries, CITANCE);
    assert.deepEqual(first!.namedInClaim, ['Spence Green', 'Christopher D. Manning']);
    assert.equal(second!.namedInClaim, undefined, 'Blaheta and Charniak are not named');
    assert.equal(namedInClaimText(first!.namedInClaim!), 'by Spence Green and Christopher D. Manning, named in the claim');
    assert.equal(namedInClaimText(['Hans van Halteren']), 'by Hans van Halteren, named in the claim');
    // Ranked again for a claim that names nobody (the store ranks at every answer): the line goes.
    const again = rankCandidates([first!, second!], queries, 'We finally remove all traces, but we keep all function tags.');
    assert.ok(again.every((c) => !('namedInClaim' in c)), JSON.stringify(again));
  });
});
