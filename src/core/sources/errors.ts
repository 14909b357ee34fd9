// One error type for "the search host answered, but not with something we can use", so callers
// can show the message as is instead of a parser's stack trace.
import { plural } from '../text/plural';

export class SourceError extends Error {
  override name = 'SourceError';
  constructor(
    message: string,
    /** The host's name as users know it, e.g. 'arXiv', 'Europe PMC'. */
    readonly host: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Control characters (an escape sequence would reach the user's terminal) and undecodable bytes. */
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]+/g;

/** True when a body is bytes rather than text: a NUL, or many characters no text has, near its start. */
export function looksBinary(text: string): boolean {
  const head = text.slice(0, 512);
  if (head.includes('\u0000')) return true;
  const unprintable = [...head.matchAll(UNPRINTABLE)].reduce((n, m) => n + m[0].length, 0);
  return head.length > 0 && unprintable / head.length > 0.1;
}

/** A short, single-line excerpt of a body for error messages; a service's unprintable bytes show as `?`. */
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(UNPRINTABLE, '?').replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max) + '…' : flat;
}

/**
 * The warning for records of an answer that were skipped while the others were kept:
 * "Europe PMC sent 3 records with fields missing or of the wrong type; skipped them." (one: "1 record …; skipped it.").
 */
export function skippedRecordsWarning(host: string, count: number, what: string): string {
  return `${host} sent ${plural(count, 'record')} ${what}; skipped ${count === 1 ? 'it' : 'them'}.`;
}
