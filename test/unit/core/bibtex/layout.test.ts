// The entry appended to the user's .bib is readable (one field per line, the authority's values
// unchanged); bib.keepAuthorityLayout keeps the authority's bytes; entries already there are never
// touched. On Crossref's real one-line answer (10.1126/science.169.3946.635).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { bibtexParser } from 'latex-utensils';
import { readableEntry } from '../../../../src/core/bibtex/layout';
import { appendEntryEdit } from '../../../../src/core/manuscript/bibUpdate';
import { applyEdits } from '../../../../src/core/manuscript/insertPlan';
import { citedMessage } from '../../../../src/vscode/citedMessage';
import type { Candidate } from '../../../../src/core/types';

const ONE_LINE = readFileSync(fixturePath('bibtex', 'crossref-cn_10.1126_science.169.3946.635.bib'), 'utf8');
const MINE = '@misc{mine2020,\ntitle={Kept}, note = {as it is}}\n';

function fieldsOf(text: string): [string, string][] {
  const entry = bibtexParser.parse(text).content.filter(bibtexParser.isEntry)[0]!;
  return entry.content.map((f) => [f.name, text.slice(f.value.location.start.offset, f.value.location.end.offset)]);
}

describe('the entry citefinder appends', () => {
  it('is laid out one field per line, every value byte for byte as the authority sent it', () => {
    const laidOut = readableEntry(ONE_LINE.trim());
    const lines = laidOut.split('\n');
    assert.equal(lines[0], '@article{Frank_1970,');
    assert.equal(lines.at(-1), '}');
    assert.equal(lines.length, fieldsOf(ONE_LINE).length + 2, 'one line per field');
    assert.deepEqual(fieldsOf(laidOut), fieldsOf(ONE_LINE));
    for (const line of lines.slice(1, -1)) assert.match(line, /^ {2}\S+ *= .*,$/);
  });

  it('appends the readable entry and never touches what is already in the file', () => {
    const edited = applyEdits(MINE, [appendEntryEdit(MINE, ONE_LINE)]);
    assert.ok(edited.startsWith(MINE), 'the existing entry byte for byte');
    assert.equal(edited, `${MINE}\n${readableEntry(ONE_LINE.trim())}\n`);
  });

  it('keeps the authority\'s exact layout with bib.keepAuthorityLayout', () => {
    const edited = applyEdits(MINE, [appendEntryEdit(MINE, ONE_LINE, { keepAuthorityLayout: true })]);
    assert.equal(edited, `${MINE}\n${ONE_LINE.trim()}\n`);
  });

  it('leaves text it cannot lay out safely as it came', () => {
    assert.equal(readableEntry('@article{x, title = {unclosed'), '@article{x, title = {unclosed');
    assert.equal(readableEntry('@article{a, t={1}}\n@article{b, t={2}}'), '@article{a, t={1}}\n@article{b, t={2}}');
  });
});

describe('Cite by DOI says what it inserted', () => {
  it('names the command, key, work, venue and .bib', () => {
    const candidate = { id: 'doi:10.1086/307221', source: 'crossref', title: 'Measurements of Ω and Λ from 42 High-Redshift Supernovae', authors: ['S. Perlmutter', 'G. Aldering'], year: 1999, venue: 'The Astrophysical Journal 517, 565–586 (1999)', sources: ['crossref'], matchedQueries: [], retrievalScore: 1 } as unknown as Candidate;
    assert.equal(
      citedMessage(candidate, { key: 'perlmutter1999measurements', command: '\\cite', bibFile: '/p/refs.bib', reused: false, notes: [] }),
      'Citefinder: inserted \\cite{perlmutter1999measurements}, "Measurements of Ω and Λ from 42 High-Redshift Supernovae" (S. Perlmutter et al., 1999; The Astrophysical Journal 517, 565–586 (1999)); its entry was added to refs.bib.',
    );
    assert.match(citedMessage({ ...candidate, bibtexNote: 'title repaired' }, { key: 'k', command: '\\citep', bibFile: '/p/refs.bib', reused: true, notes: ['added x'] }), /already in refs\.bib\. Note: added x; title repaired\.$/);
  });
});
