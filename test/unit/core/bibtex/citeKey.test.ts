import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import {
  BibtexParseError,
  citeKeyFieldsFromBibtex,
  isLegalCiteKey,
  makeCiteKey,
  readBibFields,
  rewriteCiteKey,
  splitBibtexAuthors,
} from '../../../../src/core/bibtex/citeKey';
import { familyName } from '../../../../src/core/identity/names';

/** Every authority BibTeX fixture with the key the authority gave it and the key we derive. */
const FIXTURES: Record<string, { authorityKey: string; ourKey: string }> = {
  'crossref-cn_10.1126_science.169.3946.635.bib': { authorityKey: 'Frank_1970', ourKey: 'frank1970structure' },
  'crossref-transform_10.1016_j.xgen.2025.100814_cell-genomics.bib': {
    authorityKey: 'Herger_2025',
    ourKey: 'herger2025highthroughput',
  },
  'crossref-transform_10.1101_2024.04.01.587366_biorxiv-preprint.bib': {
    authorityKey: 'Herger_2024',
    ourKey: 'herger2024highthroughput',
  },
  'doi-cn-2019_10.1007_BF01700692_unicode.bib': { authorityKey: 'G_del_1931', ourKey: 'godel1931formal' },
  'doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib': {
    authorityKey: 'Perlmutter_1999',
    ourKey: 'perlmutter1999measurements',
  },
  'doi-cn-2019_10.1186_s12984-017-0305-3_jner.bib': {
    authorityKey: 'Valero_Cuevas_2017',
    ourKey: 'valerocuevas2017neuromechanical',
  },
};

const NO_FALLBACK = { authors: [], title: '' };

function fixtureBytes(name: string): Buffer {
  return readFileSync(fixturePath('bibtex', name));
}

describe('rewriteCiteKey on authority BibTeX', () => {
  it('covers every .bib fixture', () => {
    const files = readdirSync(fixturePath('bibtex')).filter((f) => f.endsWith('.bib')).sort();
    assert.deepEqual(files, Object.keys(FIXTURES).sort());
  });

  for (const [file, { authorityKey, ourKey }] of Object.entries(FIXTURES)) {
    it(`changes only the key bytes of ${file}`, () => {
      const original = fixtureBytes(file);
      const rewritten = Buffer.from(rewriteCiteKey(original.toString('utf8'), ourKey), 'utf8');
      // Locate the key in the raw bytes independently of the code under test.
      const keyAt = original.indexOf('{' + authorityKey + ',') + 1;
      assert.ok(keyAt > 0, 'authority key found in fixture');
      const expected = Buffer.concat([
        original.subarray(0, keyAt),
        Buffer.from(ourKey),
        original.subarray(keyAt + Buffer.byteLength(authorityKey)),
      ]);
      assert.equal(Buffer.compare(rewritten, expected), 0, 'byte-for-byte except the key');
    });

    it(`derives ${ourKey} from the fields of ${file}`, () => {
      const entry = readBibFields(fixtureBytes(file).toString('utf8'));
      assert.equal(entry.key, authorityKey);
      assert.equal(makeCiteKey(citeKeyFieldsFromBibtex(entry, NO_FALLBACK), 'authorYearWord'), ourKey);
    });
  }

  it('keeps the leading space and the trailing newline of Crossref one-line output', () => {
    const text = fixtureBytes('crossref-cn_10.1126_science.169.3946.635.bib').toString('utf8');
    const out = rewriteCiteKey(text, 'frank1970structure');
    assert.ok(out.startsWith(' @article{frank1970structure, title={The Structure'));
    assert.ok(out.endsWith('pages={635\u2013641} }\n'));
  });

  it('keeps tabs, raw UTF-8 and %2F of the older doi.org style', () => {
    const text = fixtureBytes('doi-cn-2019_10.1007_BF01700692_unicode.bib').toString('utf8');
    const out = rewriteCiteKey(text, 'godel1931formal');
    assert.ok(out.includes('\turl = {https://doi.org/10.1007%2Fbf01700692},\n'));
    assert.ok(out.includes('\tauthor = {Kurt Gödel},'));
    assert.ok(out.includes('{Über formal unentscheidbare Sätze'));
  });

  it('is idempotent and reversible', () => {
    const text = fixtureBytes('doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib').toString('utf8');
    const once = rewriteCiteKey(text, 'perlmutter1999measurements');
    assert.equal(rewriteCiteKey(once, 'perlmutter1999measurements'), once);
    assert.equal(rewriteCiteKey(once, 'Perlmutter_1999'), text);
  });

  it('rewrites the first entry only, after @comment/@string, keeping CRLF and parentheses', () => {
    const text = '@comment{x}\r\n@string{ieee = "IEEE"}\r\n@Misc( old ,\r\n title = {A}, publisher = ieee)\r\n@misc{second, title={B}}\r\n';
    const out = rewriteCiteKey(text, 'new2020a');
    assert.equal(out, text.replace('( old ,', '( new2020a ,'));
  });

  it('fills in an empty key', () => {
    assert.equal(rewriteCiteKey('@article{, title={X}}', 'x2020'), '@article{x2020, title={X}}');
  });

  it('fails clearly when there is no entry', () => {
    const html = fixtureBytes('doi-org_302_handle-redirect_10.1126_science.169.3946.635.html').toString('utf8');
    assert.throws(() => rewriteCiteKey(html, 'k2020'), BibtexParseError);
    assert.throws(() => rewriteCiteKey('', 'k2020'), /No BibTeX entry/);
    assert.throws(() => rewriteCiteKey('@article{k, title={unterminated', 'k2020'), BibtexParseError);
  });

  it('refuses keys BibTeX cannot take, DOIs included', () => {
    const text = fixtureBytes('crossref-cn_10.1126_science.169.3946.635.bib').toString('utf8');
    for (const bad of ['', 'a b', 'a,b', 'a{b', '10.1126/science.169.3946.635', 'x%y']) {
      assert.equal(isLegalCiteKey(bad), false, bad);
      assert.throws(() => rewriteCiteKey(text, bad), BibtexParseError);
    }
  });
});

