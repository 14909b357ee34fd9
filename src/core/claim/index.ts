// Stage 1, the claim: the user's LaTeX selection → plain text, sentences and document context.
import type { Claim, DocumentContext } from '../types';
import { readDocumentContext } from './context';
import { latexToPlainText } from '../latex/plainText';
import { splitSentences } from '../text/sentences';
import { visibleText } from '../latex/hidden';
import { findMathMacros, type MathMacros } from '../latex/mathMacros';
import { withoutLabelsOfRefs } from '../text/internalReferences';

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
export function parseClaim(selection: string, document?: string, selectionOffset?: number, root?: string): Claim {
  if (!selection || !selection.trim()) {
    throw new ClaimError('The claim is empty: select one to a few sentences to find citations for.', 'empty');
  }
  if (selection.length > MAX_SELECTION_CHARS) throw tooLong(countWords(selection));
  // The display-math macros of the file and of its root (a chapter uses the preamble's).
  const macros = findMathMacros([document ?? '', root ?? '']);
  const text = latexToPlainText(withoutLabelsOfRefs(visibleSelection(selection, macros, document, selectionOffset)));
  if (!/[\p{L}\p{N}]/u.test(text)) {
    throw new ClaimError(
      'The claim has no text left once LaTeX commands, math and citations are removed.',
      'no-text',
    );
  }
  const words = countWords(text);
  if (words > MAX_CLAIM_WORDS) throw tooLong(words);
  const context = withRootContext(contextFor(selection, macros, document, selectionOffset), root, macros);
  return { source: selection, text, sentences: splitSentences(text, 'claim'), context };
}

/**
 * The selection with what the document hides blanked. Read from the whole document where the
 * selection is found in it, so a selection that starts inside a comment environment or an
 * \iffalse block (whose opening lies outside the selection) hides that part too.
 */
function visibleSelection(selection: string, macros: MathMacros, document?: string, selectionOffset?: number): string {
  if (!document) return visibleText(selection, macros);
  const at = selectionOffset ?? locate(selection, document);
  if (at === undefined || document.slice(at, at + selection.length) !== selection) return visibleText(selection, macros);
  return visibleText(document, macros).slice(at, at + selection.length);
}

function contextFor(selection: string, macros: MathMacros, document?: string, selectionOffset?: number): DocumentContext {
  if (!document || !document.trim()) return {};
  const offset = selectionOffset ?? locate(selection, document);
  return readDocumentContext(document, offset, macros);
}

/** A chapter's context with the title and abstract its root gives, where it has none of its own. */
function withRootContext(context: DocumentContext, root: string | undefined, macros: MathMacros): DocumentContext {
  if (!root?.trim() || (context.title && context.abstract)) return context;
  const { title, abstract } = readDocumentContext(root, undefined, macros);
  return { ...(title && { title }), ...(abstract && { abstract }), ...context };
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
