// The keys a manuscript puts in its bibliography, as BibTeX collects them from the .aux: every
// cite command's keys and \nocite's, none from a comment or verbatim text; \nocite{*} is all of them.
import { strict as assert } from 'node:assert';
import { citedKeys } from '../../../../src/core/latex/citeSites';

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

  it('gives undefined for \\nocite{*}: every entry is in the bibliography', () => {
    assert.equal(citedKeys([{ text: String.raw`Text~\cite{a}. \nocite{*}` }]), undefined);
    assert.deepEqual([...citedKeys([{ text: '% \\nocite{*}\nText~\\cite{a}.' }])!], ['a'], 'a commented-out \\nocite{*} asks for nothing');
  });
});
