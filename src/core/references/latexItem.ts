// One \bibitem's LaTeX as a reference item: its \newblock blocks and emphasised parts in plain
// text (what a BibTeX style separates and italicises is the structure the fields are read from),
// and links kept as text. The LaTeX is read, never run: commands become their words or nothing.
import { plainLine, SKIP_WITH_GLUE } from '../latex/plainText';
import { decodeEntities, plainTitle } from '../bibcheck/titles';
import type { ReferenceItem } from './types';

/** A group's content up to one level of nested braces. */
const GROUP = String.raw`\{((?:[^{}]|\{[^{}]*\})*)\}`;
const EMPHASIS = new RegExp(String.raw`\\(?:emph|textit|textsl)\s*${GROUP}|\{\\(?:em|it|sl|itshape)\s+((?:[^{}]|\{[^{}]*\})*)\}`, 'g');

/** A link's characters as LaTeX would print them verbatim (its `_` no subscript, its `%` no comment, its `~` no space). */
function verbatim(text: string): string {
  return text.replace(/\\([_%&#$~])/g, '$1').replace(/([_%&#$^])/g, '\\$1').replace(/~/g, '\\textasciitilde{}');
}

/** Links and identifiers as plain text, before the LaTeX is turned into words (which drops \url). */
function linksAsText(latex: string): string {
  return latex
    .replace(/\\penalty-?\d+\s*/g, '')
    // IEEEtran's block separator ("\emph{Deep Learning}.\hskip 1em plus 0.5em minus 0.4em\relax Cambridge, MA, USA: MIT Press").
    .replace(SKIP_WITH_GLUE, (glue, command: string) => (command === 'hskip' ? '. ' : glue))
    .replace(new RegExp(String.raw`\\href\s*\{([^{}]*)\}\s*${GROUP}`, 'g'), (_m, url: string, words: string) => `${words} ${verbatim(url)}`)
    .replace(/\\(?:url|path|nolinkurl)\s*\{([^{}]*)\}/g, (_m, url: string) => ` ${verbatim(url)} `)
    .replace(/\\doi\s*\{([^{}]*)\}/g, (_m, doi: string) => ` doi:${verbatim(doi)} `)
    .replace(/\\eprint\s*\{([^{}]*)\}/g, (_m, id: string) => ` arXiv:${verbatim(id)} `);
}

/** HTML entities copied into a .bib (DBLP's `&apos;`) as their characters, a bare `&` as printed. */
function withoutEntities(latex: string): string {
  return decodeEntities(latex).replace(/(?<!\\)&/g, '\\&');
}

/** Plain text of a fragment. */
export function plainOf(latex: string): string {
  return plainLine(linksAsText(withoutEntities(latex))).replace(/\s+([.,;:])/g, '$1');
}

/**
 * IEEEtran's book, which has no \newblock: "I.~Goodfellow, Y.~Bengio, and A.~Courville, \emph{Deep Learning}.\hskip
 * 1em plus 0.5em minus 0.4em\relax Cambridge, MA, USA: MIT Press, 2016." The names, the emphasised title,
 * and the rest (the glue is the separator before "address: publisher") as a natbib style's three blocks.
 */
function ieeeBookParts(latex: string): string[] | undefined {
  const emphasis = new RegExp(String.raw`\\emph\s*${GROUP}`).exec(latex);
  if (!emphasis) return undefined;
  const names = latex.slice(0, emphasis.index);
  const rest = latex.slice(emphasis.index + emphasis[0].length);
  // An article's quoted title comes before its emphasised venue; a book has the title right after the names.
  if (!/,\s*$/.test(names) || /``|"/.test(names) || !new RegExp(SKIP_WITH_GLUE.source).test(rest)) return undefined;
  return [names.replace(/,\s*$/, ''), emphasis[1]!, rest.replace(/^\s*[.,]\s*/, '')];
}

/** The item read from its LaTeX (everything after `\bibitem[label]{key}`). */
export function itemOfLatex(latex: string, where: Omit<ReferenceItem, 'text'>): ReferenceItem {
  const newblocks = latex.split(/\\newblock\b/);
  const book = newblocks.length > 1 ? undefined : ieeeBookParts(latex);
  const parts = book ?? newblocks;
  // Blocks keep their places (an empty one included): the second is the title's. Its maths is
  // read as the .bib engine reads a title's (`$\varepsilon$` as words), not dropped.
  const blocks = parts.map((part, i) => (i === 1 ? plainTitle(linksAsText(withoutEntities(part))) : plainOf(part)));
  // With blocks, the emphasis after the title's block is the venue's (a book's title is its own block).
  const emphasised = [...(parts.length > 2 ? parts.slice(2).join(' ') : latex).matchAll(EMPHASIS)].map((m) => plainOf(m[1] ?? m[2] ?? '')).filter(Boolean);
  const text = book ? plainOf(latex) : blocks.filter(Boolean).join(' ');
  return { ...where, text, ...(parts.length > 1 ? { blocks } : {}), ...(emphasised.length ? { emphasised } : {}) };
}
