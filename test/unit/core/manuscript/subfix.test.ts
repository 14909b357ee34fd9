// `\bibliography{\subfix{bib/refs}}` and `\addbibresource{\subfix{…}}` (the subfiles package) read
// as LaTeX Workshop reads them: the name inside \subfix, resolved against the root's folder, then
// the including file's.
import assert from 'node:assert/strict';
import { findBibliography } from '../../../../src/core/manuscript/project';
import { addBibliographyEdit, findProjectBibliography, unwrapSubfix } from '../../../../src/core/manuscript/projectBibliography';
import { latexSourceVerdict } from '../../../../src/core/manuscript/latexSource';
import type { TexFiles } from '../../../../src/core/manuscript/project';

const ROOT = '/p/main.tex';
const exists = (set: string[]) => async (file: string) => set.includes(file);

function files(map: Record<string, string>): TexFiles {
  return { read: async (f) => map[f], list: async () => Object.keys(map) };
}

describe('\\subfix in bibliography commands', () => {
  it('unwraps the name', () => {
    assert.equal(unwrapSubfix('\\subfix{bib/refs.bib}'), 'bib/refs.bib');
    assert.equal(unwrapSubfix(' \\subfix {bib/refs} '), 'bib/refs');
    assert.equal(unwrapSubfix('refs'), 'refs');
  });

  it('finds the .bib named through \\subfix in the root and in a subfile', async () => {
    const root = { file: ROOT, text: '\\documentclass{article}\n\\begin{document}\n\\subfile{ch/a}\n\\bibliography{\\subfix{bib/refs},more}\n\\end{document}\n' };
    const sub = { file: '/p/ch/a.tex', text: '\\documentclass[../main.tex]{subfiles}\n\\addbibresource{\\subfix{../bib/extra.bib}}\n' };
    const found = await findProjectBibliography({ root: ROOT, files: [root, sub] } as never, exists(['/p/bib/refs.bib', '/p/bib/extra.bib']));
    assert.deepEqual(found.files, ['/p/bib/refs.bib', '/p/more.bib', '/p/bib/extra.bib']);
    assert.deepEqual(found.skipped, [], 'not "a name built by a macro"');
    assert.deepEqual(findBibliography(ROOT, root.text).files, ['/p/bib/refs.bib', '/p/more.bib']);
  });

  it('a new .bib goes after the \\subfix{…} name, and reads back', async () => {
    const text = '\\documentclass{article}\n\\begin{document}\n\\bibliography{\\subfix{bib/refs}}\n\\end{document}\n';
    const tree = { root: ROOT, files: [{ file: ROOT, text }] } as never;
    const bibliography = await findProjectBibliography(tree, exists(['/p/bib/refs.bib']));
    const line = addBibliographyEdit(tree, bibliography, '/p/new.bib');
    const after = text.slice(0, line.edit.offset) + line.edit.insert + text.slice(line.edit.offset + line.edit.deleteLength);
    assert.match(after, /\\bibliography\{\\subfix\{bib\/refs\},new\}/);
    const again = await findProjectBibliography({ root: ROOT, files: [{ file: ROOT, text: after }] } as never, exists(['/p/bib/refs.bib']));
    assert.deepEqual(again.files, ['/p/bib/refs.bib', '/p/new.bib']);
  });
});

describe('a prose-only chapter is LaTeX when its root says so', () => {
  const main = '\\documentclass{article}\n\\begin{document}\n\\input{chapters/intro}\n\\end{document}\n';
  it('included by a root', async () => {
    const verdict = await latexSourceVerdict('/p/chapters/intro.tex', 'Only prose.\n', files({ [ROOT]: main, '/p/chapters/intro.tex': 'Only prose.\n' }));
    assert.deepEqual(verdict, { ok: true, why: 'included' });
  });
  it('naming its root in a magic comment', async () => {
    const text = '% !TeX root = ../main.tex\nOnly prose.\n';
    const verdict = await latexSourceVerdict('/p/chapters/other.tex', text, files({ [ROOT]: '\\documentclass{article}\n', '/p/chapters/other.tex': text }));
    assert.deepEqual(verdict, { ok: true, why: 'magic comment' });
  });
  it('refused when nothing names it, even beside a single root', async () => {
    const verdict = await latexSourceVerdict('/p/notes.tex', 'Only prose.\n', files({ [ROOT]: main, '/p/notes.tex': 'Only prose.\n' }), 'notes.tex');
    assert.equal(verdict.ok, false);
    assert.match(verdict.ok ? '' : verdict.reason, /^"notes\.tex" does not look like LaTeX/);
  });
});
