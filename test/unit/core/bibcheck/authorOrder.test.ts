// The right people in the wrong order: the work is found and verified, but an author-year style
// would print the wrong first name ("Horrocks et al. 2015" for Tosatto et al.). How a list is read
// as reordered, and the entry's own names put in the authority's order; Check Bibliography's fix on
// the stand-in is in bibcheck.test.ts.
import assert from 'node:assert/strict';
import { compareAuthors, inAuthorityOrder, readAuthorList } from '../../../../src/core/bibcheck/people';

describe('bibliography check: the order of the authors', () => {
  it('reads a list cut with "others" that opens with the second author as reordered, and the right first as in order', () => {
    const authority = readAuthorList(['Laura Tosatto', 'Mathew H. Horrocks', 'Alexander J. Dear']);
    assert.equal(compareAuthors(readAuthorList('Horrocks, Mathew H. and others'), authority).reordered, true);
    assert.equal(compareAuthors(readAuthorList('Tosatto, L. and others'), authority).reordered, false);
    assert.equal(compareAuthors(readAuthorList('Tosatto, L. and Dear, A. and others'), authority).reordered, false);
    assert.equal(compareAuthors(readAuthorList('Tosatto, L. and Dear, A. J. and Horrocks, M. H.'), authority).reordered, true);
    assert.equal(inAuthorityOrder('Horrocks, M. H. and Tosatto, {\\relax L}aura and Dear, A. J.', ['Laura Tosatto', 'Mathew H. Horrocks', 'Alexander J. Dear']),
      'Tosatto, {\\relax L}aura and Horrocks, M. H. and Dear, A. J.');
    assert.equal(inAuthorityOrder('Horrocks, M. H. and others', ['Laura Tosatto', 'Mathew H. Horrocks', 'Wei Wang 0001']), 'Laura Tosatto and Horrocks, M. H. and others');
    assert.equal(inAuthorityOrder('Nobody, A. and Tosatto, L.', ['Laura Tosatto']), undefined, 'a name that is not the authority\'s: nothing to reorder');
  });
});
