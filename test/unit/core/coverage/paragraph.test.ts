// One paragraph's pieces turned into located sentences (src/core/coverage/paragraph.ts), on sentences of
// arXiv:2212.11826 as test/fixtures/coverage/notes.tex sets them: a citation after a full stop belongs to
// the sentence before it, and each sentence maps back to its source offsets through the pieces.
import assert from 'node:assert/strict';
import { paragraphSentences, type Piece } from '../../../../src/core/coverage/paragraph';
import { ELEMENT_MARK } from '../../../../src/core/text/sentences';

/** Pieces laid end to end in a source written as their texts, a citation standing as `\cite{k}` in it. */
function laidOut(parts: (string | 'cite')[]): { source: string; pieces: Piece[] } {
  let source = '';
  let at = 0;
  const pieces: Piece[] = [];
  for (const part of parts) {
    const text = part === 'cite' ? ELEMENT_MARK : part;
    const written = part === 'cite' ? '\\cite{k}' : part;
    pieces.push({ text, start: source.length, end: source.length + written.length, cites: part === 'cite', at });
    source += written;
    at += text.length;
  }
  return { source, pieces };
}

describe('paragraphSentences', () => {
  it('gives a citation after the full stop to the sentence before it, each sentence at its source offsets', () => {
    const first = 'Kernel methods are a natural point of comparison for such models.';
    const second = ' The expressibility of a quantum transformation depends on its generators.';
    const { source, pieces } = laidOut([first, 'cite', second]);
    const found = paragraphSentences(pieces);
    assert.deepEqual(found.map((s) => [s.text, s.cited, s.index, s.count]), [
      [first, true, 0, 2],
      [second.trim(), false, 1, 2],
    ]);
    assert.deepEqual(found.map((s) => source.slice(s.start, s.end)), [first, second.trim()]);
  });

  it('gives nothing for a paragraph without pieces', () => {
    assert.deepEqual(paragraphSentences([]), []);
  });
});
