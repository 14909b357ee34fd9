// Insert citation on an informal mention: the bare mention becomes \cite{key}; the in-sentence
// one keeps the prose (textual \citet / \textcite with natbib / biblatex, else the year gives
// way to ~\cite{key}). Each plan is applied to real text and the result compared.
import assert from 'node:assert/strict';
import { recogniseInformalCitation } from '../../../../src/core/informal/recognise';
import { planCitation, planInformalReplacement } from '../../../../src/core/manuscript/informalInsert';
import { applyEdits } from '../../../../src/core/manuscript/insertPlan';

/** `source` with `«` and `»` marking the selection; the replaced text is returned. */
function insert(marked: string, command: string, key = 'perlmutter1999'): string {
  const start = marked.indexOf('«');
  const end = marked.indexOf('»') - 1;
  const source = marked.replace('«', '').replace('»', '');
  const citation = recogniseInformalCitation(source.slice(start, end));
  assert.ok(citation, 'recognised');
  return applyEdits(source, [planInformalReplacement(source, start, citation, key, command)]);
}

describe('informal citations: insertion', () => {
  it('replaces a bare bracketed mention with the cite command, tied to the word before', () => {
    assert.equal(insert('The expansion accelerates «[Riess 1998]».', '\\cite', 'riess1998'), 'The expansion accelerates~\\cite{riess1998}.');
    assert.equal(insert('The expansion accelerates «(Perlmutter et al., 1999)».', '\\citep'), 'The expansion accelerates~\\citep{perlmutter1999}.');
  });
  it('replaces a whole selected mention or reference line', () => {
    assert.equal(insert('«(Smith and Jones, 2020)»', '\\cite', 'smith2020'), '\\cite{smith2020}');
    assert.equal(insert('See\n«Perlmutter, S., et al. 1999, ApJ, 517, 565»\n', '\\cite'), 'See\n\\cite{perlmutter1999}\n');
  });
  it('keeps the prose of an in-sentence mention: only the year gives way without natbib', () => {
    assert.equal(insert('«as Perlmutter et al. (1999) showed», the Universe accelerates.', '\\cite'), 'as Perlmutter et al.~\\cite{perlmutter1999} showed, the Universe accelerates.');
    assert.equal(insert('«the BERT paper by Devlin et al. 2018» uses', '\\cite', 'devlin2019'), 'the BERT paper by Devlin et al.~\\cite{devlin2019} uses');
  });
  it('uses the textual command for an in-sentence mention with natbib or biblatex', () => {
    assert.equal(insert('«as Perlmutter et al. (1999) showed»', '\\citep'), 'as \\citet{perlmutter1999} showed');
    assert.equal(insert('«as Perlmutter et al. (1999) showed»', '\\autocite'), 'as \\textcite{perlmutter1999} showed');
    assert.equal(insert('We follow «Devlin, Chang, Lee and Toutanova (2019)».', 'citep', 'devlin2019'), 'We follow \\citet{devlin2019}.');
  });
  it('plans a claim as before and an informal selection as a replacement (one entry point for extension and CLI)', () => {
    const claim = 'Type Ia supernovae show that the Universe accelerates.';
    assert.deepEqual(planCitation(claim, 0, claim.length, 'riess1998', '\\cite').edit, { offset: claim.length - 1, deleteLength: 0, insert: '~\\cite{riess1998}' });
    const informal = 'The Universe accelerates [Riess 1998].';
    const plan = planCitation(informal, 25, informal.length - 1, 'riess1998', '\\cite');
    assert.equal(applyEdits(informal, [plan.edit!]), 'The Universe accelerates~\\cite{riess1998}.');
  });
});