describe('readBibFields', () => {
  it('reads doi, url, author, title and year with names lower-cased', () => {
    const entry = readBibFields(fixtureBytes('doi-cn-2019_10.1186_s12984-017-0305-3_jner.bib').toString('utf8'));
    assert.equal(entry.type, 'article');
    assert.equal(entry.fields.doi, '10.1186/s12984-017-0305-3');
    assert.equal(entry.fields.url, 'https://doi.org/10.1186%2Fs12984-017-0305-3');
    assert.equal(entry.fields.year, '2017');
    assert.equal(entry.fields.journal, 'Journal of {NeuroEngineering} and Rehabilitation');
    const crossref = readBibFields(fixtureBytes('crossref-cn_10.1126_science.169.3946.635.bib').toString('utf8'));
    assert.equal(crossref.fields.doi, '10.1126/science.169.3946.635'); // written DOI={...}
    assert.equal(crossref.fields.month, 'Aug'); // a bare macro
  });

  it('reads eprint fields and concatenations', () => {
    const entry = readBibFields('@misc{k, eprint = {1706.03762}, archivePrefix = "arXiv", note = "a" # {b}}');
    assert.equal(entry.fields.eprint, '1706.03762');
    assert.equal(entry.fields.archiveprefix, 'arXiv');
    assert.equal(entry.fields.note, 'ab');
  });
});

