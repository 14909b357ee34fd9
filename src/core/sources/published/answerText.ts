// Reading the published lanes' JSON answers: a field's text (with the publishers' markup read), and
// what an answer that is not the service's JSON was, in words for a warning.
import { looksLikeHtml } from '../../net/html';
import { excerpt, looksBinary } from '../errors';
import { plainMarkupText } from '../markupText';

/** The trimmed text of a field, or undefined for anything else (null, a number, blanks). */
export function fieldText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * A title's or abstract's words: Semantic Scholar and OpenAlex pass on the publishers' entities and
 * markup (SAGE's `&dquo;`, `<i>ATM</i>`, `CO<sub>2</sub>`, `&amp;`). Undefined when nothing is left.
 */
export function markupFieldText(value: unknown): string | undefined {
  const text = fieldText(value);
  return text ? plainMarkupText(text) || undefined : undefined;
}

/** "an HTML page", "binary data", or the answer's first words in quotes. */
export function describeAnswer(text: string): string {
  if (looksLikeHtml(text)) return 'an HTML page';
  return looksBinary(text) ? 'binary data' : `"${excerpt(text, 60)}"`;
}
