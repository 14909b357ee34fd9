// Footnotes in Find Uncited Claims, on sentences of arXiv:2212.11826
// (test/fixtures/coverage/notes.tex): a footnote's sentences are listed on their own, where the
// footnote stands, and a footnote's \cite still cites for its host.
import assert from 'node:assert/strict';
import type { SentenceCoverage } from '../../../../src/core/coverage';
import { byText, coverNotes, lineOf, NOTES_SOURCE as source } from '../../../helpers/coverageNotes';

describe('coverage: footnotes are prose of their own', () => {
  const report = coverNotes();
  const find = (start: string) => byText(report, start);

  it('lists an uncited footnote’s claim on its own, its line and column inside the footnote', () => {
    const note = find('It has been quantitatively shown');
    assert.equal(note.role, 'footnote');
    assert.equal(note.needsCitation, true);
    assert.equal(note.reason, 'states a result of earlier work');
    assert.equal(note.line, lineOf('\\footnote{It has been'));
    assert.equal(source.slice(note.start, note.end), note.text);
    const host = find('Quantum neural networks are trained');
    assert.equal(host.text, 'Quantum neural networks are trained on near-term quantum hardware.', 'the footnote is not part of its host');
  });

  it('lists neither a footnote that cites nor its host sentence, which the footnote’s \\cite cites as before', () => {
    const note = find('Theoretical evidence has shown');
    assert.deepEqual([note.role, note.cited, note.needsCitation, note.score], ['footnote', true, false, 0]);
    const host = find('Kernel methods are a natural point of comparison');
    assert.deepEqual([host.cited, host.needsCitation, host.text], [true, false, 'Kernel methods are a natural point of comparison for such models.']);
  });

  it('reads \\footnotetext where it stands', () => {
    const note = find('It can be examined using Lie-algebraic tools.');
    assert.deepEqual([note.role, note.line, note.column], ['footnote', lineOf('\\footnotetext'), '\\footnotetext{'.length]);
  });

  it('leaves the body’s scores as they were without the footnotes’ text (a footnote’s \\cite counts once, for its host)', () => {
    // Each footnote's text taken out (the citing one keeps its \cite alone), each edit checked to have happened.
    const edits: [RegExp, string][] = [
      [/\\footnote\{It has been[^}]*\}/, ''],
      [/\\footnote\{Theoretical[^}]*(~\\cite\{1678be9f\})\.\}/, '\\footnote{$1}'],
      [/\\footnotetext\{[^}]*\}/, ''],
    ];
    const bare = edits.reduce((text, [pattern, by]) => {
      const edited = text.replace(pattern, by);
      assert.notEqual(edited, text, `${pattern} matches nothing in notes.tex`);
      return edited;
    }, source);
    const without = coverNotes(bare);
    assert.deepEqual(without.filter((s) => s.role === 'footnote').map((s) => s.text), [], 'no footnote sentence is left');
    const body = (sentences: SentenceCoverage[]) => sentences.filter((s) => s.role !== 'footnote').map((s) => [s.text, s.score]);
    assert.equal(body(report).length, 3 + 5 + 3, 'three sentences of the introduction, five of statements, three titles');
    assert.deepEqual(body(report), body(without));
  });
});
