// What a .bib writer's shorthand means to BibTeX, read the same way by the check: @string
// abbreviations (across the project's files, as `\bibliography{abbrev,refs}` reads them), a
// `crossref` parent's fields, and a team among the authors. --write leaves the shorthand as written.
import assert from 'node:assert/strict';
import { readBibEntries, withCrossrefFields } from '../../../../src/core/bibtex/entries';
import { compareAuthors, readAuthorList, readPerson, samePerson } from '../../../../src/core/bibcheck/people';
import { fieldUpdateEdits } from '../../../../src/core/bibcheck/apply';
import { applyEdits } from '../../../../src/core/manuscript/insertPlan';

const ABBREVIATIONS = '@string{apj = "The Astrophysical Journal"}\n@STRING{ aj = {The Astronomical Journal} }\n@string{broken = {never closed}\n';
const REFS = `@preamble{"\\newcommand{\\noopsort}[1]{}"}
@article{perlmutter1999,
  author = {Perlmutter, S. and Aldering, G. and {Supernova Cosmology Project}},
  title = {Measurements of {$\\Omega$} and {$\\Lambda$} from 42 High-Redshift Supernovae},
  journal = apj,
  year = 1999,
  volume = {517},
  note = aj # { and } # "more"
}
@inproceedings{child,
  crossref = {Parent},
  title = {A Study in the Proceedings},
  author = {M{\\"u}ller, J{\\"o}rg},
  pages = {1--10}
}
@proceedings{parent,
  title = {Proceedings of the 2020 Conference},
  year = {2020},
  publisher = {ACM},
  doi = {10.1145/0000000}
}
`;

describe('a .bib writer\'s shorthand, as BibTeX reads it', () => {
  it('expands @string abbreviations, a concatenation\'s parts, and those of a file read before', () => {
    const alone = readBibEntries('refs.bib', REFS);
    assert.equal(alone.entries[0]!.fields.journal, 'apj', 'no definition: kept as written');
    const abbrev = readBibEntries('abbrev.bib', ABBREVIATIONS);
    assert.deepEqual(abbrev.entries, []);
    const refs = readBibEntries('refs.bib', REFS, abbrev.strings);
    assert.equal(refs.entries[0]!.fields.journal, 'The Astrophysical Journal');
    assert.equal(refs.entries[0]!.fields.note, 'The Astronomical Journal and more');
    assert.equal(refs.entries[0]!.fields.year, '1999');
    assert.equal(refs.strings.get('broken'), undefined, 'a broken @string defines nothing');
  });

  it('gives a crossref child its parent\'s year, publisher and title as booktitle, never its DOI or title', () => {
    const [child] = withCrossrefFields(readBibEntries('refs.bib', REFS).entries).filter((e) => e.key === 'child');
    assert.equal(child!.fields.booktitle, 'Proceedings of the 2020 Conference');
    assert.equal(child!.fields.year, '2020');
    assert.equal(child!.fields.publisher, 'ACM');
    assert.equal(child!.fields.title, 'A Study in the Proceedings');
    assert.equal(child!.fields.doi, undefined);
  });

  it('matches a team without its "The", and a team only by its whole name', () => {
    const crossref = readAuthorList(['S. Perlmutter', 'G. Aldering', 'The Supernova Cosmology Project']);
    const entry = readAuthorList('Perlmutter, S. and Aldering, G. and {Supernova Cosmology Project}');
    assert.equal(compareAuthors(entry, crossref).agreement, 'agrees');
    assert.ok(!samePerson(readPerson('{Supernova Cosmology Project}')!, readPerson('The Sloan Digital Sky Survey Project')!));
    assert.ok(!samePerson(readPerson('The Anh Hoang')!, readPerson('Anh Hoang')!), 'a person\'s "The" is a name');
  });

  it('--write leaves a value written with an abbreviation as it is, and replaces a bare number', () => {
    const entry = REFS.slice(REFS.indexOf('@article'), REFS.indexOf('@inproceedings')).trimEnd();
    const edits = fieldUpdateEdits(entry, 0, { journal: 'apj', year: '1999' }, { journal: 'Astrophys. J.', year: '1998' }, ['venue', 'year']);
    const applied = edits.map((e) => entry.slice(e.offset, e.offset + e.deleteLength) + ' → ' + e.insert);
    assert.deepEqual(applied, ['1999 → {1998}']);
  });

  it('--write replaces a bare number in an entry written in ( … ), and leaves the ) that closes it', () => {
    const entry = '@Article(knuth1984,\n  author = "Donald E. Knuth",\n  title = "Literate Programming",\n  volume = 27,\n  year = 1983)';
    const edits = fieldUpdateEdits(entry, 0, { year: '1983', volume: '27' }, { year: '1984', volume: '27' }, ['year']);
    assert.equal(applyEdits(entry, edits), entry.replace('year = 1983)', 'year = {1984})'));
  });

  it('--write replaces a quoted value with an accent in braces whole: the quote inside {\\"a} does not end it', () => {
    const entry = '@article{tosatto2015,\n  author  = "Horrocks, M. H. and Crem{\\"a}des, Nunilo",\n  year    = "2015"\n}';
    const edits = fieldUpdateEdits(entry, 0, { author: 'Horrocks, M. H. and Crem{\\"a}des, Nunilo' }, { author: 'Crem{\\"a}des, Nunilo and Horrocks, M. H.' }, ['author']);
    assert.equal(
      applyEdits(entry, edits),
      '@article{tosatto2015,\n  author  = {Crem{\\"a}des, Nunilo and Horrocks, M. H.},\n  year    = "2015"\n}',
    );
  });

  it('--write finds the fields after a quoted value with a } that closes no {, as the check reads them', () => {
    const entry = '@article{tosatto2015,\n  title = "Single-molecule {FRET}} studies",\n  year = {2014}\n}';
    const edits = fieldUpdateEdits(entry, 0, { year: '2014' }, { year: '2015' }, ['year']);
    assert.equal(applyEdits(entry, edits), entry.replace('{2014}', '{2015}'));
  });

  it('--write adds a field the writer commented out with %, as the check reads it: missing', () => {
    const entry = '@article{perlmutter1999,\n  title = {Measurements of Omega},\n  % doi = {10.1086/307221x},\n  %year = {1998},\n  journal = {ApJ}\n}';
    const edits = fieldUpdateEdits(entry, 0, { journal: 'ApJ' }, { doi: '10.1086/307221', year: '1999' }, ['doi', 'year']);
    assert.equal(applyEdits(entry, edits), entry.replace('{ApJ}\n}', '{ApJ},\n  doi = {10.1086/307221},\n  year = {1999}\n}'));
  });

  it('--write changes a field, never the same words inside another field\'s value (an abstract, a note)', () => {
    const entry = [
      '@article{obs2019,',
      '  abstract = {Cohort study (n = 120, year = 2019 of enrolment); {pages = 4} of forms.},',
      '  note = "see year = 2018",',
      '  title = {Observations},',
      '  year = {2018},',
      '  pages = {1--3}',
      '}',
    ].join('\n');
    const edits = fieldUpdateEdits(entry, 0, { year: '2018', pages: '1--3' }, { year: '2019', pages: '10--13' }, ['year', 'pages']);
    assert.equal(applyEdits(entry, edits), entry.replace('year = {2018}', 'year = {2019}').replace('{1--3}', '{10--13}'));
  });
});
