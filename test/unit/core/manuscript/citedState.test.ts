// Whether an inserted citation is still in the document, and what the results panel says when
// an undo took it out.
import assert from 'node:assert/strict';
import { bibHasKey, citedStateMessage, citesKey, sentenceCitesKey } from '../../../../src/core/manuscript/citedState';
import { applyHostMessage, emptyResults } from '../../../../src/webview/resultsModel';

const TEX = String.raw`\documentclass{article}
\begin{document}
Cosmic acceleration~\citep[see][p.~3]{riess1998,perlmutter1999}.
% \cite{commentedout2000}
\end{document}`;

describe('the results panel follows the document', () => {
  it('finds a key in any \\cite-family command, never in a comment', () => {
    assert.equal(citesKey('/p/main.tex', TEX, 'perlmutter1999'), true);
    assert.equal(citesKey('/p/main.tex', TEX, 'riess1998'), true);
    assert.equal(citesKey('/p/main.tex', TEX, 'commentedout2000'), false);
    assert.equal(citesKey('/p/main.tex', TEX.replace('riess1998,perlmutter1999', 'riess1998'), 'perlmutter1999'), false);
  });

  it('follows one sentence\'s citation when the same work is cited in two, and says when the sentence is gone', () => {
    const first = 'Distant supernovae show that the expansion accelerates.';
    const second = 'The cosmological constant is positive.';
    const cited = (a: string, b: string) => `\\section{Intro}\n${a} ${b}\n`;
    const both = cited('Distant supernovae show that the expansion accelerates~\\citep{perlmutter1999}.', 'The cosmological constant is positive~\\citep{perlmutter1999}.');
    const at = { first: cited(first, second).indexOf(first), second: cited(first, second).indexOf(second) };
    assert.equal(sentenceCitesKey('/p/main.tex', both, first, at.first, 'perlmutter1999'), true);
    assert.equal(sentenceCitesKey('/p/main.tex', both, second, at.second, 'perlmutter1999'), true);
    const secondUndone = cited('Distant supernovae show that the expansion accelerates~\\citep{perlmutter1999}.', second);
    assert.equal(sentenceCitesKey('/p/main.tex', secondUndone, second, at.second, 'perlmutter1999'), false);
    assert.equal(citesKey('/p/main.tex', secondUndone, 'perlmutter1999'), true, 'the file as a whole still cites it');
    assert.equal(sentenceCitesKey('/p/main.tex', secondUndone, first, at.first, 'perlmutter1999'), true);
    assert.equal(sentenceCitesKey('/p/main.tex', secondUndone, 'A sentence rewritten since.', 0, 'perlmutter1999'), undefined);
  });

  it('finds an entry by key in a .bib', () => {
    const bib = '@article{perlmutter1999,\n  title = {Measurements},\n}\n';
    assert.equal(bibHasKey(bib, 'perlmutter1999'), true);
    assert.equal(bibHasKey(bib, 'riess1998'), false);
  });

  it('says what was undone', () => {
    assert.equal(citedStateMessage('k1999', 'main.tex', 'refs.bib', { cited: false, entryPresent: false }), 'k1999 is no longer cited in main.tex and its entry is no longer in refs.bib (undone).');
    assert.equal(citedStateMessage('k1999', 'main.tex', '', { cited: false }), 'k1999 is no longer cited in main.tex (undone).');
    assert.equal(citedStateMessage('k1999', 'main.tex', 'refs.bib', { cited: true, entryPresent: true }), undefined);
  });

  it('an "uninserted" message takes the card\'s "cited as" away; "inserted" puts it back', () => {
    let state = applyHostMessage(emptyResults(), { type: 'inserted', id: 'doi:10.1086/307221', key: 'k1999', bibFile: '/p/refs.bib', reused: false });
    assert.deepEqual(state.inserted, { 'doi:10.1086/307221': 'k1999' });
    state = applyHostMessage(state, { type: 'uninserted', id: 'doi:10.1086/307221', message: 'k1999 is no longer cited in main.tex (undone).' });
    assert.deepEqual(state.inserted, {});
    state = applyHostMessage(state, { type: 'inserted', id: 'doi:10.1086/307221', key: 'k1999', reused: true });
    assert.deepEqual(state.inserted, { 'doi:10.1086/307221': 'k1999' });
  });
});
