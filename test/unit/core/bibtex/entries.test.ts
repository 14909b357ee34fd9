// A .bib read entry by entry (the audit, the bibliography check and its --write): an entry is
// found wherever BibTeX finds one, outside other entries: at a line's start, indented, or after
// text on the same line; its offsets hold exactly its text, so an edit never touches that text.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { readBibEntries } from '../../../../src/core/bibtex/entries';
import { bibCheckEdits } from '../../../../src/core/bibcheck/apply';
import type { BibCheckEntry } from '../../../../src/core/bibcheck/index';

const fixture = (name: string): string => readFileSync(path.resolve('test/fixtures/bibtex', name), 'utf8');
const VALERO = fixture('doi-cn-2019_10.1186_s12984-017-0305-3_jner.bib').trim();
const FRANK = fixture('crossref-cn_10.1126_science.169.3946.635.bib').trim();

describe('readBibEntries', () => {
  it('finds an entry after text on its line and an indented one, each with its line and exact text', () => {
    const text = `% library\nGrasping, see also: ${VALERO}\n\n    ${FRANK}\n`;
    const { entries, broken } = readBibEntries('refs.bib', text);
    assert.deepEqual(broken, []);
    const lineOf = (entry: string) => text.slice(0, text.indexOf(entry)).split('\n').length - 1;
    assert.deepEqual(entries.map((e) => [e.key, e.line]), [['Valero_Cuevas_2017', 1], ['Frank_1970', lineOf(FRANK)]]);
    assert.deepEqual(entries.map((e) => text.slice(e.start, e.end)), [VALERO, FRANK]);
  });

  it('takes an `@type{` inside an entry\'s value for the value\'s text, not for an entry', () => {
    const text = '@misc{note1, note = {mirrored as @misc{other, title = {x}} elsewhere}, title = {Note}}\n';
    assert.deepEqual(readBibEntries('refs.bib', text).entries.map((e) => e.key), ['note1']);
  });

  it('still cuts a broken entry at the next line that starts an entry, which is read', () => {
    const text = `@article{broken, title = {unclosed\n${FRANK}\n`;
    const { entries, broken } = readBibEntries('refs.bib', text);
    assert.deepEqual(broken.map((b) => [b.key, b.line]), [['broken', 0]]);
    assert.deepEqual(entries.map((e) => e.key), ['Frank_1970']);
  });

  it('lets a check\'s accepted fix edit the entry after text on its line, leaving that text and the layout alone', () => {
    const text = `Grasping, see also: ${VALERO.replace(/year = \{?2017\}?/, 'year = {2016}')}\n`;
    const entry = readBibEntries('refs.bib', text).entries[0]!;
    const checked = { key: entry.key, file: 'refs.bib', line: entry.line, authority: { ...entry.fields, year: '2017' } } as unknown as BibCheckEntry;
    const edits = bibCheckEdits('refs.bib', text, [checked], new Map([[entry.key, ['year' as const]]]));
    assert.equal(edits.length, 1);
    const edited = text.slice(0, edits[0]!.offset) + edits[0]!.insert + text.slice(edits[0]!.offset + edits[0]!.deleteLength);
    assert.equal(edited, text.replace('2016', '2017'));
  });
});
