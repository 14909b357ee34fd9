// A .bib written by Zotero's Better BibTeX is recognised (its next export would overwrite what
// citefinder appends); authority BibTeX and files other tools write are not.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { detectBetterBibtexExport } from '../../../../src/core/bibtex/autoExport';
import { fixturePath } from '../../../standin/server';

const bibFile = (name: string): string => readFileSync(fixturePath('bib-files', name), 'utf8');

describe('Better BibTeX auto-export detection', () => {
  it('recognises real Better BibTeX and Better BibLaTeX exports by their layout', () => {
    for (const name of ['better-bibtex_auto-export-after.biblatex.bib', 'better-bibtex_veryshorttitle-compound-words-551.bibtex.bib']) {
      const found = detectBetterBibtexExport(bibFile(name));
      assert.ok(found, name);
      assert.match(found.evidence, /layout Better BibTeX writes/);
    }
  });

  it('honours a header comment that names Better BibTeX or Zotero', () => {
    const found = detectBetterBibtexExport('% Exported by Better BibLaTeX for Zotero — do not edit\n\n@article{a, title={T}}\n');
    assert.match(found?.evidence ?? '', /header comment/);
    assert.ok(detectBetterBibtexExport('@comment{Auto-exported from Zotero}\n@book{b, title = {B}}\n'));
  });

  it("no longer matches once another tool's entry is appended (the user's answer is remembered instead)", () => {
    const bbt = bibFile('better-bibtex_veryshorttitle-compound-words-551.bibtex.bib');
    const appended = bbt + '\n@article{Perlmutter_1999, title={Measurements of Omega}, year={1999}}\n';
    assert.equal(detectBetterBibtexExport(appended), undefined);
  });

  it('does not mistake authority BibTeX (doi.org, Crossref) for an export', () => {
    for (const name of readdirSync(fixturePath('bibtex')).filter((f) => f.endsWith('.bib'))) {
      assert.equal(detectBetterBibtexExport(readFileSync(fixturePath('bibtex', name), 'utf8')), undefined, name);
    }
  });

  it('does not mistake the layouts of JabRef, Zotero, Google Scholar or a hand-written file', () => {
    const others = {
      jabref: '% Encoding: UTF-8\n\n@Article{Smith2020,\n  author  = {Smith, A.},\n  title   = {A title},\n  urldate = {2020-01-01},\n}\n\n@Comment{jabref-meta: databaseType:bibtex;}\n',
      zotero: '\n@article{smith_title_2020,\n\ttitle = {A title},\n\turldate = {2020-01-01},\n\tauthor = {Smith, A.}\n}\n',
      scholar: '@article{smith2020title,\n  title={A title},\n  author={Smith, A.},\n  year={2020}\n}\n',
      hand: '@article{smith2020,\n  author = {Smith, A.},\n  title  = {A title},\n  year   = 2020\n}\n',
      plain: '@article{smith2020,\n  author = {Smith, A.},\n  title = {A title},\n  year = 2020\n}\n',
    };
    for (const [tool, text] of Object.entries(others)) assert.equal(detectBetterBibtexExport(text), undefined, tool);
    assert.equal(detectBetterBibtexExport(''), undefined);
  });
});
