// The order a paper's passages are shown in, in words. They come in the order the ranking found
// them likeliest to hold the claim (lexical.ts: BM25 and its second pass), or in the LLM judge's
// order; each passage's number is its support probability, another measure, so the numbers need
// not fall down the list (0.16, 0.14, 0.16). Sorting the three by that number put the paragraph a
// claim came from first less often (bench/paragraphs.ts, dev claims: GROBID TEI 95.7 % → 84.8 %,
// pdfjs 93.5 % → 84.8 %), so the order is kept, and every list of passages says which it is.
import type { ScoredParagraph } from '../types';

/** "passages likeliest to hold the claim first; …", or the judge's order when an LLM judged them. */
export function passageOrderNote(paragraphs: readonly Pick<ScoredParagraph, 'llmScore'>[]): string {
  const order = paragraphs.some((p) => p.llmScore !== undefined) ? "passages in the LLM judge's order" : 'passages likeliest to hold the claim first';
  return `${order}; each number is that passage's support`;
}
