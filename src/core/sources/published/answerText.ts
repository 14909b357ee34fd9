// Reading the published lanes' JSON answers: a field's text, and what an answer that is not the
// service's JSON was, in words for a warning.
import { looksLikeHtml } from '../../net/html';
import { excerpt } from '../errors';

/** The trimmed text of a field, or undefined for anything else (null, a number, blanks). */
export function fieldText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** "an HTML page", or the answer's first words in quotes. */
export function describeAnswer(text: string): string {
  return looksLikeHtml(text) ? 'an HTML page' : `"${excerpt(text, 60)}"`;
}
