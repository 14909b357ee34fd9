// .bib entries typeset as BibTeX's plainnat style writes them into a .bbl, in TypeScript (no TeX
// needed, deterministic): "First Last, First Last, and First Last.", \newblock title, \newblock
// "In \emph{booktitle}, pages, year." or "\emph{journal}, vol(num):pages, year.", then DOI, eprint
// and URL blocks. The fields' LaTeX is kept as BibTeX copies it.

export interface BibLike {
  key: string;
  type: string;
  fields: Record<string, string>;
}

/** "Last, First" → "First Last"; "others" → "et~al.". */
function formatNames(author: string): string {
  const names = author.split(/\s+and\s+/).map((n) => {
    if (n.trim() === 'others') return 'others';
    const [last, first] = n.split(/,\s*/, 2);
    return first === undefined ? n.trim() : `${first.trim()} ${last!.trim()}`;
  });
  const others = names.at(-1) === 'others';
  const named = others ? names.slice(0, -1) : names;
  if (others) return `${named.join(', ')} et~al.`;
  if (named.length <= 2) return named.join(' and ');
  return `${named.slice(0, -1).join(', ')}, and ${named.at(-1)}`;
}

function venueBlock(entry: BibLike): string {
  const f = entry.fields;
  const pages = f.pages?.replace(/-+/, '--');
  if (f.journal) {
    const volume = f.volume ? `, ${f.volume}${f.number ? `(${f.number})` : ''}${pages ? `:${pages}` : ''}` : pages ? `, ${pages}` : '';
    return `\\emph{${f.journal}}${volume}, ${f.year ?? ''}.`;
  }
  if (f.booktitle) return `In \\emph{${f.booktitle}}${pages ? `, pages ${pages}` : ''}, ${f.year ?? ''}.`;
  return `${f.howpublished ? `${f.howpublished}, ` : ''}${f.year ?? ''}.`;
}

export function bblItem(entry: BibLike): string {
  const f = entry.fields;
  const lines = [`\\bibitem{${entry.key}}`];
  if (f.author) lines.push(`${formatNames(f.author)}.`);
  lines.push(`\\newblock ${f.title ?? ''}.`, `\\newblock ${venueBlock(entry)}`);
  if (f.eprint) lines.push(`\\newblock arXiv:${f.eprint}.`);
  if (f.doi) lines.push(`\\newblock \\doi{${f.doi}}.`);
  if (f.url) lines.push(`\\newblock URL \\url{${f.url}}.`);
  return lines.join('\n');
}

export function bblOf(entries: BibLike[]): string {
  return [`\\begin{thebibliography}{${entries.length}}`, '', ...entries.map((e) => `${bblItem(e)}\n`), '\\end{thebibliography}', ''].join('\n');
}
