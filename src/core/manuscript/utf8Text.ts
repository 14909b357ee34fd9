// Is a file read as UTF-8 text at all? Kept apart from latexSource.ts so the CLI's small entry
// (kept.ts) can ask without loading the project readers.

/** The one-line reason a file read as UTF-8 is not text (NUL bytes: UTF-16 or binary), else undefined. */
export function notUtf8TextReason(text: string, shownName: string): string | undefined {
  // UTF-16 read as UTF-8 keeps its letters, each beside a NUL: no command matches, and the encoding is the reason.
  return text.includes('\0') ? `"${shownName}" is not UTF-8 text (it has NUL bytes: UTF-16, perhaps); save it as UTF-8.` : undefined;
}
