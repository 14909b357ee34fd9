// A document that cites after the full stop or comma (REVTeX, superscript styles: "observed.\cite{x}")
// gets its new citations there too; one that cites before it, or has no citation yet, keeps the default.
import assert from 'node:assert/strict';
import { planCiteInsertion } from '../../../../src/core/manuscript/citeInsert';
import { citesAfterPunctuation } from '../../../../src/core/manuscript/citePlacement';
import { applyEdits } from '../../../../src/core/manuscript/insertPlan';

const PRL = String.raw`\documentclass[aps,prl,superscriptaddress]{revtex4-2}
\begin{document}
Type Ia supernovae are standardizable candles.\cite{phillips1993} Their light curves were
calibrated by Riess et al.~\cite{riess1996}, and the expansion was found to accelerate,\cite{riess1998,perlmutter1999}
as later confirmed.~\cite{astier2006}
% An older draft said accelerating~\cite{draft}. and~\cite{draft2}.
The cosmic microwave background fixes the geometry.
\end{document}
`;

describe('cite placement after punctuation', () => {
  it('reads the habit from the document\'s own citations, abbreviations and comments aside', () => {
    assert.equal(citesAfterPunctuation([PRL]), true);
    assert.equal(citesAfterPunctuation(['It accelerates~\\cite{a}. It is flat~\\citep[p.~3]{b}, and old.\\cite{c}']), false, 'the majority');
    assert.equal(citesAfterPunctuation(['As Smith et al.~\\cite{a} and others (see, e.g.,~\\cite{b}) showed.']), false, 'after "et al." and "e.g.," is no habit');
    assert.equal(citesAfterPunctuation(['No citation yet.']), false);
  });

  it('reads the habit from the project\'s own citation macro, its definition aside', () => {
    const macro = String.raw`\documentclass[aps,prl]{revtex4-2}
\newcommand{\refp}[1]{\cite{#1}}
\begin{document}
Type Ia supernovae are standardizable candles.\refp{a} They were calibrated.\refp{b}
The universe is accelerating.
\end{document}
`;
    assert.equal(citesAfterPunctuation([macro]), true);
    const defined = String.raw`\newcommand{\refp}[1]{see.\cite{#1}}
It accelerates~\refp{a}. It is flat~\refp{b}.`;
    assert.equal(citesAfterPunctuation([defined]), false, 'the definition\'s body is no use');
  });

  it('puts a new citation right after the claim\'s full stop, without a tie, in such a document', () => {
    const claim = 'The cosmic microwave background fixes the geometry.';
    const start = PRL.indexOf(claim);
    const plan = planCiteInsertion(PRL, start, start + claim.length, 'spergel2003', '\\cite', true);
    assert.ok(applyEdits(PRL, [plan.edit!]).includes(`${claim}\\cite{spergel2003}\n`));
    const words = planCiteInsertion(PRL, start, start + claim.length - 1, 'spergel2003', '\\cite', true);
    assert.deepEqual(words.edit, plan.edit, 'a selection that leaves the full stop out');
    assert.ok(applyEdits(PRL, [planCiteInsertion(PRL, start, start + claim.length, 'k', '\\cite').edit!]).includes('geometry~\\cite{k}.'), 'the default');
  });

  it('adds the key to the citation already standing after the stop', () => {
    const claim = 'Type Ia supernovae are standardizable candles.';
    const start = PRL.indexOf(claim);
    const plan = planCiteInsertion(PRL, start, start + claim.length, 'hamuy1996', '\\cite', true);
    assert.equal(plan.merged, true);
    assert.ok(applyEdits(PRL, [plan.edit!]).includes('candles.\\cite{phillips1993,hamuy1996}'));
  });
});
