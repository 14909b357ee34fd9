// Differences of form are no differences: names (initials, homonym numbers, "et al.", family-first
// order, "The Anh Hoang"), venues (abbreviation against the full name), titles (case, braces,
// LaTeX, maths, entities, dashes); real differences are still told apart.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { recordOfCrossref } from '../../../../src/core/bibcheck/authorities';
import { readCrossrefWork } from '../../../../src/core/sources/crossrefWork';
import { compareAuthors, placeholderNames, readAuthorList, readPerson, samePerson } from '../../../../src/core/bibcheck/people';
import { canonicalVenue, isPreprintVenue, isSeriesName, sameVenue } from '../../../../src/core/bibcheck/venues';
import { compareTitles } from '../../../../src/core/bibcheck/titles';
import { differingFields, pagesKey } from '../../../../src/core/bibcheck/compare';
import { judge } from '../../../../src/core/bibcheck/judge';

describe('bibcheck forms: authors', () => {
  it('reads "The Anh Hoang" as a person, not a company', () => {
    assert.deepEqual(readPerson('The Anh Hoang'), { family: 'hoang', given: ['the', 'anh'], written: 'The Anh Hoang' });
  });
  it('drops DBLP homonym numbers and matches initials, accents and Last, First', () => {
    assert.ok(samePerson(readPerson('Lei Liu 0049')!, readPerson('Liu, L.')!));
    assert.ok(samePerson(readPerson('Marek Eli{\\\'a}s')!, readPerson('Marek Eliáš')!));
    assert.ok(samePerson(readPerson('Jan-Willem van de Meent')!, readPerson('van de Meent, Jan-Willem')!));
    assert.ok(!samePerson(readPerson('Lei Liu')!, readPerson('Kai Liu')!), 'other given initial');
    // A family name that is also a particle elsewhere ("du", "de") is still the family name.
    assert.ok(samePerson(readPerson('Z. Du')!, readPerson('Zhiguo Du')!));
    assert.ok(!samePerson(readPerson('Z. Du')!, readPerson('Zhiguo Chen')!));
    assert.equal(readPerson('A. van Dam')!.family, 'dam');
  });
  it('keeps a two-word family name whole: "Dalla Serra, M." is Crossref\'s given "Mauro", family "Dalla Serra"', () => {
    const crossref = readCrossrefWork(JSON.parse(readFileSync(fixturePath('crossref', 'works_10.1038_srep16696_scirep.json'), 'utf8')).message)!;
    const record = recordOfCrossref(crossref);
    assert.equal(record.authors[4], 'Dalla Serra, Mauro');
    assert.equal(crossref.authors[4], 'Mauro Dalla Serra', 'shown as printed');
    const printed = 'Tosatto, L. and Horrocks, M. H. and Dear, A. J. and Knowles, T. P. J. and Dalla Serra, M. and Cremades, N. and others';
    assert.equal(compareAuthors(readAuthorList(printed), readAuthorList(record.authors)).agreement, 'agrees');
    // An authority that writes the name whole-given-first ("Mauro Dalla Serra") splits it at its last word; still the same person.
    assert.ok(samePerson(readPerson('Dalla Serra, M.')!, readPerson('Mauro Dalla Serra')!));
    assert.ok(samePerson(readPerson('M. Dalla Serra')!, readPerson('Dalla Serra, Mauro')!));
    assert.ok(samePerson(readPerson('García Márquez, G.')!, readPerson('Gabriel García Márquez')!));
    assert.ok(!samePerson(readPerson('Dalla Serra, M.')!, readPerson('Mauro Serra')!));
    assert.ok(!samePerson(readPerson('Dalla Serra, M.')!, readPerson('Paolo Dalla Serra')!), 'other given initial');
  });
  it('reads "Yann Le-Cun" (a PDF\'s line-end hyphen: "Le" reads as a particle) as DBLP\'s "Yann LeCun"', () => {
    // Barlow Twins as HALLMARK's typeset PDF prints it: "Le-Cun" was an invented author, a false alarm.
    const dblp = readAuthorList(['Jure Zbontar', 'Li Jing', 'Ishan Misra', 'Yann LeCun', 'Stéphane Deny']);
    assert.equal(compareAuthors(readAuthorList('Jure Zbontar and Li Jing and Ishan Misra and Yann Le-Cun and Stéphane Deny'), dblp).agreement, 'agrees');
    assert.ok(samePerson(readPerson('Le-Cun, Y.')!, readPerson('Yann LeCun')!));
    assert.ok(!samePerson(readPerson('Yann Le-Cun')!, readPerson('Jean LeCun')!), 'other given initial');
  });

  it('takes "and others", "et al." and "and et al" as a list cut short', () => {
    const real = readAuthorList(['Xuezhi Wang', 'Jason Wei', 'Dale Schuurmans', 'Quoc V. Le']);
    for (const cut of ['Xuezhi Wang and Jason Wei and others', 'Xuezhi Wang and Jason Wei and et al', 'Xuezhi Wang et al.']) {
      assert.equal(compareAuthors(readAuthorList(cut), real).agreement, 'agrees', cut);
    }
  });
  it('tells missing, invented and swapped authors apart', () => {
    const real = readAuthorList(['Yining Wang', 'Ruosong Wang', 'Simon Shaolei Du', 'Akshay Krishnamurthy']);
    assert.equal(compareAuthors(readAuthorList('Yining Wang and Akshay Krishnamurthy'), real).agreement, 'missing');
    assert.equal(compareAuthors(readAuthorList('Yining Wang and Ruosong Wang and Simon S. Du and Akshay Krishnamurthy and John Smith'), real).agreement, 'invented');
    assert.equal(compareAuthors(readAuthorList('Petra Silva and Yacouba Ndiaye and Yuki Sato'), real).agreement, 'swapped');
  });
  it('does not judge the other authors when the authority lists only the first (Crossref\'s Lancet records)', () => {
    const wakefield = readAuthorList(['AJ Wakefield']);
    const printed = readAuthorList('A. J. Wakefield and S. H. Murch and A. Anthony and J. Linnell');
    assert.deepEqual(compareAuthors(printed, wakefield), { agreement: 'agrees', matched: 1, unmatched: [], left: [], reordered: false, onlyFirstListed: true });
    // Two names on a one-author work, or another first author, are still judged.
    assert.equal(compareAuthors(readAuthorList('A. J. Wakefield and S. H. Murch'), wakefield).agreement, 'invented');
    // Two names and "et al." (Vancouver's "Wakefield AJ, Murch SH, et al.") are a list of many.
    assert.equal(compareAuthors(readAuthorList('A. J. Wakefield and S. H. Murch and others'), wakefield).agreement, 'agrees');
    assert.equal(compareAuthors(readAuthorList('S. H. Murch and A. J. Wakefield and A. Anthony'), wakefield).agreement, 'swapped');
  });
  it('finds placeholder names, and "et al" standing alone as the author', () => {
    assert.deepEqual(placeholderNames('John Doe and Jane Smith'), ['John Doe']);
    assert.deepEqual(placeholderNames('et al'), ['et al']);
    assert.deepEqual(placeholderNames('Nuo Lou and et al'), []);
    assert.deepEqual(placeholderNames('The Anh Hoang and Lei Liu'), []);
  });
});

