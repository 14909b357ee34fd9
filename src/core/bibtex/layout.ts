// The entry citefinder appends to the user's .bib, laid out to be read: one field per line,
// indented, each value exactly as the authority wrote it (delimiters included). doi.org and
// Crossref send a whole entry on one line with a leading space, which nobody can review in a
// diff. `bib.keepAuthorityLayout` keeps the authority's bytes as they came. Entries already in
// the user's file are never touched; only the new entry is laid out.
import { bibtexParser } from 'latex-utensils';

/**
 * ```
 * @article{Perlmutter_1999,
 *   doi = {10.1086/307221},
 *   title = {Measurements of $\Omega$ and $\Lambda$ from 42 High-Redshift Supernovae},
 * }
 * ```
 * The text as it is when it is not exactly one entry that can be laid out safely.
 */
export function readableEntry(bibtex: string): string {
  let ast: bibtexParser.BibtexAst;
  try {
    ast = bibtexParser.parse(bibtex);
  } catch {
    return bibtex;
  }
  const entries = ast.content.filter(bibtexParser.isEntry);
  if (entries.length !== 1 || ast.content.length !== 1) return bibtex;
  const entry = entries[0]!;
  const source = bibtex.slice(entry.location.start.offset, entry.location.end.offset);
  const open = source.search(/[{(]/);
  if (open < 0) return bibtex;
  const head = `${source.slice(0, open).trim()}{${entry.internalKey ?? ''},`;
  const width = Math.max(0, ...entry.content.map((f) => f.name.length));
  const fields = entry.content.map((field) => {
    const value = bibtex.slice(field.value.location.start.offset, field.value.location.end.offset);
    return `  ${field.name.padEnd(width)} = ${value},`;
  });
  const laidOut = [head, ...fields, '}'].join('\n');
  // Only white space may change: the same fields and values must come out of both.
  return sameContent(bibtex, laidOut) ? laidOut : bibtex;
}

function sameContent(a: string, b: string): boolean {
  try {
    const [x, y] = [a, b].map((text) => bibtexParser.parse(text).content.filter(bibtexParser.isEntry)[0]);
    if (!x || !y || x.internalKey !== y.internalKey || x.entryType !== y.entryType || x.content.length !== y.content.length) return false;
    const valueOf = (text: string, f: bibtexParser.Field) => text.slice(f.value.location.start.offset, f.value.location.end.offset);
    return x.content.every((f, i) => f.name === y.content[i]!.name && valueOf(a, f) === valueOf(b, y.content[i]!));
  } catch {
    return false;
  }
}
