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

/** The <title> of an HTML page, to say which page a host sent instead of data. */
export function htmlTitle(text: string): string | undefined {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text);
  return match?.[1]?.replace(/\s+/g, ' ').trim() || undefined;
}

export function looksLikeHtml(text: string): boolean {
  return /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(text);
}

/** A short, single-line excerpt of a body for error messages. */
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max) + '…' : flat;
}
