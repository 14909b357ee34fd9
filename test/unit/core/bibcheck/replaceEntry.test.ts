// "Replace with the authority's entry" rewrites that entry only (key, type and the user's other
// fields kept), and every other byte of the .bib stays.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { authorityEntryText, replaceEntryEdit } from '../../../../src/core/bibcheck/replaceEntry';
import type { BibCheckEntry } from '../../../../src/core/bibcheck';
import { applyEdits } from '../../../../src/core/manuscript/insertPlan';

const FILE = '/p/user.bib';
const TEXT = readFileSync(fixturePath('bibcheck', 'user.bib'), 'utf8');

function checked(key: string, authority: Record<string, string>): BibCheckEntry {
  const line = TEXT.split('\n').findIndex((l) => l.includes(`{${key},`));
  return { key, file: FILE, line, status: 'differs', fields: {}, message: '', authority, verdict: { verdict: 'mismatch', kind: 'wrong-year', confidence: 0.9, evidence: [], searched: [], message: '' } };
}

describe('bibcheck: replace an entry with the authority\'s', () => {
  it('keeps the key, the entry type and the user\'s other fields; the rest of the file stays byte for byte', () => {
    const edit = replaceEntryEdit(FILE, TEXT, checked('perlmutter1999', { title: 'Measurements of Omega and Lambda from 42 High-Redshift Supernovae', author: 'S. Perlmutter and G. Aldering', year: '1999', journal: 'The Astrophysical Journal', doi: '10.1086/307221' }))!;
    const after = applyEdits(TEXT, [edit]);
    const start = TEXT.indexOf('@article{perlmutter1999');
    const end = TEXT.indexOf('@article{valerocuevas2017');
    assert.equal(after.slice(0, start), TEXT.slice(0, start));
    assert.ok(after.endsWith(TEXT.slice(end)), 'every entry after it is untouched');
    const entry = after.slice(start, after.indexOf('@article{valerocuevas2017'));
    assert.match(entry, /^@article\{perlmutter1999,\n {2}author +=/);
    assert.match(entry, /year +\= \{1999\}/);
    assert.match(entry, /eprint +\= \{astro-ph\/9812133\}/, 'the eprint the authority does not speak to is kept');
    assert.doesNotMatch(entry, /1998/);
  });
  it('keeps a comment between the entry and the next one', () => {
    const text = TEXT.replace('\n\n@article{valerocuevas2017', '\n% Perlmutter: check the year\n\n@article{valerocuevas2017');
    const line = text.split('\n').findIndex((l) => l.includes('{perlmutter1999,'));
    const edit = replaceEntryEdit(FILE, text, { ...checked('perlmutter1999', { title: 'Measurements', year: '1999' }), line })!;
    assert.match(applyEdits(text, [edit]), /archiveprefix = \{arXiv\}\n\}\n% Perlmutter: check the year\n\n@article\{valerocuevas2017/);
  });
  it('writes the year and the journal in a biblatex entry\'s date and journaltitle, which would override them beside it', () => {
    const ours = { title: 'Measurements', date: '1998-12-08', journaltitle: 'ApJ', langid: 'english' };
    const text = authorityEntryText('article', 'perlmutter', ours, { title: 'Measurements', year: '1999', journal: 'The Astrophysical Journal' });
    assert.equal(text, '@article{perlmutter,\n  title        = {Measurements},\n  journaltitle = {The Astrophysical Journal},\n  date         = {1999},\n  langid       = {english}\n}');
  });
  it('does nothing when the entry moved since the check', () => {
    const moved = { ...checked('perlmutter1999', { title: 'x' }), line: 0 };
    assert.equal(replaceEntryEdit(FILE, TEXT, moved), undefined);
  });
});
