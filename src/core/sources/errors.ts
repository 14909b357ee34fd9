// One error type for "the search host answered, but not with something we can use", so callers
// can show the message as is instead of a parser's stack trace.

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

/** A short, single-line excerpt of a body for error messages. */
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max) + '…' : flat;
}
