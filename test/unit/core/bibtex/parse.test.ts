// An authority's entry is parsed once, however many stages read it: checked (authority.ts),
// reviewed for broken LaTeX, read for its key fields and given its key. On the recorded Crossref
// entry of the Astrophysical Journal paper the arXiv bench claim finds.
import { strict as assert } from 'node:assert';
import { recordedBibtex } from '../../../standin/crossref';
import { assertBibtex, readBibFields, rewriteCiteKey } from '../../../../src/core/bibtex';
import { reviewBibtexLatex } from '../../../../src/core/latex/health';
import { bibtexParses } from '../../../../src/core/bibtex/parse';

describe('one parse of an entry', () => {
  it('serves every stage that reads the same text', () => {
    const text = recordedBibtex('10.1086/307221')!.toString('utf8');
    const before = bibtexParses();
    assertBibtex(text);
    reviewBibtexLatex(text);
    const fields = readBibFields(text);
    const rekeyed = rewriteCiteKey(text, 'perlmutter1999');
    assert.equal(bibtexParses() - before, 1);
    assert.match(fields.fields.title ?? '', /from 42 High-Redshift Supernovae/);
    assert.match(rekeyed, /^@article\{perlmutter1999,/i);
    readBibFields(rekeyed);
    assert.equal(bibtexParses() - before, 2, 'another text is parsed anew');
  });
});