describe('bibcheck forms: venues', () => {
  it('matches an abbreviation with the full name as Crossref and DBLP write them', () => {
    assert.ok(sameVenue('CVPR', '2023 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)'));
    assert.ok(sameVenue('AAAI', 'Proceedings of the AAAI Conference on Artificial Intelligence'));
    assert.ok(sameVenue('J. Mach. Learn. Res.', 'Journal of Machine Learning Research'));
    assert.ok(sameVenue('Astrophys. J.', 'The Astrophysical Journal'));
    assert.ok(sameVenue('NeurIPS', 'Advances in Neural Information Processing Systems 34'));
    assert.ok(sameVenue('Mach. Learn.', 'Machine Learning'));
  });
  it("reads a journal's own abbreviation (ApJ, Ap. J., MNRAS, A&A, PRL) as its name", () => {
    for (const short of ['ApJ', 'Ap. J.', '{ApJ}', '\\apj', 'Astrophys. J.', 'Astrophys J']) assert.ok(sameVenue(short, 'The Astrophysical Journal'), short);
    assert.ok(sameVenue('ApJL', 'The Astrophysical Journal Letters'));
    assert.ok(sameVenue('ApJS', 'The Astrophysical Journal Supplement Series'));
    assert.ok(sameVenue('MNRAS', 'Monthly Notices of the Royal Astronomical Society'));
    assert.ok(sameVenue('A\\&A', 'Astronomy &amp; Astrophysics'));
    assert.ok(sameVenue('AJ', 'The Astronomical Journal'));
    assert.ok(sameVenue('PASP', 'Publications of the Astronomical Society of the Pacific'));
    assert.ok(sameVenue('PRL', 'Physical Review Letters'));
    assert.ok(sameVenue('PRD', 'Physical Review D'));
    assert.ok(sameVenue('Phys. Rev. D', 'Physical Review D'));
    assert.ok(sameVenue('Nature Astron.', 'Nature Astronomy'));
    assert.ok(!sameVenue('ApJ', 'Monthly Notices of the Royal Astronomical Society'));
    assert.ok(!sameVenue('PRL', 'Physical Review D'));
    assert.ok(!sameVenue('ApJL', 'The Astrophysical Journal'));
  });
  it('verifies ApJ and Ap. J. against Crossref\'s "The Astrophysical Journal" (no "nonexistent venue")', () => {
    const record = {
      authority: 'crossref' as const, id: '10.1086/307221', preprint: false, year: 1999, doi: '10.1086/307221',
      title: 'Measurements of Ω and Λ from 42 High‐Redshift Supernovae', authors: ['S. Perlmutter', 'G. Aldering'],
      venue: 'The Astrophysical Journal', volume: '517', pages: '565-586',
    };
    const entry = {
      title: 'Measurements of $\\Omega$ and $\\Lambda$ from 42 High-Redshift Supernovae', author: 'Perlmutter, S. and Aldering, G.',
      year: 1999, volume: '517', pages: '565--586', doi: '10.1086/307221',
    };
    for (const venue of ['ApJ', 'Ap. J.']) assert.equal(judge({ ...entry, venue }, record, { viaIdentifier: true }).verdict, 'verified', venue);
    assert.equal(judge({ ...entry, venue: 'ApJQ' }, record, { viaIdentifier: true }).kind, 'nonexistent-venue');
  });
  it('reads a venue written as its capitals (JNER, NEJM, JAMA, BMJ, JACS) as the initials of the full name', () => {
    assert.ok(sameVenue('JNER', 'Journal of NeuroEngineering and Rehabilitation'));
    assert.ok(sameVenue('NEJM', 'New England Journal of Medicine'));
    assert.ok(sameVenue('The New England Journal of Medicine', 'NEJM'));
    assert.ok(sameVenue('JAMA', 'Journal of the American Medical Association'));
    assert.ok(sameVenue('BMJ', 'British Medical Journal'));
    assert.ok(sameVenue('JACS', 'Journal of the American Chemical Society'));
    assert.ok(!sameVenue('JNER', 'Journal of Neural Engineering'), 'other initials');
    assert.ok(!sameVenue('Jner', 'Journal of NeuroEngineering and Rehabilitation'), 'an acronym is written in capitals');
    assert.ok(!sameVenue('NE', 'Neural Engineering'), 'two letters say too little');
  });
  it('keeps different venues apart', () => {
    assert.ok(!sameVenue('ICML', 'ICLR'));
    assert.ok(!sameVenue('CVPR', 'Proceedings of the AAAI Conference on Artificial Intelligence'));
    assert.ok(!sameVenue('Symposium on Neural Scaling Laws', 'ICML'));
    assert.equal(canonicalVenue('Conference on Reward Learning and Alignment'), undefined);
  });
  it('knows a preprint server and a book series when it sees one', () => {
    assert.ok(isPreprintVenue('CoRR') && isPreprintVenue('arXiv preprint arXiv:2205.01068'));
    assert.ok(isSeriesName('Lecture Notes in Computer Science'));
    assert.ok(!isPreprintVenue('ICLR'));
  });
});

