// Where "Insert Citation" from Uncited Claims puts the \cite of a named theorem's title and of a
// footnote's sentence, on the listed spans of arXiv:2212.11826 (test/fixtures/coverage/notes.tex): the
// editor and `coverage --insert` plan it with planCitation on the span the list gives (the title between
// its brackets; the sentence inside \footnote{…}), so the citation lands inside the title's brackets and
// inside the footnote's braces, before the full stop or after it as the document's habit is.
import assert from 'node:assert/strict';
import type { SentenceCoverage } from '../../../../src/core/coverage';
import { planCitation } from '../../../../src/core/manuscript/informalInsert';
import { parseClaim } from '../../../../src/core/claim/index';
import { byText, coverNotes, NOTES_SOURCE as source } from '../../../helpers/coverageNotes';

const listed = coverNotes().filter((s) => s.needsCitation);
/** The line of `text` that holds `needle` (the edited line, to compare whole). */
const lineHolding = (text: string, needle: string) => text.split('\n').find((line) => line.includes(needle)) ?? '';

function cited(s: SentenceCoverage, afterPunctuation = false): string {
  const plan = planCitation(source, s.start, s.end, 'key', '\\cite', { afterPunctuation });
  assert.ok(plan.edit, 'an edit is planned');
  const { offset, deleteLength, insert } = plan.edit;
  return source.slice(0, offset) + insert + source.slice(offset + deleteLength);
}

describe('coverage: inserting for a named theorem and a footnote', () => {
  const title = listed.find((s) => s.role === 'named result')!;
  const note = byText(listed, 'It has been quantitatively shown');

  it('cites a named theorem inside its title’s brackets', () => {
    assert.equal(lineHolding(cited(title), '\\begin{theorem}[Representer'), '\\begin{theorem}[Representer theorem~\\cite{key}]');
    assert.equal(lineHolding(cited(title, true), '\\begin{theorem}[Representer'), '\\begin{theorem}[Representer theorem~\\cite{key}]');
  });

  it('cites a footnote’s sentence inside the footnote’s braces', () => {
    const line = '\\footnote{It has been quantitatively shown that QNNs can be trained faster than their classical analogues';
    assert.ok(lineHolding(cited(note), line).endsWith(`${line}~\\cite{key}.}`), lineHolding(cited(note), line));
    assert.ok(lineHolding(cited(note, true), line).endsWith(`${line}.\\cite{key}}`), lineHolding(cited(note, true), line));
  });

  it('searches for a named theorem by its title, read as a claim', () => {
    const claim = parseClaim(source.slice(title.start, title.end), source, title.start);
    assert.equal(claim.text, 'Representer theorem');
  });
});
