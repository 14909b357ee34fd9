// Where a piece of text is now, after edits elsewhere moved it: its occurrence nearest to where it
// was. Imports nothing and lies outside core/text (which the shell must not load), so the
// editor's light shell uses it as the core does.

/** The start of the occurrence of `text` in `source` nearest to `near`; undefined when there is none. */
export function nearestOccurrence(source: string, text: string, near: number): number | undefined {
  if (!text) return undefined;
  if (source.startsWith(text, near)) return near;
  const after = source.indexOf(text, near);
  const before = source.lastIndexOf(text, near);
  if (after < 0 || before < 0) return after >= 0 ? after : before >= 0 ? before : undefined;
  return near - before <= after - near ? before : after;
}