describe('makeCiteKey', () => {
  const vaswani = { authors: ['Ashish Vaswani', 'Noam Shazeer'], year: 2017, title: 'Attention Is All You Need' };

  it('renders each style', () => {
    assert.equal(makeCiteKey(vaswani, 'authorYearWord'), 'vaswani2017attention');
    assert.equal(makeCiteKey(vaswani, 'authorYear'), 'vaswani2017');
    assert.equal(makeCiteKey(vaswani, 'authorWordYear'), 'vaswaniattention2017');
    assert.equal(makeCiteKey(vaswani, 'authorYearShort'), 'vaswani17');
    assert.equal(makeCiteKey({ ...vaswani, year: 2005 }, 'authorYearShort'), 'vaswani05');
  });

  it('is the same whatever the author name format', () => {
    for (const name of ['Ashish Vaswani', 'Vaswani, Ashish', 'Vaswani A', '{Vaswani}, A.', 'A. Vaswani']) {
      assert.equal(makeCiteKey({ ...vaswani, authors: [name] }, 'authorYearWord'), 'vaswani2017attention', name);
    }
  });

  it('transliterates Unicode and LaTeX accents to ASCII', () => {
    const cases: [string, string][] = [
      ['Kurt Gödel', 'godel'],
      ['G{\\"o}del, Kurt', 'godel'],
      ['Kurt G\\"{o}del', 'godel'],
      ['Paul Erd\\H{o}s', 'erdos'],
      ['J. {\\O}stergaard', 'ostergaard'],
      ['Łukasz Kaiser', 'kaiser'],
      ['Stanisław Łojasiewicz', 'lojasiewicz'],
      ['José Muñoz-García', 'munozgarcia'],
      ['Dvořák, Antonín', 'dvorak'],
      ['Jürgen Schmidhuber', 'schmidhuber'],
      ['Thomas Straße', 'strasse'],
    ];
    for (const [name, family] of cases) {
      const key = makeCiteKey({ authors: [name], year: 2000, title: 'Über die Theorie' }, 'authorYearWord');
      assert.equal(key, `${family}2000theorie`, name);
      assert.match(key, /^[a-z0-9]+$/);
    }
  });

  it('keeps name particles as part of the family name, in both name orders', () => {
    const key = (name: string) => makeCiteKey({ authors: [name], year: 2008, title: 'Visualizing Data using t-SNE' }, 'authorYearWord');
    assert.equal(key('Laurens van der Maaten'), 'vandermaaten2008visualizing');
    assert.equal(key('van der Maaten, Laurens'), 'vandermaaten2008visualizing');
    assert.equal(key('Louis de Broglie'), 'debroglie2008visualizing');
    assert.equal(key('Martin Luther King Jr.'), 'king2008visualizing');
    assert.equal(key('Jean-Pierre Serre'), 'serre2008visualizing');
  });

  it('skips function words and numbers for the title word, and math', () => {
    const key = (title: string) => makeCiteKey({ authors: ['Ada Lovelace'], year: 1843, title }, 'authorYearWord');
    assert.equal(key('On the Origin of Species'), 'lovelace1843origin');
    assert.equal(key('A $\\Lambda$CDM test of 42 supernovae'), 'lovelace1843cdm');
    assert.equal(key('Measurements of $\\{upOmega}$ and $\\{upLambda}$ from 42 High-Redshift Supernovae'), 'lovelace1843measurements');
    assert.equal(key('The {BERT} model'), 'lovelace1843bert');
    assert.equal(key(''), 'lovelace1843');
  });

  it('handles corporate, missing and non-Latin authors and a missing year', () => {
    assert.equal(makeCiteKey({ authors: ['{World Health Organization}'], year: 2020, title: 'Report' }, 'authorYear'), 'world2020');
    assert.equal(makeCiteKey({ authors: ['The Supernova Cosmology Project'], year: 1999, title: 'x' }, 'authorYear'), 'supernova1999');
    assert.equal(makeCiteKey({ authors: [], title: 'Deep Learning' }, 'authorYearWord'), 'anonnddeep');
    assert.equal(makeCiteKey({ authors: ['李明'], year: 2021, title: 'Deep Learning' }, 'authorYearWord'), 'anon2021deep');
    assert.equal(makeCiteKey({ authors: ['Yann LeCun'], title: 'Deep learning' }, 'authorYearShort'), 'lecunnd');
  });

  it('never yields an illegal key', () => {
    const titles = ['10.1126/science.169.3946.635', '{\\"U}ber {"}quotes{"}, commas & #hash', '%%%', ''];
    for (const title of titles) {
      const key = makeCiteKey({ authors: ['O\'Brien, Conan'], year: 2001, title }, 'authorYearWord');
      assert.ok(isLegalCiteKey(key), key);
      assert.match(key, /^obrien2001[a-z0-9]*$/);
    }
  });
});

describe('names', () => {
  it('splits BibTeX author lists on top-level "and" only', () => {
    assert.deepEqual(splitBibtexAuthors('Frank, Henry S.'), ['Frank, Henry S.']);
    assert.deepEqual(splitBibtexAuthors('A. Smith and {Barnes and Noble} and C. Jones'), [
      'A. Smith',
      '{Barnes and Noble}',
      'C. Jones',
    ]);
    const perlmutter = readBibFields(
      fixtureBytes('doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib').toString('utf8'),
    );
    const authors = splitBibtexAuthors(perlmutter.fields.author);
    assert.equal(authors.length, 33);
    assert.equal(authors[32], 'The Supernova Cosmology Project');
    assert.equal(familyName(authors[0]), 'perlmutter');
  });

});