describe('bibcheck forms: titles', () => {
  it('reads a publisher\'s "RETRACTED:" title prefix as a notice, not as part of the title (Crossref\'s Lancet record)', () => {
    const entry = 'Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children';
    assert.equal(compareTitles(entry, `RETRACTED: ${entry}`).agreement, 'same');
    assert.equal(compareTitles(entry, 'Ileal-lymphoid-nodular hyperplasia in adults').agreement === 'same', false);
  });
  it('forgives case, braces, LaTeX accents, maths, entities, dashes and DBLP\'s period', () => {
    assert.equal(compareTitles('Measurements of {$\\Omega$} and {$\\Lambda$} from 42 {High-Redshift} Supernovae', 'Measurements of Omega and Lambda from 42 High–Redshift Supernovae.').agreement, 'same');
    assert.equal(compareTitles('Neural Networks&apos; Implicit Priors', "Neural Networks' Implicit Priors").agreement, 'same');
  });
  it('reads a Greek letter the record writes as the maths the .bib writes (the authority\'s own entry is no near miss)', () => {
    const entry = 'Measurements of $\\Omega$ and $\\Lambda$ from 42 High-Redshift Supernovae';
    assert.deepEqual(compareTitles(entry, 'Measurements of Ω and Λ from 42 High‐Redshift Supernovae'), { agreement: 'same', distance: 0, overlap: 1 });
    assert.equal(compareTitles('The $\\alpha$-synuclein oligomers', 'The β-synuclein oligomers').agreement === 'same', false);
  });
  it('calls one or two changed words a near miss, and more another title', () => {
    assert.deepEqual(compareTitles('BiasAdv: Bias-Adversarial Augmentation towards Model Debiasing', 'BiasAdv: Bias-Adversarial Augmentation for Model Debiasing'), { agreement: 'near', distance: 1, overlap: 5 / 6 });
    assert.equal(compareTitles('Uncertainty Quantification in Deep Neural Networks', 'Trans4PASS: Behind Every Domain There is a Shift').agreement, 'other');
  });
});

