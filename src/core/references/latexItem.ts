// One \bibitem's LaTeX as a reference item: its \newblock blocks and emphasised parts in plain
// text (what a BibTeX style separates and italicises is the structure the fields are read from),
// and links kept as text. The LaTeX is read, never run: commands become their words or nothing.
import { plainLine, SKIP_WITH_GLUE } from '../latex/plainText';
import { decodeEntities, mathWords, plainTitle } from '../bibcheck/titles';
import { looksLikeAuthors } from './authors';
import type { ReferenceItem } from './types';

/** A group's content up to one level of nested braces. */
const GROUP = String.raw`\{((?:[^{}]|\{[^{}]*\})*)\}`;
const EMPHASIS = new RegExp(String.raw`\\(?:emph|textit|textsl)\s*${GROUP}|\{\\(?:em|it|sl|itshape)\s+((?:[^{}]|\{[^{}]*\})*)\}`, 'g');
/** `\href{url}{words}`, global: String.replace starts it from 0 and leaves it there. */
const HREF = new RegExp(String.raw`\\href\s*\{([^{}]*)\}\s*${GROUP}`, 'g');

/** A link's characters as LaTeX would print them verbatim (its `_` no subscript, its `%` no comment, its `~` no space). */
function verbatim(text: string): string {
  return text.replace(/\\([_%&#$~])/g, '$1').replace(/([_%&#$^])/g, '\\$1').replace(/~/g, '\\textasciitilde{}');
}

/** Links and identifiers as plain text, before the LaTeX is turned into words (which drops \url). */
function linksAsText(latex: string): string {
  return latex
    .replace(/\\penalty-?\d+\s*/g, '')
    // IEEEtran groups the digits of a long number with thin spaces ("pp. 18\,293--18\,306"): one number, as printed.
    .replace(/(?<=\d)\\,(?=\d{3}\b)/g, '')
    // IEEEtran's block separator ("\emph{Deep Learning}.\hskip 1em plus 0.5em minus 0.4em\relax Cambridge, MA, USA: MIT Press").
    .replace(SKIP_WITH_GLUE, (glue, command: string) => (command === 'hskip' ? '. ' : glue))
    .replace(HREF, (_m, url: string, words: string) => `${words} ${verbatim(url)}`)
    .replace(/\\(?:url|path|nolinkurl)\s*\{([^{}]*)\}/g, (_m, url: string) => ` ${verbatim(url)} `)
    .replace(/\\doi\s*\{([^{}]*)\}/g, (_m, doi: string) => ` doi:${verbatim(doi)} `)
    .replace(/\\eprint\s*\{([^{}]*)\}/g, (_m, id: string) => ` arXiv:${verbatim(id)} `);
}

/** HTML entities copied into a .bib (DBLP's `&apos;`) as their characters, a bare `&` as printed. */
function withoutEntities(latex: string): string {
  return decodeEntities(latex).replace(/(?<!\\)&/g, '\\&');
}

/**
 * Plain text of a fragment. Its maths is read as a title's is (`$\omega$` as "omega", bibcheck/titles.ts): ieeetr, IEEEtran
 * and elsarticle print the title inside the item's one block, so dropping maths would lose a title's symbols.
 */
export function plainOf(latex: string): string {
  return plainLine(mathWords(linksAsText(withoutEntities(latex)))).replace(/\s+([.,;:])/g, '$1');
}

/** The first emphasis of an item: `\emph{…}` or `{\em …}` (and their italic and slanted kin). */
const FIRST_EMPHASIS = new RegExp(EMPHASIS.source);
/** IEEEtran's glue (SKIP_WITH_GLUE without its 'g', so that test() keeps no lastIndex between items). */
const GLUE = new RegExp(SKIP_WITH_GLUE.source);
/** elsarticle's linked title after the names: ", \href{url}{Title}". */
const LINKED_TITLE = new RegExp(String.raw`,\s*\\href\s*\{[^{}]*\}\s*${GROUP}`);

/**
 * Styles without \newblock that italicise the title right after the names: IEEEtran's book ("I.~Goodfellow,
 * Y.~Bengio, and A.~Courville, \emph{Deep Learning}.\hskip 1em plus 0.5em minus 0.4em\relax Cambridge, MA, USA: MIT
 * Press, 2016."), and every entry of amsplain, amsalpha and siam ("Ahmed Abbas and Paul Swoboda, \emph{Combinatorial
 * optimization …}, NeurIPS, 2021."; "{\sc A.~Abbas and P.~Swoboda}, {\em Combinatorial …}, in NeurIPS, 2021."). The
 * names, the emphasised title and the rest, as a natbib style's three blocks.
 */
function emphasisedTitleParts(latex: string): string[] | undefined {
  const emphasis = FIRST_EMPHASIS.exec(latex);
  if (!emphasis) return undefined;
  const names = latex.slice(0, emphasis.index);
  const rest = latex.slice(emphasis.index + emphasis[0].length);
  const emphasised = (emphasis[1] ?? emphasis[2])!;
  // An article's quoted title comes before its emphasised venue (an umlaut's \" is no quote); ieeetr italicises
  // "et al." after the names ("E.~Dinan, Z.~Du, {\em et~al.}, ``Opt: …''").
  if (!/,\s*$/.test(names) || /``|(?<!\\)"/.test(names) || /^et[~\s]*al\.?$/i.test(emphasised.trim())) return undefined;
  // IEEEtran's glue before "address: publisher"; else a comma or period, then words, an ordinal ("5th International
  // Conference") or the year (ieeetr's and siam's book, thesis and preprint: "{\em Deep Learning}. Cambridge, MA"), never
  // a volume ("\emph{Phys. Rev.} \textbf{47}, 777").
  const ieeeBook = GLUE.test(rest);
  if (!ieeeBook && !(/^\s*[,.]\s*(?:[^\d\s]|\d+(?:st|nd|rd|th)\b|(?:1[6-9]|20)\d\d\b|$)/.test(rest) && looksLikeAuthors(plainOf(names).replace(/,\s*$/, '')))) return undefined;
  return [names.replace(/,\s*$/, ''), emphasised, rest.replace(/^\s*[.,]\s*/, '')];
}

/**
 * elsarticle-num and -harv link the title of an entry with a URL or DOI ("Y.~Wu, R.~Rafailov, \href{https://doi.org/…}{Red-teaming
 * large language models using chain-of-thought}, in: ICLR, 2022.") and put their only \newblock before the DOI: the names,
 * the linked title, and the rest (the DOI's block included), as a natbib style's blocks.
 */
function linkedTitleParts(newblocks: string[]): string[] | undefined {
  const link = LINKED_TITLE.exec(newblocks[0]!);
  if (!link || /\\(?:path|url)\b|https?:/.test(link[1]!)) return undefined;
  const names = newblocks[0]!.slice(0, link.index);
  if (!looksLikeAuthors(plainOf(names))) return undefined;
  const rest = newblocks[0]!.slice(link.index + link[0].length).replace(/^\s*[.,]\s*/, '');
  return [names, link[1]!, rest, ...newblocks.slice(1)];
}

/**
 * The names and emphasised title an item opens with, then the rest: the whole item without \newblock, else its first
 * block when that holds both (ieeetr's book and thesis: "I.~Goodfellow, …, {\em Deep Learning}.\n\newblock Cambridge, MA").
 */
function namesAndTitle(newblocks: string[]): string[] | undefined {
  if (newblocks.length === 1) return emphasisedTitleParts(newblocks[0]!);
  const first = emphasisedTitleParts(newblocks[0]!);
  return first && !plainOf(first[2]!).replace(/[.,\s]/g, '') ? [first[0]!, first[1]!, ...newblocks.slice(1)] : undefined;
}

/** The names an item opens with, in its LaTeX, before an emphasised title or IEEEtran's quoted one ("names, ``Title,''"). */
export function leadingNames(latex: string): string | undefined {
  const quoted = /^([^`"]*?),\s*``/.exec(latex)?.[1];
  return namesAndTitle(latex.split(/\\newblock\b/))?.[0] ?? (quoted && looksLikeAuthors(plainOf(quoted)) ? quoted : undefined);
}

/** The item read from its LaTeX (everything after `\bibitem[label]{key}`). */
export function itemOfLatex(latex: string, where: Omit<ReferenceItem, 'text'>): ReferenceItem {
  const newblocks = latex.split(/\\newblock\b/);
  const book = namesAndTitle(newblocks);
  const parts = book ?? linkedTitleParts(newblocks) ?? newblocks;
  // Blocks keep their places (an empty one included): the second is the title's, read exactly as the
  // .bib engine reads a title (plainTitle: a "Retracted:" notice dropped), so that the two compare alike.
  const blocks = parts.map((part, i) => (i === 1 ? plainTitle(linksAsText(withoutEntities(part))) : plainOf(part)));
  // With blocks, the emphasis after the title's block is the venue's (a book's title is its own block).
  const emphasised = [...(parts.length > 2 ? parts.slice(2).join(' ') : latex).matchAll(EMPHASIS)].map((m) => plainOf(m[1] ?? m[2] ?? '')).filter(Boolean);
  const text = book ? plainOf(latex) : blocks.filter(Boolean).join(' ');
  return { ...where, text, ...(parts.length > 1 ? { blocks } : {}), ...(emphasised.length ? { emphasised } : {}) };
}
