// One \bibitem's LaTeX as a reference item: its \newblock blocks and emphasised parts in plain
// text (what a BibTeX style separates and italicises is the structure the fields are read from),
// and links kept as text. The LaTeX is read, never run: commands become their words or nothing.
import { plainLine } from '../latex/plainText';
import type { ReferenceItem } from './types';

/** A group's content up to one level of nested braces. */
const GROUP = String.raw`\{((?:[^{}]|\{[^{}]*\})*)\}`;
const EMPHASIS = new RegExp(String.raw`\\(?:emph|textit|textsl)\s*${GROUP}|\{\\(?:em|it|sl|itshape)\s+((?:[^{}]|\{[^{}]*\})*)\}`, 'g');

/** Links and identifiers as plain text, before the LaTeX is turned into words (which drops \url). */
function linksAsText(latex: string): string {
  return latex
    .replace(/\\penalty-?\d+\s*/g, '')
    .replace(new RegExp(String.raw`\\href\s*\{([^{}]*)\}\s*${GROUP}`, 'g'), (_m, url: string, words: string) => `${words} ${url}`)
    .replace(/\\(?:url|path|nolinkurl)\s*\{([^{}]*)\}/g, ' $1 ')
    .replace(/\\doi\s*\{([^{}]*)\}/g, ' doi:$1 ')
    .replace(/\\eprint\s*\{([^{}]*)\}/g, ' arXiv:$1 ');
}

/** Plain text of a fragment, URLs' escapes (\_, \%) undone. */
export function plainOf(latex: string): string {
  return plainLine(linksAsText(latex).replace(/\\([_%&#])/g, '$1')).replace(/\s+([.,;:])/g, '$1');
}

/** The item read from its LaTeX (everything after `\bibitem[label]{key}`). */
export function itemOfLatex(latex: string, where: Omit<ReferenceItem, 'text'>): ReferenceItem {
  const parts = latex.split(/\\newblock\b/);
  const blocks = parts.map(plainOf).filter(Boolean);
  // With blocks, the emphasis after the title's block is the venue's (a book's title is its own block).
  const emphasised = [...(parts.length > 2 ? parts.slice(2).join(' ') : latex).matchAll(EMPHASIS)].map((m) => plainOf(m[1] ?? m[2] ?? '')).filter(Boolean);
  return { ...where, text: blocks.join(' '), ...(parts.length > 1 ? { blocks } : {}), ...(emphasised.length ? { emphasised } : {}) };
}