describe('bibcheck forms: pages', () => {
  it('reads a range as NLM and Vancouver print it ("637-41") in full, and a real difference still differs', () => {
    assert.equal(pagesKey('637-41'), pagesKey('637--641'));
    assert.equal(pagesKey('1693–702'), '1693-1702');
    assert.equal(pagesKey('{e0197348}'), 'e0197348');
    assert.notEqual(pagesKey('637-45'), pagesKey('637-641'));
    assert.deepEqual(differingFields({ pages: '637--41' }, { pages: '637-641' }), {});
    assert.deepEqual(Object.keys(differingFields({ pages: '637--45' }, { pages: '637-641' })), ['pages']);
  });

  it("reads DBLP's pages of a numbered article (\"159:1-159:39\") as the pages JMLR prints (24(159):1–39)", () => {
    // DBLP's record of Ganguly, Mitra and Zhou, JMLR 2023 (HALLMARK's pool): "could correct pages (1--39 → 159:1-159:39)" before.
    assert.deepEqual(differingFields({ pages: '1--39' }, { pages: '159:1-159:39' }), {});
    assert.deepEqual(Object.keys(differingFields({ pages: '1--38' }, { pages: '159:1-159:39' })), ['pages']);
    assert.equal(pagesKey('12:1-13:5'), '12:1-13:5', 'two article numbers are no one article');
  });

  it("agrees with a record that holds the first page only when the entry's range starts there, and not otherwise", () => {
    // Crossref's record of the Lancet paper, as it is for the works whose deposit names the first page alone ("page": "637").
    const lancet = readCrossrefWork(JSON.parse(readFileSync(fixturePath('crossref', 'works_10.1016_s0140-6736-97-11096-0_retracted_updated-by.json'), 'utf8')).message)!;
    const record = { ...recordOfCrossref(lancet), pages: '637' };
    const entry = {
      title: 'Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children',
      author: 'Wakefield, A. J. and others', year: 1998, venue: 'Lancet', volume: '351', pages: '637--41', doi: '10.1016/S0140-6736(97)11096-0',
    };
    const verdict = judge(entry, record, { viaIdentifier: true });
    assert.equal(verdict.verdict, 'verified', verdict.message);
    assert.equal(verdict.evidence.find((e) => e.field === 'pages')?.note, 'the first page');
    assert.deepEqual(judge({ ...entry, pages: '638--41' }, record, { viaIdentifier: true }).fixable, ['pages']);
  });
});

describe('bibcheck forms: volume', () => {
  // Crossref's record of Gödel 1931 (test/fixtures/crossref/doi-cn-2019_10.1007_BF01700692_unicode.bib): volume "38-38".
  const record = {
    authority: 'crossref' as const, id: '10.1007/bf01700692', preprint: false, year: 1931, doi: '10.1007/bf01700692',
    title: 'Über formal unentscheidbare Sätze der Principia Mathematica und verwandter Systeme I',
    authors: ['Kurt Gödel'], venue: 'Monatshefte für Mathematik und Physik', volume: '38-38', pages: '173-198',
  };
  const entry = {
    title: '{\\"U}ber formal unentscheidbare S{\\"a}tze der {P}rincipia {M}athematica und verwandter {S}ysteme {I}',
    author: 'Kurt G{\\"o}del', year: 1931, venue: 'Monatshefte f{\\"u}r Mathematik und Physik',
    volume: '38', pages: '173--98', doi: '10.1007/BF01700692',
  };

  it('reads a degenerate range "38-38" as volume 38: a correct volume is no fix', () => {
    const verdict = judge(entry, record, { viaIdentifier: true });
    assert.equal(verdict.verdict, 'verified', verdict.message);
    assert.deepEqual(differingFields({ volume: '38' }, { volume: '38-38' }), {});
  });

  it('still offers a volume that really differs, and a range of two volumes is not one of them', () => {
    assert.deepEqual(judge({ ...entry, volume: '39' }, record, { viaIdentifier: true }).fixable, ['volume']);
    assert.deepEqual(judge(entry, { ...record, volume: '38-39' }, { viaIdentifier: true }).fixable, ['volume']);
  });
});
