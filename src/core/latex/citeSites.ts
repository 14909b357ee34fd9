// Where a manuscript cites: every key of every \cite-family command (natbib, biblatex, starred,
// with optional arguments, multi-cites) and of the project's own citation macros (citeMacros.ts:
// `\refp{key}` for `\newcommand{\refp}[1]{\citep{#1}}`), with the citing sentence around it. Comments and
// verbatim are blanked first (offsets kept), so a \cite there is no citation.
import { citationMacros, isBeingDefined, type CitationMacro } from './citeMacros';
import { citingSentence, layoutOf, previousSentence } from './citingSentence';
import { blankHiddenText, visibleText } from './hidden';
import { lineStarts, positionOf, type SourcePosition } from './lines';
import { findMathMacros, type MathMacros } from './mathMacros';
import { isCitationCommand, latexToPlainText } from './plainText';

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
/** Verbatim text prints a `\cite` as characters: it cites nothing. */
const VERBATIM = /\\begin\{(verbatim|Verbatim|lstlisting|minted|alltt)\*?\}[\s\S]*?\\end\{\1\*?\}|\\(?:verb|lstinline)\*?([^A-Za-z\s{])[^\n]*?\2/g;

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
  const layout = layoutOf(visible);
  const sites: CitationSite[] = [];
  for (const { name, start, groups } of commands) {
    const commandRange = rangeOf(lines, start, groups.end);
    const sentence = citingSentence(prose, start, groups.end, layout);
    const sentenceText = latexToPlainText(prose.slice(sentence.start, sentence.end)).replace(/\s+/g, ' ').trim();
    const before = LEANS_ON_PREVIOUS.test(sentenceText) ? previousSentence(prose, sentence.start, layout) : undefined;
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

/** The name of each cite command and citation-macro use in `texts`, once per use; a macro's definition is no use. */
export function citeCommandUses(texts: readonly string[], citing: CitationMacros = citationMacros(texts)): string[] {
  return texts.flatMap((text) => citeCommands(blank(blankHiddenText(text), VERBATIM), citing).map((command) => command.name));
}

/**
 * Each citation of `text` (cite commands and the project's citation-macro uses; not \nocite, not a
 * macro's definition, nothing hidden or verbatim), from its backslash to the end of its keys.
 */
export function citationSpans(text: string, citing: CitationMacros): { name: string; start: number; end: number }[] {
  return citeCommands(blank(blankHiddenText(text), VERBATIM), citing)
    .filter((command) => !NOT_A_CLAIM.test(command.name))
    .map((command) => ({ name: command.name, start: command.start, end: command.groups.end }));
}

/** The cite commands and citation-macro uses of `visible` (hidden text blanked) that name keys. */
function citeCommands(visible: string, citing: CitationMacros): { name: string; start: number; groups: KeyGroups }[] {
  const commands: { name: string; start: number; groups: KeyGroups }[] = [];
  for (const match of visible.matchAll(COMMAND)) {
    const name = match[1]!;
    const macro = citing.get(name);
    if ((!macro && !isCitationCommand(name)) || isBeingDefined(visible, match.index)) continue;
    const from = match.index + match[0].length;
    const groups = macro ? macroKeyGroups(visible, from, macro) : keyGroups(visible, from, holdsKeys(name));
    if (groups.keys.length > 0) commands.push({ name, start: match.index, groups });
  }
  return commands;
}

interface KeyGroups {
  keys: { text: string; start: number }[];
  /** Offset after the command's last argument. */
  end: number;
}

/** Which braced groups (0-based) of a cite-named command hold keys: for most, every one. */
function holdsKeys(name: string): (group: number) => boolean {
  // natbib's \citetext{priv.\ comm.} is free text; \defcitealias{key}{Paper~I} names, it cites nothing.
  if (/^(citetext|defcitealias)$/i.test(name)) return () => false;
  // biblatex's \citefield{key}{field}, \citelist{key}{list}, \citename{key}{names}.
  if (/^cite(field|list|name)$/i.test(name)) return (group) => group === 0;
  // biblatex's \volcite{volume}{key}, \volcites{volume}{key}{volume}{key}.
  if (/volcites?$/i.test(name)) return (group) => group % 2 === 1;
  return () => true;
}

/**
 * The keys after a cite command: optional `[…]` and `(…)` arguments are skipped, the `{…}` groups
 * `holds` picks hold keys (\cites takes several). Stops at the first thing that is no argument.
 */
function keyGroups(text: string, from: number, holds: (group: number) => boolean): KeyGroups {
  const keys: KeyGroups['keys'] = [];
  let at = from;
  let braced = 0;
  for (let group = argumentAt(text, at); group; group = argumentAt(text, at)) {
    if (group.open === '{' && holds(braced++)) keys.push(...keysIn(text, group.start + 1, group.end));
    at = group.end + 1;
  }
  return { keys, end: at };
}

/** A citation macro's arguments, one per parameter: bracketed ones when given, braced ones; a star was read with the name. */
function macroKeyGroups(text: string, from: number, macro: CitationMacro): KeyGroups {
  const keys: KeyGroups['keys'] = [];
  let at = from;
  for (const [index, kind] of macro.parameters.entries()) {
    if (kind === 'star') continue;
    const group = argumentAt(text, at);
    if (kind === 'optional' && group?.open !== '[') continue;
    if (!group || group.open !== (kind === 'optional' ? '[' : '{')) break;
    if (macro.keyParameters.has(index + 1)) keys.push(...keysIn(text, group.start + 1, group.end));
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

function rangeOf(starts: number[], start: number, end: number): SourceRange {
  return { start: positionOf(starts, start), end: positionOf(starts, end) };
}
