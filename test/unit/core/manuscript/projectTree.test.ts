// Root and .bib discovery the way LaTeX Workshop does it: magic-comment chains, subfiles, the
// include tree (\input, \include, \subfile, \import, \subimport), bibliography commands in any
// included file, remote resources skipped with the reason, and the edit that adds a .bib.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { TexFiles } from '../../../../src/core/manuscript/project';
import { addBibliographyEdit, entryTargets, findProjectBibliography } from '../../../../src/core/manuscript/projectBibliography';
import { resolveRootFile, subfilesParent } from '../../../../src/core/manuscript/projectRoot';
import { walkIncludes } from '../../../../src/core/manuscript/projectTree';

const ROOT = path.resolve('/thesis');
const p = (...parts: string[]): string => path.join(ROOT, ...parts);

function workspace(files: Record<string, string>): TexFiles & { exists(file: string): Promise<boolean> } {
  return {
    read: async (file) => files[file],
    list: async () => Object.keys(files).filter((f) => f.endsWith('.tex')),
    exists: async (file) => file in files,
  };
}

const apply = (text: string, edit: { offset: number; deleteLength: number; insert: string }): string =>
  text.slice(0, edit.offset) + edit.insert + text.slice(edit.offset + edit.deleteLength);

describe('root file: magic comments and subfiles', () => {
  it('follows a chain of % !TeX root comments to its end', async () => {
    const files = workspace({
      [p('chapters/sec.tex')]: '% !TeX root = chapter.tex\nText.',
      [p('chapters/chapter.tex')]: '%!TEX root = ../main.tex\n\\input{chapters/sec}',
      [p('main.tex')]: '\\documentclass{book}\n\\begin{document}\\include{chapters/chapter}\\end{document}',
    });
    const root = await resolveRootFile(p('chapters/sec.tex'), '% !TeX root = chapter.tex\nText.', files);
    assert.deepEqual([root.file, root.reason], [p('main.tex'), 'magic comment']);
  });

  it('stops a looping chain where LaTeX Workshop does: the first file met twice', async () => {
    const a = '% !TeX root = b.tex\n';
    const files = workspace({ [p('a.tex')]: a, [p('b.tex')]: '% !TeX root = a.tex\n' });
    assert.equal((await resolveRootFile(p('a.tex'), a, files)).file, p('b.tex'));
  });

  it('ignores a chain that leads to a missing file', async () => {
    const text = '% !TeX root = gone.tex\n\\documentclass{article}';
    assert.equal((await resolveRootFile(p('own.tex'), text, workspace({}))).file, p('own.tex'));
  });

  it('resolves a subfile to its main file, relative to the subfile, with or without .tex', async () => {
    const sub = '\\documentclass[../main]{subfiles}\n\\begin{document}Text.\\end{document}';
    assert.equal(subfilesParent(sub, p('chapters/one.tex')), p('main.tex'));
    assert.equal(subfilesParent('% \\documentclass[x]{subfiles}', p('a.tex')), undefined, 'commented out');
    const files = workspace({ [p('main.tex')]: '\\documentclass{article}\n\\begin{document}\\subfile{chapters/one}\\end{document}' });
    const root = await resolveRootFile(p('chapters/one.tex'), sub, files);
    assert.deepEqual([root.file, root.reason], [p('main.tex'), 'subfiles']);
  });

  it('resolves a magic comment that names a subfile on to the main file', async () => {
    const files = workspace({
      [p('chapters/one.tex')]: '\\documentclass[../main.tex]{subfiles}',
      [p('main.tex')]: '\\documentclass{article}',
    });
    const root = await resolveRootFile(p('chapters/fig.tex'), '% !TeX root = one.tex', files);
    assert.equal(root.file, p('main.tex'));
  });

  it('finds the root that includes the file two levels down, and never takes a subfile for a root', async () => {
    const files = workspace({
      [p('chapters/one.tex')]: '\\documentclass[../main.tex]{subfiles}\\begin{document}\\input{chapters/deep}\\end{document}',
      [p('other.tex')]: '\\documentclass{article}\\begin{document}Other.\\end{document}',
      [p('main.tex')]: '\\documentclass{book}\\begin{document}\\include{chapters/part}\\end{document}',
      [p('chapters/part.tex')]: '\\input{chapters/deep}',
      [p('chapters/deep.tex')]: 'Deep text.',
    });
    const root = await resolveRootFile(p('chapters/deep.tex'), 'Deep text.', files);
    assert.deepEqual([root.file, root.reason], [p('main.tex'), 'included']);
  });

  it("takes the workspace's one root for a file in its folder it does not visibly include, never for a file elsewhere", async () => {
    const files = workspace({ [p('main.tex')]: '\\documentclass{book}\\begin{document}\\chapterfile{notes}\\end{document}' });
    const inside = await resolveRootFile(p('chapters/notes.tex'), 'Notes.', files);
    assert.deepEqual([inside.file, inside.reason], [p('main.tex'), 'only root']);
    const elsewhere = path.resolve('/tmp/other-paper/intro.tex');
    const outside = await resolveRootFile(elsewhere, 'Intro.', files);
    assert.deepEqual([outside.file, outside.reason], [elsewhere, 'itself'], 'a chapter of another manuscript on disk');
  });

  it('asks for the files near the one whose root it seeks (a file outside the workspace has its own)', async () => {
    const elsewhere = path.resolve('/tmp/other-paper');
    const own: Record<string, string> = {
      [path.join(elsewhere, 'main.tex')]: '\\documentclass{article}\\begin{document}\\input{intro}\\end{document}',
      [path.join(elsewhere, 'intro.tex')]: 'Intro.',
    };
    const asked: (string | undefined)[] = [];
    const files: TexFiles = {
      read: async (file) => own[file],
      list: async (near) => (asked.push(near), near?.startsWith(elsewhere) ? Object.keys(own) : [p('main.tex')]),
    };
    const root = await resolveRootFile(path.join(elsewhere, 'intro.tex'), 'Intro.', files);
    assert.deepEqual([root.file, root.reason], [path.join(elsewhere, 'main.tex'), 'included']);
    assert.deepEqual(asked, [path.join(elsewhere, 'intro.tex')]);
  });
});

