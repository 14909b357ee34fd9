// One paragraph's pieces turned into located sentences: the rendered nodes' plain text is split by the
// claim splitter, each sentence found again in that text, mapped back to the source through the pieces,
// and told whether a citation stands in it. prose.ts walks the tree and gathers the pieces.
import { ELEMENT_MARK, splitSentences } from '../text/sentences';
import { tidy } from '../latex/plainText';
import { positionOf } from '../latex/citeSites';

/** A node of a paragraph as rendered: its plain text and where it stands in the source and in the paragraph's plain text. */
export interface Piece {
  text: string;
  start: number;
  end: number;
  cites: boolean;
  /** Plain-text offset in the paragraph. */
  at: number;
}

export interface Span {
  text: string;
  start: number;
  end: number;
}

/** A sentence of a paragraph: its source offsets (end exclusive), text, whether it cites and its place among the paragraph's. */
export interface ParagraphSentence {
  start: number;
  end: number;
  text: string;
  cited: boolean;
  index: number;
  count: number;
}

/**
 * The paragraph's sentences, each with the citations that stand in it. One with no letter (a lone
 * mark) is left out, but keeps its place in `index` and `count`.
 */
export function paragraphSentences(pieces: readonly Piece[]): ParagraphSentence[] {
  const plain = pieces.map((p) => p.text).join('');
  const spans = locateSentences(plain, splitSentences(plain, 'claim'));
  const cited = spans.map(() => false);
  for (const piece of pieces.filter((p) => p.cites)) {
    // A citation belongs to the sentence it follows: "… as shown.\cite{x} Next …" cites the first.
    const owner = spans.findLastIndex((s, i) => i === 0 || s.start <= piece.at);
    if (owner >= 0) cited[owner] = true;
  }
  const found: ParagraphSentence[] = [];
  spans.forEach((span, index) => {
    const text = tidy(span.text.replaceAll(ELEMENT_MARK, ' '));
    if (!/\p{L}/u.test(text)) return;
    const start = sourceOffset(pieces, span.start, 'start');
    const end = sourceOffset(pieces, span.end, 'end');
    found.push({ start, end, text, cited: cited[index]!, index, count: spans.length });
  });
  return found;
}

/**
 * Where each sentence (whitespace collapsed by the splitter) stands in the paragraph's plain
 * text: the two are walked side by side, whitespace in the plain text skipped.
 */
export function locateSentences(plain: string, sentences: string[]): Span[] {
  const spans: Span[] = [];
  let at = 0;
  for (const sentence of sentences) {
    const first = sentence.split(' ')[0]!;
    const start = plain.indexOf(first, at);
    if (start < 0) continue;
    let i = start;
    for (let j = 0; j < sentence.length && i < plain.length; ) {
      if (sentence[j] === plain[i]) {
        i++;
        j++;
      } else if (/\s/.test(plain[i]!)) i++;
      else if (sentence[j] === ' ') j++;
      else break;
    }
    spans.push({ text: sentence, start, end: i });
    at = i;
  }
  return spans;
}

/** The source offset of a plain-text offset: inside a word exactly, elsewhere at its node's edge. */
export function sourceOffset(pieces: readonly Piece[], plainAt: number, edge: 'start' | 'end'): number {
  const probe = edge === 'start' ? plainAt : plainAt - 1;
  const piece = pieces.findLast((p) => p.at <= probe && p.text.length > 0) ?? pieces[0];
  if (!piece) return 0;
  const within = probe - piece.at;
  if (piece.end - piece.start === piece.text.length) return piece.start + within + (edge === 'end' ? 1 : 0);
  return edge === 'start' ? piece.start : piece.end;
}

export function locationOf(starts: number[], offset: number): { line: number; column: number } {
  const { line, character } = positionOf(starts, offset);
  return { line, column: character };
}
