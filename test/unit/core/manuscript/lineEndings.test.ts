// Text citefinder adds to a file ends its lines as the file does: an entry appended to a CRLF
// .bib, a field a check adds to a CRLF entry, the bibliography line added to a CRLF .tex. A file
// of mixed endings shows as noise in every diff; LF files are unchanged.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { readFileSync } from 'node:fs';
import { appendEntryEdit } from '../../../../src/core/manuscript/bibUpdate';
import { fieldUpdateEdits } from '../../../../src/core/bibcheck/apply';
import { bibliographyCommandEdit, findBibliography, type TexFiles } from '../../../../src/core/manuscript/project';
import { addBibliographyEdit, findProjectBibliography } from '../../../../src/core/manuscript/projectBibliography';
import { walkIncludes } from '../../../../src/core/manuscript/projectTree';
import { applyEdits } from '../../../../src/core/manuscript/insertPlan';

const crlf = (text: string): string => text.replace(/\n/g, '\r\n');
/** Every line break of `text` is CRLF (no LF alone). */
const allCrlf = (text: string): boolean => !/(^|[^\r])\n/.test(text) && text.includes('\r\n');
const ENTRY = readFileSync(path.resolve('test/fixtures/bibtex', 'crossref-cn_10.1126_science.169.3946.635.bib'), 'utf8');
const ROOT = path.resolve('/thesis');

describe('line endings of added text', () => {
  it('an entry appended to a CRLF .bib ends its lines with CRLF; the bytes before stay', () => {
    for (const existing of [crlf('@misc{mine,\n  title = {Mine},\n}\n'), crlf('@misc{mine,\n  title = {Mine},\n}')]) {
      for (const keepAuthorityLayout of [false, true]) {
        const after = applyEdits(existing, [appendEntryEdit(existing, ENTRY, { keepAuthorityLayout })]);
        assert.ok(after.startsWith(existing));
        assert.ok(allCrlf(after), JSON.stringify(after.slice(existing.length)));
        assert.ok(after.endsWith('}\r\n'));
      }
    }
  });

  it('an entry appended to an LF .bib keeps LF', () => {
    const existing = '@misc{mine,\n  title = {Mine},\n}\n';
    assert.ok(!appendEntryEdit(existing, crlf(ENTRY)).insert.includes('\r'));
  });

  it('a field a check adds to a CRLF entry is a CRLF line, and the line it follows keeps its CR', () => {
    const entry = crlf('@article{x,\n  title = {T},\n  year = 1998\n}');
    const text = `% mine\r\n${entry}\r\n`;
    const start = text.indexOf('@');
    const edits = fieldUpdateEdits(entry, start, { title: 'T', year: '1998' }, { doi: '10.1086/307221', year: '1999' }, ['year', 'doi']);
    assert.equal(applyEdits(text, edits), crlf('% mine\n@article{x,\n  title = {T},\n  year = {1999},\n  doi = {10.1086/307221}\n}\n'));
  });

  it('the \\bibliography lines added to a CRLF root are CRLF lines', () => {
    const text = crlf('\\documentclass{article}\n\\begin{document}\nHi.\n\\end{document}\n');
    const edit = bibliographyCommandEdit(text, 'references.bib', findBibliography(path.join(ROOT, 'main.tex'), text));
    assert.equal(applyEdits(text, [edit]), crlf('\\documentclass{article}\n\\begin{document}\nHi.\n\\bibliographystyle{plain}\n\\bibliography{references}\n\\end{document}\n'));
    const noEnd = crlf('\\documentclass{article}\n\\begin{document}\nHi.');
    const appended = applyEdits(noEnd, [bibliographyCommandEdit(noEnd, 'references.bib', findBibliography(path.join(ROOT, 'main.tex'), noEnd))]);
    assert.ok(allCrlf(appended), JSON.stringify(appended));
  });

  it('an \\addbibresource line added after a CRLF one is a CRLF line', async () => {
    const main = '\\documentclass{article}\n\\input{preamble}\n\\begin{document}\\end{document}';
    const preamble = crlf('\\usepackage{biblatex}\n\\addbibresource{zotero.bib}\n\\usepackage{hyperref}\n');
    const files: TexFiles & { exists(file: string): Promise<boolean> } = {
      read: async (file) => (file === path.join(ROOT, 'preamble.tex') ? preamble : undefined),
      list: async () => [],
      exists: async () => true,
    };
    const tree = await walkIncludes(path.join(ROOT, 'main.tex'), main, files);
    const edit = addBibliographyEdit(tree, await findProjectBibliography(tree, files.exists), path.join(ROOT, 'mine.bib'));
    assert.equal(applyEdits(preamble, [edit.edit]), crlf('\\usepackage{biblatex}\n\\addbibresource{zotero.bib}\n\\addbibresource{mine.bib}\n\\usepackage{hyperref}\n'));
  });
});
