// Where a manuscript cites: every key of every \cite-family command (natbib, biblatex, starred,
// with optional arguments, multi-cites) and of the project's own citation macros (citeMacros.ts:
// `\refp{key}` for `\newcommand{\refp}[1]{\citep{#1}}`), with the citing sentence around it. Comments and
// verbatim are blanked first (offsets kept), so a \cite there is no citation.
import { citationMacros, type CitationMacro } from './citeMacros';
import { blankHiddenText, visibleText } from './hidden';
import { lineStarts, positionOf, type SourcePosition } from './lines';
import { findMathMacros, type MathMacros } from './mathMacros';
import { isCitationCommand, latexToPlainText } from './plainText';
import { endsWithAbbreviation } from '../text/sentences';

export { lineStarts, positionOf, type SourcePosition };

export interface SourceRange {
  start: SourcePosition;
  end: SourcePosition;
}

/** One key of one `\cite`-family command, where it stands and what it cites for. */
export interface CitationSite {
  /** Absolute path of the .tex file. */
  file: string;
  /** The key itself (so the diagnostic and the hover sit on it). */
  range: SourceRange;
  /** The whole command, `\citep[p.~3]{a,b}`. */
  commandRange: SourceRange;
  /** Command name without backslash or star: `citep`, `autocite`. */
  command: string;
  key: string;
  /** The citing sentence, LaTeX stripped (the claim stage's parser). */
  sentence: string;
  /**
   * The sentence before it, when the citing one opens with a pronoun or "this/these/such…" and
   * so takes its subject from it; the audit reads both, as a reader does.
   */
  context?: string;
  /** The sentence's span in the file, for "Find better citations for this sentence". */
  sentenceRange: SourceRange;
}

/** Commands that cite for the bibliography only, not for a sentence. */
const NOT_A_CLAIM = /^(nocite|citealias|defcitealias)$/i;
/** A command name, with its star. */
const COMMAND = /\\([A-Za-z]+)(\*?)/g;
/**
 * A citing sentence that opens with one of these takes its subject from the sentence before
 * ("They showed that …"): a reader reads both, and so does the audit.
 */
const LEANS_ON_PREVIOUS = /^(?:they|their|them|these|this|those|such|its|both|the latter|the former|here|there|he|she|his|her)\b/i;
/** A one-letter initial ("J. Smith") and "etc." ("SVMs, trees, etc. \cite{x}"), whose full stop ends no citing sentence either. */
const INITIAL_OR_ETC = /\b(?:[A-Z]|etc)\.$/;

/** The full stop at `at` ends an abbreviation (the sentence splitter's list: "vol. 12", "Fig.~3") or an initial, not a sentence. */
function isAbbreviationStop(text: string, from: number, at: number): boolean {
  const before = text.slice(Math.max(from, at - 20), at + 1).replace(/~/g, ' ');
  return INITIAL_OR_ETC.test(before) || endsWithAbbreviation(before);
}

