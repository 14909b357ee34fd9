// The items of every thebibliography environment of a LaTeX source (a .tex written by hand, or
// BibTeX's .bbl): each `\bibitem[label]{key}` starts one, and its text runs to the next one or
// the environment's end. The heads are scanned directly (the whole-document parse of a
// 1,000-item .bbl takes tens of seconds and can fail); each item's LaTeX is then read with the
// project's LaTeX parser (latexItem.ts). Comments and \iffalse blocks are left out first.
import { blankHiddenText } from '../latex/hidden';
import { withCrossrefParents } from './crossrefParents';
import { readGroup } from './biblatexBbl';
import { itemOfLatex, leadingNames, plainOf } from './latexItem';
import { isTaggedItem, taggedItem } from './taggedItem';
import type { ReferenceItem } from './types';

const ENVIRONMENT = /\\begin\s*\{thebibliography\}([\s\S]*?)(?:\\end\s*\{thebibliography\}|$)/g;
const BIBITEM = /\\bibitem(?![A-Za-z@])\s*/g;

/** True when the source has a thebibliography environment. */
export function hasThebibliography(source: string): boolean {
  return /\\begin\s*\{thebibliography\}/.test(blankHiddenText(source));
}

export function thebibliographyItems(source: string): ReferenceItem[] {
  return thebibliographyReading(source).items;
}

/** The items, and the keys of the volumes BibTeX printed for its crossref children, left out of them. */
export function thebibliographyReading(source: string): { items: ReferenceItem[]; crossrefParents: string[] } {
  const visible = blankHiddenText(source);
  const items: ReferenceItem[] = [];
  const crossrefParents: string[] = [];
  for (const env of visible.matchAll(ENVIRONMENT)) {
    const bodyStart = env.index + env[0].indexOf(env[1]!);
    const bodyEnd = bodyStart + env[1]!.length;
    const heads = [...env[1]!.matchAll(BIBITEM)]
      .map((m) => head(visible, bodyStart + m.index, bodyStart + m.index + m[0].length))
      .filter((h) => h !== undefined);
    const printed = heads.map((h, i) => {
      const end = trimEnd(visible, h.start, heads[i + 1]?.start ?? bodyEnd);
      return { h, i, end, key: h.key, latex: visible.slice(h.end, end) };
    });
    const read = withCrossrefParents(printed);
    crossrefParents.push(...read.parents);
    let previous: string | undefined;
    for (const { h, i, end, latex: written } of read.items) {
      const latex = withNamesRepeated(written, previous);
      previous = latex;
      // REVTeX's, ACM's and Nature's styles tag fields (\bibinfo); others separate them (\newblock) or print them.
      items.push(
        (isTaggedItem(latex) ? taggedItem : itemOfLatex)(latex, {
          ...(h.key !== undefined ? { key: h.key } : {}),
          // Without a label, LaTeX prints the item's number in its list.
          number: h.label ?? String(i + 1),
          line: lineOf(visible, h.start),
          start: h.start,
          end,
        }),
      );
    }
  }
  return { items, crossrefParents };
}

/**
 * The rule amsplain (`\bysame`), siam (`\leavevmode\vrule height 2pt depth -1.6pt width 23pt`) and IEEEtran (`------`)
 * print for "the same authors as the item before": those authors, so that the item is read whole.
 */
const SAME_AUTHORS = /^\s*(?:\\bysame\b|-{3,}(?=,)|\\leavevmode\s*\\vrule\s+height\s*[\d.]+pt\s+depth\s*-?[\d.]+pt\s+width\s*[\d.]+pt)\s*/;

/** The item with the rule replaced by the names of the item before (read only then: reading them parses its LaTeX). */
function withNamesRepeated(latex: string, previous: string | undefined): string {
  const dash = SAME_AUTHORS.exec(latex);
  const previousNames = dash && previous !== undefined ? leadingNames(previous) : undefined;
  return dash && previousNames ? `${previousNames}${latex.slice(dash[0].length).replace(/^(?=[^,\s])/, ', ')}` : latex;
}

/** `\bibitem[label]{key}` read from `at` (after `\bibitem` and its spaces). */
function head(text: string, start: number, at: number): { start: number; end: number; key?: string; label?: string } | undefined {
  let label: string | undefined;
  if (text[at] === '[') {
    const close = closingBracket(text, at);
    if (close < 0) return undefined;
    label = printedLabel(text.slice(at + 1, close));
    at = close + 1;
    while (/\s/.test(text[at] ?? '')) at++;
  }
  const key = readGroup(text, at);
  return key ? { start, end: key.end, key: key.content.trim(), label } : { start, end: at, label };
}

/**
 * An item's label as the text prints it: natbib's `Short(Year)Long` (plainnat's "Guidotti et~al.(2018)Guidotti,
 * Monreale, …", REVTeX's with `\citenamefont{…}` around each name) as "Guidotti et al. (2018)"; any other as written.
 */
function printedLabel(latex: string): string | undefined {
  // `\citenamefont` is REVTeX's font for a name: the name is its argument, which plain text would drop with it.
  const plain = plainOf(latex.replace(/\\citenamefont(?![A-Za-z])\s*/g, ''));
  const natbib = /^([^()]+?)\s*\(([^()]+)\)/.exec(plain);
  return (natbib ? `${natbib[1]} (${natbib[2]})` : plain) || undefined;
}

/** The `]` closing the `[` at `open`, brackets inside braces not counting. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ']' && depth === 0) return i;
  }
  return -1;
}

function lineOf(source: string, offset: number): number {
  let line = 0;
  for (let i = source.indexOf('\n'); i >= 0 && i < offset; i = source.indexOf('\n', i + 1)) line++;
  return line;
}

function trimEnd(source: string, start: number, end: number): number {
  while (end > start && /\s/.test(source[end - 1]!)) end--;
  return end;
}