describe('include tree', () => {
  it('reads \\input, \\include, \\subfile and \\import/\\subimport in document order, each once', async () => {
    const main = String.raw`\documentclass{book}
% \input{commented}
\input{preamble}
\begin{document}
\import{parts/}{one}
\include{chapters/two}
\input chapters/three
\input{preamble}
\end{document}`;
    const files = workspace({
      [p('preamble.tex')]: '\\usepackage{biblatex}',
      [p('commented.tex')]: 'never read',
      [p('parts/one.tex')]: '\\subimport{sub/}{inner}\\input{local}',
      [p('parts/sub/inner.tex')]: 'inner',
      [p('parts/local.tex')]: 'relative to the import folder',
      [p('chapters/two.tex')]: '\\input{chapters/two}', // includes itself: no loop
      [p('chapters/three.tex')]: 'three',
    });
    const tree = await walkIncludes(p('main.tex'), main, files);
    assert.deepEqual(tree.files.map((f) => path.relative(ROOT, f.file)), [
      'main.tex', 'preamble.tex', 'parts/one.tex', 'parts/sub/inner.tex', 'parts/local.tex', 'chapters/two.tex', 'chapters/three.tex',
    ]);
  });
});

describe('bibliography of the whole manuscript', () => {
  it('reads no \\input or \\bibliography that \\iffalse or a comment environment hides from the PDF', async () => {
    const main = [
      '\\documentclass{article}',
      '\\begin{document}',
      '\\input{intro}',
      '\\iffalse \\input{old-results} \\bibliography{old} \\fi',
      '\\begin{comment}',
      '\\bibliography{draft}',
      '\\end{comment}',
      '\\bibliography{refs}',
      '\\end{document}',
    ].join('\n');
    const files = workspace({ [p('intro.tex')]: 'Intro.', [p('old-results.tex')]: 'Old results~\\cite{stale2019}.', [p('refs.bib')]: '' });
    const tree = await walkIncludes(p('main.tex'), main, files);
    assert.deepEqual(tree.files.map((f) => path.basename(f.file)), ['main.tex', 'intro.tex']);
    assert.deepEqual((await findProjectBibliography(tree, files.exists)).files, [p('refs.bib')], 'insert appends to refs.bib, not old.bib');
  });

  it('counts \\addbibresource in an included preamble and detects biblatex there', async () => {
    const main = '\\documentclass{article}\n\\input{preamble}\n\\begin{document}\\printbibliography\\end{document}';
    const files = workspace({ [p('preamble.tex')]: '\\usepackage[style=authoryear]{biblatex}\n\\addbibresource{bib/library.bib}\n' });
    const bibliography = await findProjectBibliography(await walkIncludes(p('main.tex'), main, files), files.exists);
    assert.deepEqual(bibliography.files, [p('bib/library.bib')]);
    assert.equal(bibliography.biblatex, true);
    assert.equal(bibliography.natbib, false);
  });

  it('resolves against the root folder first, then the including file', async () => {
    const main = '\\documentclass{article}\\begin{document}\\input{chapters/refs}\\end{document}';
    const files = workspace({
      [p('chapters/refs.tex')]: '\\usepackage{natbib}\\bibliography{shared,local}',
      [p('shared.bib')]: '',
      [p('chapters/local.bib')]: '',
    });
    const bibliography = await findProjectBibliography(await walkIncludes(p('main.tex'), main, files), files.exists);
    assert.deepEqual(bibliography.files, [p('shared.bib'), p('chapters/local.bib')]);
    assert.equal(bibliography.natbib, true);
  });

  it('offers new entries only the named .bib files the project has, every named one when it has none', async () => {
    const main = '\\documentclass{IEEEtran}\\begin{document}\\bibliography{IEEEabrv,local,library}\\end{document}';
    const files = workspace({ [p('local.bib')]: '' });
    const bibliography = await findProjectBibliography(await walkIncludes(p('main.tex'), main, files), files.exists);
    assert.deepEqual(bibliography.missing, [p('IEEEabrv.bib'), p('library.bib')]);
    assert.deepEqual(entryTargets(bibliography), [p('local.bib')]);
    const none = await findProjectBibliography(await walkIncludes(p('main.tex'), main, workspace({})), async () => false);
    assert.deepEqual(entryTargets(none), [p('IEEEabrv.bib'), p('local.bib'), p('library.bib')]);
  });

  it('skips remote resources, URLs, other datatypes, globs and macro names, saying why', async () => {
    const main = String.raw`\documentclass{article}
\usepackage{biblatex}
\addbibresource[location=remote]{https://example.org/zotero.bib}
\addbibresource{http://example.org/plain.bib}
\addbibresource[datatype=biblatexml]{refs.bbx}
\addbibresource[glob]{parts/*.bib}
\addbibresource{\jobname.bib}
\addbibresource{local.bib}
\begin{document}\end{document}`;
    const bibliography = await findProjectBibliography(await walkIncludes(p('main.tex'), main, workspace({})), async () => false);
    assert.deepEqual(bibliography.files, [p('local.bib')]);
    assert.deepEqual(bibliography.skipped.map((s) => [s.name, s.reason]), [
      ['https://example.org/zotero.bib', 'a remote resource (location=remote)'],
      ['http://example.org/plain.bib', 'a URL, not a local file'],
      ['refs.bbx', 'not a BibTeX file (datatype=biblatexml)'],
      ['parts/*.bib', 'a glob pattern'],
      ['\\jobname.bib', 'a name built by a macro'],
    ]);
  });

  it('knows the classes that load natbib themselves', async () => {
    for (const [cls, natbib] of [['elsarticle', true], ['aastex631', true], ['revtex4-2', true], ['article', false]] as const) {
      const text = `\\documentclass[preprint]{${cls}}\\begin{document}\\end{document}`;
      const bibliography = await findProjectBibliography(await walkIncludes(p('main.tex'), text, workspace({})), async () => false);
      assert.equal(bibliography.natbib, natbib, cls);
    }
  });
});

