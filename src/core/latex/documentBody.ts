// Where a document's body stands: between `\begin{document}` and `\end{document}`. The preamble
// before it is no prose and takes no citation; a `filecontents` environment in the preamble may
// hold a whole document of its own, which is not this one's body.

/**
 * The body of `visible` (hidden text already blanked): from just after `\begin{document}` to its
 * `\end` (or the text's end); undefined in a file without one (a chapter).
 */
export function documentBody(visible: string): { start: number; end: number } | undefined {
  const begin = /\\begin\s*\{filecontents\*?\}[\s\S]*?\\end\s*\{filecontents\*?\}|\\begin\s*\{document\}/g;
  const found = [...visible.matchAll(begin)].find((m) => !/filecontents/.test(m[0]));
  if (!found) return undefined;
  const start = found.index + found[0].length;
  const end = /\\end\s*\{document\}/.exec(visible.slice(start));
  return { start, end: end ? start + end.index : visible.length };
}
