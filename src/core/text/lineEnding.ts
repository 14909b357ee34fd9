// A file's own line ending, so the text citefinder adds to it matches: a CRLF file stays CRLF
// throughout (mixed endings show as noise in every diff and confuse some tools).

export type LineEnding = '\n' | '\r\n';

/** CRLF when the text's first line ends so; LF otherwise (also for text of one line). */
export function lineEndingOf(text: string): LineEnding {
  const lf = text.indexOf('\n');
  return lf > 0 && text[lf - 1] === '\r' ? '\r\n' : '\n';
}

/** `text` with each of its line breaks written as `ending`. */
export function withLineEnding(text: string, ending: LineEnding): string {
  return text.replace(/\r?\n/g, ending);
}
