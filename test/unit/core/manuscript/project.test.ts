import assert from 'node:assert/strict';
import * as path from 'node:path';
import {
  bibliographyCommandEdit,
  findBibliography,
  findRootFile,
  hasDocumentClass,
  includesFile,
  magicRoot,
  type TexFiles,
} from '../../../../src/core/manuscript/project';

const ROOT = path.resolve('/project');
const p = (...parts: string[]): string => path.join(ROOT, ...parts);

function workspace(files: Record<string, string>): TexFiles & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    read: async (file) => {
      reads.push(file);
      return files[file];
    },
    list: async () => Object.keys(files).filter((f) => f.endsWith('.tex')),
  };
}

const MAIN = String.raw`\documentclass{article}
\usepackage{natbib}
\begin{document}
\input{chapters/intro}
\bibliographystyle{plainnat}
\bibliography{refs, extra/more}
\end{document}
`;

describe('root file discovery', () => {
  it('follows the magic comment, relative to the file, adding .tex', async () => {
    const chapter = '% !TeX root = ../main\nSome text.';
    const files = workspace({ [p('main.tex')]: MAIN, [p('chapters/intro.tex')]: chapter });
    assert.equal(magicRoot(chapter, p('chapters/intro.tex')), p('main.tex'));
    assert.equal(await findRootFile(p('chapters/intro.tex'), chapter, files), p('main.tex'));
  });

  it('accepts the lower-case !tex root spelling with spaces', () => {
    assert.equal(magicRoot('%  !tex root=thesis.tex\n', p('a/b.tex')), p('a/thesis.tex'));
  });

  it('is the file itself when it has \\documentclass', async () => {
    const files = workspace({ [p('main.tex')]: MAIN, [p('other.tex')]: MAIN });
    assert.equal(await findRootFile(p('main.tex'), MAIN, files), p('main.tex'));
    assert.deepEqual(files.reads, [], 'no scan needed');
  });

  it('ignores a commented-out \\documentclass', () => {
    assert.equal(hasDocumentClass('% \\documentclass{article}\nText'), false);
    assert.equal(hasDocumentClass('\\documentclass[12pt]{report}'), true);
  });

  it('scans the workspace for the root that inputs the file', async () => {
    const other = '\\documentclass{article}\n\\begin{document}\\input{notes}\\end{document}';
    const files = workspace({
      [p('other.tex')]: other,
      [p('main.tex')]: MAIN,
      [p('chapters/intro.tex')]: 'No magic comment here.',
    });
    assert.equal(await findRootFile(p('chapters/intro.tex'), 'No magic comment here.', files), p('main.tex'));
  });

  it('reads \\input{f} alone, not with the brace group that follows it', () => {
    const root = '\\documentclass{article}\n\\begin{document}\n\\input{intro}\n{\\bf x}\n\\end{document}';
    assert.equal(includesFile(p('main.tex'), root, p('intro.tex')), true);
    assert.equal(includesFile(p('main.tex'), root, p('intro/\\bf x.tex')), false);
  });

  it('reads \\import{dir}{file} and \\subimport{dir}{file} relative to the root', () => {
    assert.equal(includesFile(p('main.tex'), '\\import{chapters/}{intro}', p('chapters/intro.tex')), true);
    assert.equal(includesFile(p('main.tex'), '\\subimport{parts}{two.tex}', p('parts/two.tex')), true);
    assert.equal(includesFile(p('main.tex'), '\\include{chapters/intro}', p('chapters/intro.tex')), true);
  });

  it('falls back to the file itself when nothing else is a root', async () => {
    const files = workspace({ [p('lonely.tex')]: 'text' });
    assert.equal(await findRootFile(p('lonely.tex'), 'text', files), p('lonely.tex'));
  });
});

describe('bibliography discovery', () => {
  it('reads \\bibliography{a,b} relative to the root folder', () => {
    const bib = findBibliography(p('main.tex'), MAIN);
    assert.deepEqual(bib.files, [p('refs.bib'), p('extra/more.bib')]);
    assert.equal(bib.biblatex, false);
    assert.equal(bib.natbib, true);
  });

  it('reads \\addbibresource with options and detects biblatex', () => {
    const text = String.raw`\documentclass{article}
\usepackage[backend=biber,style=authoryear]{biblatex}
\addbibresource[label=main]{bib/library.bib}
% \addbibresource{commented.bib}
\begin{document}\printbibliography\end{document}`;
    const bib = findBibliography(p('paper', 'main.tex'), text);
    assert.deepEqual(bib.files, [p('paper', 'bib', 'library.bib')]);
    assert.equal(bib.biblatex, true);
  });

  it('falls back to a regex when the document does not parse', () => {
    const broken = '\\documentclass{article}\\begin{document}\\bibliography{refs}\\end{itemize}}}$';
    assert.deepEqual(findBibliography(p('main.tex'), broken).files, [p('refs.bib')]);
  });

  it('reports no files for a document without a bibliography', () => {
    assert.deepEqual(findBibliography(p('main.tex'), '\\documentclass{article}').files, []);
  });
});

describe('adding a bibliography to the root', () => {
  const apply = (text: string, edit: { offset: number; deleteLength: number; insert: string }): string =>
    text.slice(0, edit.offset) + edit.insert + text.slice(edit.offset + edit.deleteLength);

  it('adds \\bibliographystyle and \\bibliography before \\end{document}', () => {
    const text = '\\documentclass{article}\n\\begin{document}\nHi.\n\\end{document}\n';
    const bib = findBibliography(p('main.tex'), text);
    assert.equal(
      apply(text, bibliographyCommandEdit(text, 'references.bib', bib)),
      '\\documentclass{article}\n\\begin{document}\nHi.\n\\bibliographystyle{plain}\n\\bibliography{references}\n\\end{document}\n',
    );
  });

  it('adds \\addbibresource in the preamble with biblatex', () => {
    const text = '\\documentclass{article}\n\\usepackage{biblatex}\n\\begin{document}\nHi.\n\\end{document}\n';
    const bib = findBibliography(p('main.tex'), text);
    assert.equal(
      apply(text, bibliographyCommandEdit(text, 'references.bib', bib)),
      '\\documentclass{article}\n\\usepackage{biblatex}\n\\addbibresource{references.bib}\n\\begin{document}\nHi.\n\\end{document}\n',
    );
  });
});