describe('adding a .bib to the manuscript', () => {
  it('adds the name to the one \\bibliography{…}, in the included file that holds it', async () => {
    const main = '\\documentclass{article}\\begin{document}Text.\\input{back}\\end{document}';
    const back = '\\bibliographystyle{plain}\n\\bibliography{zotero}\n';
    const files = workspace({ [p('back.tex')]: back });
    const tree = await walkIncludes(p('main.tex'), main, files);
    const edit = addBibliographyEdit(tree, await findProjectBibliography(tree, files.exists), p('extra', 'mine.bib'));
    assert.equal(edit.file, p('back.tex'));
    assert.equal(apply(back, edit.edit), '\\bibliographystyle{plain}\n\\bibliography{zotero,extra/mine}\n');
    assert.equal(edit.describe, 'extra/mine in \\bibliography{zotero,extra/mine}');
  });

  it('adds an \\addbibresource line after the last one with biblatex', async () => {
    const main = '\\documentclass{article}\n\\input{preamble}\n\\begin{document}\\end{document}';
    const preamble = '\\usepackage{biblatex}\n\\addbibresource{zotero.bib}\n\\usepackage{hyperref}\n';
    const files = workspace({ [p('preamble.tex')]: preamble });
    const tree = await walkIncludes(p('main.tex'), main, files);
    const edit = addBibliographyEdit(tree, await findProjectBibliography(tree, files.exists), p('mine.bib'));
    assert.equal(edit.file, p('preamble.tex'));
    assert.equal(apply(preamble, edit.edit), '\\usepackage{biblatex}\n\\addbibresource{zotero.bib}\n\\addbibresource{mine.bib}\n\\usepackage{hyperref}\n');
  });

  it('adds \\bibliographystyle and \\bibliography to the root when there is none', async () => {
    const main = '\\documentclass{article}\n\\begin{document}\nHi.\n\\end{document}\n';
    const tree = await walkIncludes(p('main.tex'), main, workspace({}));
    const edit = addBibliographyEdit(tree, await findProjectBibliography(tree, async () => false), p('references.bib'));
    assert.equal(edit.file, p('main.tex'));
    assert.equal(apply(main, edit.edit), '\\documentclass{article}\n\\begin{document}\nHi.\n\\bibliographystyle{plain}\n\\bibliography{references}\n\\end{document}\n');
  });
});
