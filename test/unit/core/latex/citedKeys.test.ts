// The keys a manuscript puts in its bibliography, as BibTeX collects them from the .aux: every
// cite command's keys and \nocite's, none from a comment or verbatim text; \nocite{*} is all of them.
import { strict as assert } from 'node:assert';
import { citationSites, citedKeys, citedKeySites } from '../../../../src/core/latex/citeSites';
import { citationMacros, findCitationMacros } from '../../../../src/core/latex/citeMacros';

describe('citedKeys: the entries a manuscript cites', () => {
  it('collects every cite form\'s keys and \\nocite\'s, skipping comments and verbatim', () => {
    const main = String.raw`As shown~\citep[see][p.~3]{perlmutter1999, riess1998} and \textcite{tosatto2015}.
% \cite{commented2020}
\begin{verbatim}\cite{verbatim2020}\end{verbatim}
\nocite{background2019}`;
    const chapter = String.raw`\autocites{a2001}{b2002} \citeauthor*{c2003}`;
    assert.deepEqual([...citedKeys([{ text: main }, { text: chapter }])!].sort(), [
      'a2001', 'b2002', 'background2019', 'c2003', 'perlmutter1999', 'riess1998', 'tosatto2015',
    ]);
  });

  it('reads only the key arguments of commands whose other arguments are text, names or volumes', () => {
    const text = String.raw`\defcitealias{jones2020}{Paper~I}
As shown in \citetalias{jones2020} \citetext{priv.\ comm.} and \citefield{smith2019}{title},
the survey~\volcite{2}[12]{wells1898} agrees, as do \citename{doe2021}{author} and \citelist[see]{roe2022}{publisher}.`;
    assert.deepEqual([...citedKeys([{ text }])!].sort(), ['doe2021', 'jones2020', 'roe2022', 'smith2019', 'wells1898']);
  });

  it('gives undefined for \\nocite{*}: every entry is in the bibliography', () => {
    assert.equal(citedKeys([{ text: String.raw`Text~\cite{a}. \nocite{*}` }]), undefined);
    assert.deepEqual([...citedKeys([{ text: '% \\nocite{*}\nText~\\cite{a}.' }])!], ['a'], 'a commented-out \\nocite{*} asks for nothing');
  });

  describe("a project's own citation macros", () => {
    const preamble = String.raw`\newcommand{\refp}[1]{\citep{#1}}
\def\ucite#1{\cite{#1}}
\DeclareRobustCommand{\seeref}[2]{see~\citet[#2]{#1}}
\newcommand{\pcite}[2][]{\citep[#1]{#2}}
\newcommand\seerefp[1]{\refp{#1}}`;
    const chapter = String.raw`Deep nets outperform kernels~\refp{lecun2015, bengio2013}.
Transformers dominate translation~\ucite{vaswani2017}.
As shown by \seeref{he2016}{Sec.~3}, residual links help.
Dropout regularises~\pcite[p.~4]{srivastava2014} and~\pcite{hinton2012}.
Batch norm speeds training~\seerefp{ioffe2015}.`;

    it('are cited keys, read by their parameters, from a chapter when the preamble defines them', () => {
      assert.deepEqual([...citedKeys([{ text: preamble }, { text: chapter }])!].sort(), [
        'bengio2013', 'he2016', 'hinton2012', 'ioffe2015', 'lecun2015', 'srivastava2014', 'vaswani2017',
      ], "neither a definition's #1 nor the page argument Sec.~3 is a key");
    });

    it("are xparse's document commands too, read by their argument specification", () => {
      const xparse = String.raw`\NewDocumentCommand{\refs}{s O{} m}{\IfBooleanTF{#1}{\citet[#2]{#3}}{\citep[#2]{#3}}}
\DeclareDocumentCommand\seealso{m}{see also~\refs{#1}}`;
      const text = String.raw`Typesetting is an art~\refs*[p.~2]{knuth1984}, and a craft~\refs{lamport1994}; \seealso{mittelbach2004}.`;
      assert.deepEqual([...citedKeys([{ text: xparse }, { text }])!].sort(), ['knuth1984', 'lamport1994', 'mittelbach2004']);
      assert.deepEqual([...findCitationMacros([xparse])].sort(), ['refs', 'seealso'], 'Find Uncited Claims reads them as citations too');
    });

    it('are aliases of cite commands too (\\let, \\NewCommandCopy), their keys read as the command\'s', () => {
      const aliases = String.raw`\let\refp\citep
\NewCommandCopy{\seeref}{\citet}`;
      const text = String.raw`Deep nets outperform kernels~\refp[see][p.~3]{lecun2015}; \seeref{he2016} showed it.`;
      assert.deepEqual([...citedKeys([{ text: aliases }, { text }])!].sort(), ['he2016', 'lecun2015']);
    });

    it('are not defined by a definition TeX never reads (\\iffalse, a comment environment)', () => {
      const hidden = String.raw`\iffalse
\newcommand{\oldref}[1]{\citep{#1}}
\fi
\begin{comment}
\def\draftcite#1{\cite{#1}}
\end{comment}
\newcommand{\refp}[1]{\citep{#1}}`;
      assert.deepEqual([...findCitationMacros([hidden])], ['refp']);
    });

    it('give each key its place in its file, and the audit their citing sentence', () => {
      const files = [{ file: '/p/main.tex', text: preamble }, { file: '/p/intro.tex', text: chapter }];
      const he = citedKeySites(files).find((site) => site.key === 'he2016')!;
      assert.deepEqual({ file: he.file, command: he.command, line: he.range.start.line, at: he.range.start.character }, {
        file: '/p/intro.tex', command: 'seeref', line: 2, at: chapter.split('\n')[2]!.indexOf('he2016'),
      });
      const sites = citationSites('/p/intro.tex', chapter, undefined, citationMacros([preamble, chapter]));
      assert.deepEqual(sites.find((site) => site.key === 'vaswani2017')?.sentence, 'Transformers dominate translation.');
      assert.deepEqual(sites.find((site) => site.key === 'he2016')?.sentence, 'As shown by, residual links help.');
    });
  });
});
