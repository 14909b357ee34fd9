import { readableEntry } from '../../../../src/core/bibtex/layout';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  appendEntryEdit,
  decideBibUpdate,
  indexBibFile,
  type NewWork,
} from '../../../../src/core/manuscript/bibUpdate';
import { rewriteCiteKey } from '../../../../src/core/bibtex/citeKey';

const fixture = (name: string): string =>
  readFileSync(path.resolve('test/fixtures/bibtex', name), 'utf8');

const PERLMUTTER = fixture('doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib');
const VALERO = fixture('doi-cn-2019_10.1186_s12984-017-0305-3_jner.bib');
const FRANK = fixture('crossref-cn_10.1126_science.169.3946.635.bib');
const HERGER_PREPRINT = fixture('crossref-transform_10.1101_2024.04.01.587366_biorxiv-preprint.bib');
const HERGER_ARTICLE = fixture('crossref-transform_10.1016_j.xgen.2025.100814_cell-genomics.bib');

/** A user's hand-written .bib: real authority entries plus an arXiv entry with eprint fields. */
const USER_BIB = `${PERLMUTTER}\n\n@misc{valero2017arxiv,
  title = {On neuromechanical approaches for the study of biological and robotic grasp and manipulation},
  author = {Valero-Cuevas, Francisco J. and Santello, Marco},
  year = {2017},
  eprint = {1710.08557v1},
  archivePrefix = {arXiv},
}\n`;

function work(bibtex: string, key: string, extra: Partial<NewWork> = {}): NewWork {
  return { bibtex: rewriteCiteKey(bibtex, key), key, ...extra };
}

