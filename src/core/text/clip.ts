// Text cut to fit a line or a prompt, where a reader must see that it was cut.

/**
 * `text` in at most `max` characters: whole when it fits, else cut at the last word boundary that
 * keeps most of it (or mid-word when a word is that long), with "…" saying something was left out.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.replace(/[\s,;:]+\S*$/, '');
  return (atWord.length >= cut.length * 0.6 ? atWord : cut).trimEnd() + '…';
}
