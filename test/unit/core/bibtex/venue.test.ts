// Titles with their maths as text, abstracts with LaTeX accents as letters, venues as venues:
// from the real Crossref entry for 10.1086/307221 and arXiv's real record of astro-ph/9812133.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { readBibFields } from '../../../../src/core/bibtex';
import { latexToUnicode } from '../../../../src/core/latex/unicode';
import { venueFromFields, venueFromJournalRef } from '../../../../src/core/bibtex/venue';
import { parseArxivFeed } from '../../../../src/core/sources/arxivAtom';

const QUIRK = readFileSync(fixturePath('bibtex', 'doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib'), 'utf8');

describe('what a reader sees of LaTeX', () => {
  it('titles keep their maths as text, even Crossref\'s mangled maths', () => {
    assert.equal(latexToUnicode('Measurements of $\\Omega$ and $\\Lambda$ from 42 High-Redshift Supernovae'), 'Measurements of Ω and Λ from 42 High-Redshift Supernovae');
    assert.equal(latexToUnicode(readBibFields(QUIRK).fields.title!), 'Measurements of Ω and Λ from 42 High-Redshift Supernovae');
  });

  it('abstracts render accents, maths and font commands as text', () => {
    assert.equal(latexToUnicode("R\\'{e}nyi entropy of Schr\\\"odinger's {\\em cat} at $10^{-3}$"), "Rényi entropy of Schrödinger's cat at 10⁻³");
    assert.equal(latexToUnicode('Plain text stays as it is.'), 'Plain text stays as it is.');
    assert.equal(latexToUnicode('Omega_M ~= 0.2 +/- 0.1 (Omega_M <~ 1.5)'), 'Omega_M ~= 0.2 +/- 0.1 (Omega_M <~ 1.5)', 'ASCII that only looks like TeX');
    assert.equal(latexToUnicode("Omega_M ~= 0.2, after R\\'{e}nyi, 50% of $\\alpha_1$"), "Omega_M ~= 0.2, after Rényi, 50% of α₁");
    assert.match(latexToUnicode('An \\emph{unbalanced brace'), /^An\s+unbalanced brace$/, 'what cannot be parsed still reads');
  });

  it('venues read as venues', () => {
    assert.equal(venueFromFields(readBibFields(QUIRK).fields), 'The Astrophysical Journal 517, 565–586 (1999)');
    assert.equal(venueFromJournalRef('Astrophys.J.517:565-586,1999'), 'Astrophys. J. 517, 565–586 (1999)');
    // arXiv's record of astro-ph/0601001 (test/fixtures/arxiv-atom), its journal_ref typed without spaces.
    const feed = readFileSync(fixturePath('arxiv-atom', 'api2026_idlist_astro-ph_0601001_old-style-id.atom.xml'), 'utf8');
    const journalRef = /<arxiv:journal_ref>([^<]+)</.exec(feed)![1];
    assert.equal(venueFromJournalRef(journalRef), 'Acta Astron. 56, 1–50 (2006)');
    assert.equal(venueFromJournalRef('Phys.Rev.Lett.80:5-8,1998'), 'Phys. Rev. Lett. 80, 5–8 (1998)');
    assert.equal(venueFromJournalRef('Nature 391 (1998) 51'), 'Nature 391 (1998) 51', 'another shape is left as written');
    assert.equal(venueFromFields({ title: 'x' }), undefined);
    // doi.org's entry protects a word's case with braces: they are BibTeX's, not the journal's name.
    const jner = readFileSync(fixturePath('bibtex', 'doi-cn-2019_10.1186_s12984-017-0305-3_jner.bib'), 'utf8');
    assert.equal(venueFromFields(readBibFields(jner).fields), 'Journal of NeuroEngineering and Rehabilitation 14 (2017)');
  });

  it('arXiv records come with their title and abstract as text', () => {
    const feed = readFileSync(fixturePath('arxiv-atom', 'legacy2019_idlist_astro-ph_9812133_same-work-as-doi-10.1086_307221.atom.xml'), 'utf8');
    const [record] = parseArxivFeed(feed).records;
    assert.equal(record!.title, 'Measurements of Omega and Lambda from 42 High-Redshift Supernovae');
    assert.match(record!.abstract ?? '', /Omega_M - 0\.6 Omega_Lambda ~= -0\.2/, 'its ASCII maths as arXiv wrote it');
  });
});