describe('.bib update decisions', () => {
  it('indexes real entries with their DOI and arXiv id', () => {
    const index = indexBibFile(USER_BIB, 'refs.bib');
    assert.deepEqual(
      index.map((e) => [e.key, e.doi, e.arxivId, e.file]),
      [
        ['Perlmutter_1999', '10.1086/307221', undefined, 'refs.bib'],
        ['valero2017arxiv', undefined, '1710.08557', 'refs.bib'],
      ],
    );
  });

  it('reuses the existing key for the same DOI and adds nothing', () => {
    const decision = decideBibUpdate(
      indexBibFile(USER_BIB, 'refs.bib'),
      work(PERLMUTTER, 'perlmutter1999measurements', { doi: '10.1086/307221', arxivId: 'astro-ph/9812133' }),
    );
    assert.deepEqual(decision, { action: 'reuse', key: 'Perlmutter_1999', file: 'refs.bib' });
  });

  it('reuses the existing key for the same arXiv id (versions ignored)', () => {
    const decision = decideBibUpdate(indexBibFile(USER_BIB), {
      bibtex: '@misc{valerocuevas2017neuromechanical, title={x}}',
      key: 'valerocuevas2017neuromechanical',
      arxivId: '1710.08557',
    });
    assert.deepEqual(decision, { action: 'reuse', key: 'valero2017arxiv', file: undefined });
  });

  it('treats an entry for the journal version as the same work', () => {
    const existing = indexBibFile(HERGER_ARTICLE);
    const preprint = work(HERGER_PREPRINT, 'herger2024highthroughput', {
      doi: '10.1101/2024.04.01.587366',
      publishedDoi: '10.1016/j.xgen.2025.100814',
    });
    assert.deepEqual(decideBibUpdate(existing, preprint), { action: 'reuse', key: 'Herger_2025', file: undefined });
  });

  it('reuses a key already there when nothing says it is a different work', () => {
    const existing = indexBibFile(rewriteCiteKey(FRANK, 'frank1970structure'));
    const decision = decideBibUpdate(existing, { bibtex: FRANK, key: 'frank1970structure' });
    assert.equal(decision.action, 'reuse');
  });

  it('reads a title in LaTeX accents and one in Unicode as the same work', () => {
    const existing = indexBibFile('@article{godel1931, title = {{\\"U}ber formal unentscheidbare S{\\"a}tze: G{\\"o}del numbering}}');
    const decision = decideBibUpdate(existing, {
      bibtex: '@article{godel1931, title = {Über formal unentscheidbare Sätze: Gödel numbering}}',
      key: 'godel1931',
      title: 'Über formal unentscheidbare Sätze: Gödel numbering',
    });
    assert.deepEqual(decision, { action: 'reuse', key: 'godel1931', file: undefined });
  });

  it('reuses an entry without a DOI that has the work\'s title: a preprint\'s, or one typed by hand', () => {
    const title = 'On neuromechanical approaches for the study of biological and robotic grasp and manipulation';
    const journal = work(VALERO, 'valerocuevas2017', { doi: '10.1186/s12984-017-0305-3', title });
    assert.deepEqual(decideBibUpdate(indexBibFile(USER_BIB), journal), { action: 'reuse', key: 'valero2017arxiv', file: undefined });
    const typed = indexBibFile(`@article{vc2017, title={On Neuromechanical Approaches for the Study of Biological and Robotic Grasp and Manipulation}, year=2017}`);
    assert.equal(decideBibUpdate(typed, journal).action, 'reuse');
    // A title too short to identify anything, or an entry whose DOI is another work's, is no reason.
    const editorial = work(FRANK, 'frank1970', { doi: '10.1126/science.169.3946.635', title: 'Editorial' });
    assert.equal(decideBibUpdate(indexBibFile('@article{ed, title={Editorial}}'), editorial).action, 'append');
    const other = indexBibFile(`@article{other, title={${title}}, doi={10.1000/another}}`);
    assert.equal(decideBibUpdate(other, journal).action, 'append');
  });

  it('adds a suffix when the key is taken by a different work, rewriting only the key', () => {
    const existing = indexBibFile(rewriteCiteKey(HERGER_ARTICLE, 'herger2024'));
    const preprint = work(HERGER_PREPRINT, 'herger2024', { doi: '10.1101/2024.04.01.587366' });
    const decision = decideBibUpdate(existing, preprint);
    assert.equal(decision.action, 'append');
    assert.equal(decision.key, 'herger2024a');
    assert.equal(decision.action === 'append' && decision.entry, rewriteCiteKey(HERGER_PREPRINT, 'herger2024a'));
  });

  it('skips suffixes already taken, case-insensitively', () => {
    const bib = [
      rewriteCiteKey(PERLMUTTER, 'smith2020'),
      rewriteCiteKey(VALERO, 'Smith2020a'),
    ].join('\n');
    const decision = decideBibUpdate(indexBibFile(bib), work(FRANK, 'smith2020', { doi: '10.1126/science.169.3946.635' }));
    assert.equal(decision.key, 'smith2020b');
  });

  it('appends a new work under its own key, byte for byte', () => {
    const decision = decideBibUpdate(indexBibFile(USER_BIB), work(FRANK, 'frank1970structure'));
    assert.deepEqual(decision, { action: 'append', key: 'frank1970structure', entry: rewriteCiteKey(FRANK, 'frank1970structure') });
  });

  it('still reads the keys of a file with a syntax error', () => {
    const broken = `${VALERO}\n@article{broken, title = {unclosed\n\n${FRANK}`;
    const keys = indexBibFile(broken).map((e) => e.key);
    assert.ok(keys.includes('Valero_Cuevas_2017'));
    assert.ok(keys.includes('Frank_1970'));
    assert.ok(keys.includes('broken'));
  });

  it('reuses an entry written after text on its line or indented, also in a file with a syntax error', () => {
    // BibTeX reads an `@type{` anywhere outside an entry: the text before it is a comment to it.
    const indented = FRANK.replace(/^@/, '    @');
    const afterText = `Grasping, see also: ${VALERO}`;
    for (const text of [`${afterText}\n${indented}`, `${afterText}\n${indented}\n@article{broken, title = {unclosed\n`]) {
      const reused = (doi: string, key: string) => {
        const { action, key: chosen } = decideBibUpdate(indexBibFile(text), work(VALERO, key, { doi }));
        return `${action} ${chosen}`;
      };
      assert.equal(reused('10.1186/s12984-017-0305-3', 'valero'), 'reuse Valero_Cuevas_2017');
      assert.equal(reused('10.1126/science.169.3946.635', 'frank'), 'reuse Frank_1970');
    }
  });

});

describe('.bib append', () => {
  it('keeps every existing byte and separates the new entry by a blank line', () => {
    const entry = rewriteCiteKey(FRANK, 'frank1970structure');
    for (const existing of [USER_BIB, VALERO, '']) {
      const edit = appendEntryEdit(existing, entry);
      const after = existing.slice(0, edit.offset) + edit.insert + existing.slice(edit.offset);
      assert.equal(after.slice(0, existing.length), existing);
      assert.equal(edit.offset, existing.length);
      // The new entry laid out one field per line (src/core/bibtex/layout.ts).
      assert.ok(after.endsWith(readableEntry(entry.trim()) + '\n'));
      if (existing) assert.match(after.slice(existing.length - 1), /^(\}\n\n|\n\n)/);
      assert.equal(indexBibFile(after).length, indexBibFile(existing).length + 1);
    }
  });
});
