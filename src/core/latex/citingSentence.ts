// The sentence a citation cites for, found in a manuscript's text with its citations blanked
// (citeSites.ts): within its paragraph, its heading or caption, between full stops that end no
// abbreviation the sentence splitter knows (text/sentences.ts).
import { endsWithAbbreviation } from '../text/sentences';

/** A one-letter initial ("J. Smith") and "etc." ("SVMs, trees, etc. \cite{x}"), whose full stop ends no citing sentence either. */
const INITIAL_OR_ETC = /\b(?:[A-Z]|etc)\.$/;

/** The full stop at `at` ends an abbreviation (the sentence splitter's list: "vol. 12", "Fig.~3") or an initial, not a sentence. */
function isAbbreviationStop(text: string, from: number, at: number): boolean {
  const before = text.slice(Math.max(from, at - 20), at + 1).replace(/~/g, ' ');
  return INITIAL_OR_ETC.test(before) || endsWithAbbreviation(before);
}

/** A line that starts a heading, an environment or an item also starts a sentence. */
const STRUCTURE_LINE = /^[ \t]*\\(?:part|chapter|section|subsection|subsubsection|paragraph|subparagraph|item|begin|end|caption|label)\b[^\n]*\n/gm;

/**
 * Structure lines that end the sentence before them: a heading, the next item, a list's end. Not
 * an equation's: "we find\n\begin{equation}…\end{equation}\nwhere …" is one sentence around it.
 */
const BOUNDS_BEFORE = /^[ \t]*\\(?:part|chapter|(?:sub)*section|(?:sub)?paragraph|item\b|end\s*\{(?:itemize|enumerate|description)\})/;

/** Where the sentences of `visible` stop besides full stops and blank lines. */
export function layoutOf(visible: string): Layout {
  const lines = [...visible.matchAll(STRUCTURE_LINE)];
  const bounding = lines.filter((m) => BOUNDS_BEFORE.test(m[0]));
  return {
    structureStarts: bounding.map((m) => m.index),
    structureEnds: lines.map((m) => m.index + m[0].length),
    titles: titleArguments(visible),
  };
}

/**
 * The sentence a citation at [start, end) of `prose` (the citations blanked) cites for: the one
 * holding it, or, right after a full stop ("was observed.\cite{x}", as REVTeX and superscript
 * styles cite), the one that stop ends.
 */
export function citingSentence(prose: string, start: number, end: number, layout: Layout): { start: number; end: number } {
  const stop = /[.!?]~?$/.exec(prose.slice(Math.max(0, start - 2), start));
  if (!stop) return sentenceAround(prose, start, end, layout);
  const at = start - stop[0].length;
  if (isAbbreviationStop(prose, 0, at)) return sentenceAround(prose, start, end, layout);
  return { start: sentenceAround(prose, at, at, layout).start, end: at + 1 };
}

/** Where sentences stop besides full stops and blank lines. */
export interface Layout {
  /** Starts of heading, item and list-end lines: a sentence before one ends there (the next `\item`, `\end{itemize}`). */
  structureStarts: number[];
  /** Ends of heading, environment and item lines: a sentence after one starts there. */
  structureEnds: number[];
  /** Heading and caption arguments: a citation in one cites for a sentence of it, not of the text around. */
  titles: { start: number; end: number }[];
}

/** A heading's or a caption's command, up to its title's opening brace. */
const TITLE_COMMAND = /\\(?:part|chapter|section|subsection|subsubsection|paragraph|subparagraph|caption)\*?\s*(?:\[[^\]]*\]\s*)?\{/g;

/** The braced arguments of the headings and captions of `text`, without their braces. */
function titleArguments(text: string): Layout['titles'] {
  const titles: Layout['titles'] = [];
  for (const match of text.matchAll(TITLE_COMMAND)) {
    const start = match.index + match[0].length;
    let depth = 1;
    let at = start;
    for (; at < text.length && depth > 0; at++) {
      if (text[at] === '\\') at++;
      else if (text[at] === '{') depth++;
      else if (text[at] === '}') depth--;
    }
    if (depth === 0) titles.push({ start, end: at - 1 });
  }
  return titles;
}

/**
 * The sentence holding [start, end): from after the previous sentence end to the next one, within
 * the paragraph; a heading, environment or item line before it, a heading, item or list end after it
 * (a list item's citation cites for the item, not for the items and the sentence after it).
 */
function sentenceAround(text: string, start: number, end: number, layout: Layout): { start: number; end: number } {
  const title = layout.titles.find((t) => t.start <= start && end <= t.end);
  const structureEnd = Math.max(0, ...layout.structureEnds.filter((e) => e <= start));
  const blankLine = text.lastIndexOf('\n\n', start);
  const paragraphStart = Math.max(blankLine < 0 ? 0 : blankLine + 2, title ? title.start : structureEnd);
  const nextBlank = text.indexOf('\n\n', end);
  const nextStructure = layout.structureStarts.find((s) => s >= end) ?? text.length;
  const paragraphEnd = Math.min(nextBlank < 0 ? text.length : nextBlank, title?.end ?? nextStructure);
  let from = paragraphStart;
  // A full stop before a closing brace ends a sentence too: "\caption{Accuracy~\cite{x}.}".
  for (const m of text.slice(paragraphStart, start).matchAll(/[.!?](?=[\s}])/g)) {
    const at = paragraphStart + m.index;
    if (!isAbbreviationStop(text, paragraphStart, at)) from = at + 1;
  }
  let to = paragraphEnd;
  for (const m of text.slice(end, paragraphEnd).matchAll(/[.!?](?=[\s}]|$)/g)) {
    const at = end + m.index;
    if (!isAbbreviationStop(text, end, at)) {
      to = at + 1;
      break;
    }
  }
  while (from < to && /\s/.test(text[from]!)) from++;
  return { start: from, end: to };
}

/** The sentence before the one starting at `start`, when it is in the same paragraph. */
export function previousSentence(text: string, start: number, layout: Layout): { start: number; end: number } | undefined {
  let end = start - 1;
  while (end >= 0 && /\s/.test(text[end]!)) end--;
  if (end < 0 || !/[.!?]/.test(text[end]!) || text.slice(end, start).includes('\n\n')) return undefined;
  if (layout.structureEnds.some((e) => e > end && e <= start)) return undefined;
  const sentence = sentenceAround(text, end, end, layout);
  return sentence.end > sentence.start ? sentence : undefined;
}
