// A .bbl that prints a crossref parent. BibTeX prints a volume that at least min-crossrefs (2)
// entries cross-reference as an item of its own, and each child's venue as a citation of it:
// plainnat's "In \citet{neurips2021}, pages 7799--7812.", plain's "In Ranzato et~al.
// \cite{neurips2021}, pages …". Read alone, a child has no venue ("In", "Ranzato et al") and the
// volume reads as a work no authority knows. Each child gets the volume's title and year in place
// of the citation, as BibTeX prints a child whose volume is not printed, and the volume is left out
// of the check, as the .bib check leaves out the entries others cross-reference (bibcheck/index.ts).
// IEEEtran prints each child's venue whole ("in \emph{Advances …}, M.~Ranzato, …, Eds."), and the
// volume still as an item: a volume with editors whose title is another item's venue is left out too.

/** One item's `\bibitem` key and its LaTeX, after the head. */
export interface PrintedItem {
  key?: string;
  latex: string;
}

/** "In" then, in the same block, the editors and a citation of one key: a child's venue. */
const IN_CITATION = /\bIn\b((?:(?!\\newblock)[^\\]|\\(?!newblock)(?!cite))*?)\\cite[a-zA-Z]*\*?\s*(?:\[[^\]]*\]\s*)*\{([^{},]+)\}/;
/** The first emphasised part of the volume's item: its title, as every style prints a volume. */
const EMPHASIS = /\\(?:emph|textit)\s*\{((?:[^{}]|\{[^{}]*\})*)\}|\{\\(?:em|it|itshape)\s+((?:[^{}]|\{[^{}]*\})*)\}/;
const YEAR = /\b(?:1[6-9]|20)\d\d\b/g;

/** The items with each child's venue read from its volume, without the volumes; and the volumes' keys. */
export function withCrossrefParents<T extends PrintedItem>(items: readonly T[]): { items: T[]; parents: string[] } {
  const byKey = new Map(items.filter((i) => i.key).map((i) => [i.key!, i]));
  const parents = new Set<string>();
  const resolved = items.map((item) => {
    const cited = IN_CITATION.exec(item.latex);
    const parent = cited && cited[2]!.trim() !== item.key ? byKey.get(cited[2]!.trim()) : undefined;
    const title = parent && EMPHASIS.exec(parent.latex);
    if (!cited || !parent || !title) return item;
    parents.add(parent.key!);
    const year = item.latex.match(YEAR) ? '' : (parent.latex.match(YEAR)?.at(-1) ?? '');
    const venue = `In \\emph{${title[1] ?? title[2]}}${year ? `, ${year}` : ''}`;
    return { ...item, latex: item.latex.slice(0, cited.index) + venue + item.latex.slice(cited.index + cited[0].length) };
  });
  for (const volume of items) if (volume.key && !parents.has(volume.key) && isPrintedVenue(volume, items)) parents.add(volume.key);
  return { items: resolved.filter((item) => !parents.has(item.key ?? '')), parents: [...parents] };
}

/** What a reader of the list is told about the volumes left out: the CLI's stderr, the editor's report and message alike. */
export function crossrefParentsNotice(parents: readonly string[]): string[] {
  return parents.length ? [`Not checked, as volumes other references cross-reference (crossref): ${parents.join(', ')}.`] : [];
}

/** Editors as the styles print them: "Eds.", "editors", "(eds.)", "ed.". */
const EDITORS = /\b(?:Eds?\.|editors?\b)/i;

/** A volume printed with its editors, whose title another item prints as its venue ("in \emph{…}"). */
function isPrintedVenue(volume: PrintedItem, items: readonly PrintedItem[]): boolean {
  const title = EMPHASIS.exec(volume.latex);
  if (!title || !EDITORS.test(volume.latex.slice(0, title.index))) return false;
  const words = (latex: string) => latex.replace(/\s+/g, ' ').trim();
  const wanted = words(title[1] ?? title[2]!);
  const venue = new RegExp(`\\bin\\s+${EMPHASIS.source}`, 'gi');
  return items.some((item) => item !== volume && [...item.latex.matchAll(venue)].some((m) => words(m[1] ?? m[2]!) === wanted));
}
