// Where a manuscript cites: every key of every \cite-family command (natbib, biblatex, starred,
// with optional arguments, multi-cites), with the citing sentence around it. Comments and
// verbatim are blanked first (offsets kept), so a \cite there is no citation.
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
/** Abbreviations whose full stop ends no sentence. */
const ABBREVIATION = /(?:\b(?:al|e\.g|i\.e|cf|vs|etc|Fig|Figs|Eq|Eqs|Sec|Ref|Refs|No|approx|resp|viz)|\b[A-Z])\.$/;

/** Verbatim text prints a `\cite` as characters: it cites nothing. */
const VERBATIM = /\\begin\{(verbatim|Verbatim|lstlisting|minted|alltt)\*?\}[\s\S]*?\\end\{\1\*?\}|\\(?:verb|lstinline)\*?([^A-Za-z\s{])[^\n]*?\2/g;
/** A line that starts a heading, an environment or an item also starts a sentence. */
const STRUCTURE_LINE = /^[ \t]*\\(?:part|chapter|section|subsection|subsubsection|paragraph|subparagraph|item|begin|end|caption|label)\b[^\n]*\n/gm;

function blank(text: string, pattern: RegExp): string {
  return text.replace(pattern, (span) => span.replace(/[^\n]/g, ' '));
}

/** `macros`: the project's display-math macros (by default the file's own), whose equations are no sentence text. */
export function citationSites(file: string, source: string, macros: MathMacros = findMathMacros([source])): CitationSite[] {
  const visible = blank(visibleText(source, macros), VERBATIM);
  const lines = lineStarts(source);
  const commands: { name: string; start: number; groups: KeyGroups }[] = [];
  for (const match of visible.matchAll(COMMAND)) {
    const name = match[1]!;
    if (!isCitationCommand(name) || NOT_A_CLAIM.test(name)) continue;
    const groups = keyGroups(visible, match.index + match[0].length);
    if (groups.keys.length > 0) commands.push({ name, start: match.index, groups });
  }
  // The sentence is read without its citations (any form, \cites with its arguments included).
  const prose = commands.reduce((text, c) => text.slice(0, c.start) + ' '.repeat(c.groups.end - c.start) + text.slice(c.groups.end), visible);
  const structureEnds = [...visible.matchAll(STRUCTURE_LINE)].map((m) => m.index + m[0].length);
  const sites: CitationSite[] = [];
  for (const { name, start, groups } of commands) {
    const commandRange = rangeOf(lines, start, groups.end);
    const sentence = sentenceAround(visible, start, groups.end, structureEnds);
    const sentenceText = latexToPlainText(prose.slice(sentence.start, sentence.end)).replace(/\s+/g, ' ').trim();
    const before = LEANS_ON_PREVIOUS.test(sentenceText) ? previousSentence(visible, sentence.start, structureEnds) : undefined;
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
  const keys = new Set<string>();
  for (const { text } of files) {
    const visible = blank(blankHiddenText(text), VERBATIM);
    for (const match of visible.matchAll(COMMAND)) {
      if (!isCitationCommand(match[1]!)) continue;
      for (const key of keyGroups(visible, match.index + match[0].length).keys) {
        if (key.text === '*' && /^nocite$/i.test(match[1]!)) return undefined;
        keys.add(key.text);
      }
    }
  }
  return keys;
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
  for (;;) {
    const rest = /^\s*/.exec(text.slice(at, at + 200))![0].length;
    const open = text[at + rest];
    const close = open === '[' ? ']' : open === '(' ? ')' : open === '{' ? '}' : undefined;
    if (!close) break;
    const end = text.indexOf(close, at + rest + 1);
    if (end < 0) break;
    if (open === '{') {
      let offset = at + rest + 1;
      for (const part of text.slice(offset, end).split(',')) {
        const lead = part.length - part.trimStart().length;
        if (part.trim()) keys.push({ text: part.trim(), start: offset + lead });
        offset += part.length + 1;
      }
    }
    at = end + 1;
  }
  return { keys, end: at };
}

/**
 * The sentence holding [start, end): from after the previous sentence end to the next one, within
 * the paragraph; a heading or environment line before it also ends the paragraph.
 */
function sentenceAround(text: string, start: number, end: number, structureEnds: number[]): { start: number; end: number } {
  const structureEnd = Math.max(0, ...structureEnds.filter((e) => e <= start));
  const paragraphStart = Math.max(text.lastIndexOf('\n\n', start) + 2, 0, structureEnd);
  const nextBlank = text.indexOf('\n\n', end);
  const paragraphEnd = nextBlank < 0 ? text.length : nextBlank;
  let from = paragraphStart;
  for (const m of text.slice(paragraphStart, start).matchAll(/[.!?](?=\s)/g)) {
    const at = paragraphStart + m.index;
    if (!ABBREVIATION.test(text.slice(Math.max(paragraphStart, at - 8), at + 1))) from = at + 1;
  }
  let to = paragraphEnd;
  for (const m of text.slice(end, paragraphEnd).matchAll(/[.!?](?=\s|$)/g)) {
    const at = end + m.index;
    if (!ABBREVIATION.test(text.slice(Math.max(end, at - 8), at + 1))) {
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
