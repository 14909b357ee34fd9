// LaTeX comments blanked out of source text, for rules that read commands with regexes.

/**
 * Blanks comments (an unescaped `%` to the end of the line) so commented-out commands don't
 * count; offsets stay valid because each comment becomes spaces of the same length.
 */
export function stripComments(text: string): string {
  return text.replace(/(^|[^\\])(%.*)$/gm, (_, before: string, comment: string) => before + ' '.repeat(comment.length));
}