/** Verbatim text prints a `\cite` as characters: it cites nothing. */
const VERBATIM = /\\begin\{(verbatim|Verbatim|lstlisting|minted|alltt)\*?\}[\s\S]*?\\end\{\1\*?\}|\\(?:verb|lstinline)\*?([^A-Za-z\s{])[^\n]*?\2/g;
/** A line that starts a heading, an environment or an item also starts a sentence. */
const STRUCTURE_LINE = /^[ \t]*\\(?:part|chapter|section|subsection|subsubsection|paragraph|subparagraph|item|begin|end|caption|label)\b[^\n]*\n/gm;

function blank(text: string, pattern: RegExp): string {
  return text.replace(pattern, (span) => span.replace(/[^\n]/g, ' '));
}

/** A project's citation macros by name (citeMacros.ts). */
export type CitationMacros = ReadonlyMap<string, CitationMacro>;

/**
 * `macros`: the project's display-math macros (by default the file's own), whose equations are no
 * sentence text; `citing`: its citation macros (by default the file's own).
 */
export function citationSites(
  file: string,
  source: string,
  macros: MathMacros = findMathMacros([source]),
  citing: CitationMacros = citationMacros([source]),
): CitationSite[] {
  const visible = blank(visibleText(source, macros), VERBATIM);
  const lines = lineStarts(source);
  const commands = citeCommands(visible, citing).filter((c) => !NOT_A_CLAIM.test(c.name));
  // The sentence is read without its citations (any form, \cites with its arguments included).
  const prose = commands.reduce((text, c) => text.slice(0, c.start) + ' '.repeat(c.groups.end - c.start) + text.slice(c.groups.end), visible);
  const structureEnds = [...visible.matchAll(STRUCTURE_LINE)].map((m) => m.index + m[0].length);
  const sites: CitationSite[] = [];
  for (const { name, start, groups } of commands) {
    const commandRange = rangeOf(lines, start, groups.end);
    const sentence = citingSentence(prose, start, groups.end, structureEnds);
    const sentenceText = latexToPlainText(prose.slice(sentence.start, sentence.end)).replace(/\s+/g, ' ').trim();
    const before = LEANS_ON_PREVIOUS.test(sentenceText) ? previousSentence(prose, sentence.start, structureEnds) : undefined;
    const context = before && latexToPlainText(prose.slice(before.start, before.end)).replace(/\s+/g, ' ').trim();
    for (const key of groups.keys) {
      sites.push({
        ...(context ? { context } : {}),
        file,
        key: key.text,
        command: name,
        range: rangeOf(lines, key.start, key.start + key.text.length),
        commandRange,
        sentence: sentenceText,
        sentenceRange: rangeOf(lines, sentence.start, sentence.end),
      });
    }
  }
  return sites;
}

/**
 * Every key `files` cite, `\nocite` included (what BibTeX puts in the bibliography); undefined
 * when a `\nocite{*}` asks for every entry.
 */
export function citedKeys(files: readonly { text: string }[]): Set<string> | undefined {
  const sites = citedKeySites(files.map(({ text }) => ({ file: '', text })));
  if (sites.some((site) => site.key === '*' && /^nocite$/i.test(site.command))) return undefined;
  return new Set(sites.map((site) => site.key));
}

/** One key of a cite command (`\nocite`'s too) or citation macro, where it stands. */
export interface CitedKeySite {
  file: string;
  key: string;
  command: string;
  range: SourceRange;
}

/** Every key `files` cite, where it stands, with the citation macros any of them defines. */
export function citedKeySites(files: readonly { file: string; text: string }[]): CitedKeySite[] {
  const citing = citationMacros(files.map((f) => f.text));
  return files.flatMap(({ file, text }) => {
    const lines = lineStarts(text);
    return citeCommands(blank(blankHiddenText(text), VERBATIM), citing).flatMap(({ name, groups }) =>
      groups.keys.map((key) => ({ file, key: key.text, command: name, range: rangeOf(lines, key.start, key.start + key.text.length) })),
    );
  });
}

/** The cite commands and citation-macro uses of `visible` (hidden text blanked) that name keys. */
function citeCommands(visible: string, citing: CitationMacros): { name: string; start: number; groups: KeyGroups }[] {
  const commands: { name: string; start: number; groups: KeyGroups }[] = [];
  for (const match of visible.matchAll(COMMAND)) {
    const name = match[1]!;
    const macro = citing.get(name);
    if (!macro && !isCitationCommand(name)) continue;
    const from = match.index + match[0].length;
    const groups = macro ? macroKeyGroups(visible, from, macro) : keyGroups(visible, from);
    if (groups.keys.length > 0) commands.push({ name, start: match.index, groups });
  }
  return commands;
}

interface KeyGroups {
  keys: { text: string; start: number }[];
  /** Offset after the command's last argument. */
  end: number;
}

/**
 * The keys after a cite command: optional `[…]` and `(…)` arguments are skipped, each `{…}`
 * group holds keys (\cites takes several). Stops at the first thing that is no argument.
 */
function keyGroups(text: string, from: number): KeyGroups {
  const keys: KeyGroups['keys'] = [];
  let at = from;
  for (let group = argumentAt(text, at); group; group = argumentAt(text, at)) {
    if (group.open === '{') keys.push(...keysIn(text, group.start + 1, group.end));
    at = group.end + 1;
  }
  return { keys, end: at };
}

/** A citation macro's arguments: its optional first in brackets, then one braced group per parameter. */
function macroKeyGroups(text: string, from: number, macro: CitationMacro): KeyGroups {
  const keys: KeyGroups['keys'] = [];
  let at = from;
  for (let parameter = 1; parameter <= macro.parameters; parameter++) {
    const group = argumentAt(text, at);
    const optional = parameter === 1 && macro.optionalFirst;
    if (optional && group?.open !== '[') continue;
    if (!group || group.open !== (optional ? '[' : '{')) break;
    if (macro.keyParameters.has(parameter)) keys.push(...keysIn(text, group.start + 1, group.end));
    at = group.end + 1;
  }
  return { keys, end: at };
}

/** The `[…]`, `(…)` or `{…}` argument after `at` (spaces skipped): its opening bracket and offsets; none at anything else. */
function argumentAt(text: string, at: number): { open: string; start: number; end: number } | undefined {
  const start = at + /^\s*/.exec(text.slice(at, at + 200))![0].length;
  const open = text[start];
  const close = open === '[' ? ']' : open === '(' ? ')' : open === '{' ? '}' : undefined;
  const end = close ? text.indexOf(close, start + 1) : -1;
  return end < 0 ? undefined : { open: open!, start, end };
}

/** The comma-separated keys of `text[from, to)`, each with its offset; a macro's `#1` is no key. */
function keysIn(text: string, from: number, to: number): KeyGroups['keys'] {
  const keys: KeyGroups['keys'] = [];
  let offset = from;
  for (const part of text.slice(from, to).split(',')) {
    const lead = part.length - part.trimStart().length;
    if (part.trim() && !part.includes('#')) keys.push({ text: part.trim(), start: offset + lead });
    offset += part.length + 1;
  }
  return keys;
}

/**
 * The sentence a citation at [start, end) of `prose` (the citations blanked) cites for: the one
 * holding it, or, right after a full stop ("was observed.\cite{x}", as REVTeX and superscript
 * styles cite), the one that stop ends.
 */
function citingSentence(prose: string, start: number, end: number, structureEnds: number[]): { start: number; end: number } {
  const stop = /[.!?]~?$/.exec(prose.slice(Math.max(0, start - 2), start));
  if (!stop) return sentenceAround(prose, start, end, structureEnds);
  const at = start - stop[0].length;
  if (isAbbreviationStop(prose, 0, at)) return sentenceAround(prose, start, end, structureEnds);
  return { start: sentenceAround(prose, at, at, structureEnds).start, end: at + 1 };
}

/**
 * The sentence holding [start, end): from after the previous sentence end to the next one, within
 * the paragraph; a heading or environment line before it also ends the paragraph.
 */
function sentenceAround(text: string, start: number, end: number, structureEnds: number[]): { start: number; end: number } {
  const structureEnd = Math.max(0, ...structureEnds.filter((e) => e <= start));
  const blankLine = text.lastIndexOf('\n\n', start);
  const paragraphStart = Math.max(blankLine < 0 ? 0 : blankLine + 2, structureEnd);
  const nextBlank = text.indexOf('\n\n', end);
  const paragraphEnd = nextBlank < 0 ? text.length : nextBlank;
  let from = paragraphStart;
  for (const m of text.slice(paragraphStart, start).matchAll(/[.!?](?=\s)/g)) {
    const at = paragraphStart + m.index;
    if (!isAbbreviationStop(text, paragraphStart, at)) from = at + 1;
  }
  let to = paragraphEnd;
  for (const m of text.slice(end, paragraphEnd).matchAll(/[.!?](?=\s|$)/g)) {
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
function previousSentence(text: string, start: number, structureEnds: number[]): { start: number; end: number } | undefined {
  let end = start - 1;
  while (end >= 0 && /\s/.test(text[end]!)) end--;
  if (end < 0 || !/[.!?]/.test(text[end]!) || text.slice(end, start).includes('\n\n')) return undefined;
  if (structureEnds.some((e) => e > end && e <= start)) return undefined;
  const sentence = sentenceAround(text, end, end, structureEnds);
  return sentence.end > sentence.start ? sentence : undefined;
}

function rangeOf(starts: number[], start: number, end: number): SourceRange {
  return { start: positionOf(starts, start), end: positionOf(starts, end) };
}
