// Text cut to fit a line or a prompt, where a reader must see that it was cut.

/** `text` whole when it has at most `size` characters, else its first `size` cut back to a whole word, with "…". */
export function clipText(text: string, size: number): string {
  return text.length <= size ? text : text.slice(0, size).replace(/\s+\S*$/, '') + '…';
}
