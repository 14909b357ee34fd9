// Stage 1, the claim: the user's LaTeX selection → plain text, sentences and document context.
import type { Claim, DocumentContext } from '../types';
import { readDocumentContext } from './context';
import { latexToPlainText } from '../latex/plainText';
import { splitSentences } from '../text/sentences';
import { visibleText } from '../latex/hidden';
import { findMathMacros } from '../latex/mathMacros';

export { readDocumentContext } from './context';

/** A claim is one to a few sentences; beyond this it is a section, not a claim. */
export const MAX_CLAIM_WORDS = 1000;
/** Raw selections longer than this are rejected before parsing. */
const MAX_SELECTION_CHARS = 100_000;

export type ClaimErrorCode = 'empty' | 'no-text' | 'too-long';

export class ClaimError extends Error {
  override name = 'ClaimError';
  constructor(
    message: string,
    readonly code: ClaimErrorCode,
  ) {
    super(message);
  }
}

/**
 * Parses and validates a selection. Throws ClaimError for an empty selection, one with no prose
 * left once LaTeX is removed, or one longer than MAX_CLAIM_WORDS words.
 */
export function parseClaim(selection: string, document?: string, selectionOffset?: number): Claim {
  if (!selection || !selection.trim()) {
    throw new ClaimError('The claim is empty: select one to a few sentences to find citations for.', 'empty');
  }
  if (selection.length > MAX_SELECTION_CHARS) throw tooLong(countWords(selection));
  const text = latexToPlainText(visibleSelection(selection, document, selectionOffset));
  if (!/[\p{L}\p{N}]/u.test(text)) {
    throw new ClaimError(
      'The claim has no text left once LaTeX commands, math and citations are removed.',
      'no-text',
    );
  }
  const words = countWords(text);
  if (words > MAX_CLAIM_WORDS) throw tooLong(words);
  return { source: selection, text, sentences: splitSentences(text, 'claim'), context: contextFor(selection, document, selectionOffset) };
}

/**
 * The selection with what the document hides blanked. Read from the whole document where the
 * selection is found in it, so a selection that starts inside a comment environment or an
 * \iffalse block (whose opening lies outside the selection) hides that part too.
 */
function visibleSelection(selection: string, document?: string, selectionOffset?: number): string {
  if (!document) return selection;
  // The document's own display-math macros (\be … \ee): their equations are no claim words.
  const macros = findMathMacros([document]);
  const at = selectionOffset ?? locate(selection, document);
  if (at === undefined || document.slice(at, at + selection.length) !== selection) return visibleText(selection, macros);
  return visibleText(document, macros).slice(at, at + selection.length);
}

function contextFor(selection: string, document?: string, selectionOffset?: number): DocumentContext {
  if (!document || !document.trim()) return {};
  const offset = selectionOffset ?? locate(selection, document);
  return readDocumentContext(document, offset);
}

function locate(selection: string, document: string): number | undefined {
  const at = document.indexOf(selection);
  return at >= 0 ? at : undefined;
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

function tooLong(words: number): ClaimError {
  return new ClaimError(
    `The claim is ${words.toLocaleString('en-US')} words long; the limit is ${MAX_CLAIM_WORDS.toLocaleString('en-US')}. ` +
      'Select the sentence or few sentences that need a citation.',
    'too-long',
  );
}
