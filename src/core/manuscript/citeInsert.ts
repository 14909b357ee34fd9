// Where and how a `\cite{key}` goes into the manuscript. Pure text logic (no editor), so the
// rules are unit-tested: after the claim, before its final punctuation, joined with `~` (or right
// after that punctuation, in a document that cites so: citePlacement.ts), and merged into a cite
// command that already sits there instead of adding a second one.
import { documentBody } from '../latex/documentBody';
import { blankHiddenText } from '../latex/hidden';
import { nearestOccurrence } from '../positions/nearest';

/** One text replacement at an offset of the document. */
export interface TextEditPlan {
  offset: number;
  deleteLength: number;
  insert: string;
}

export interface CiteInsertionPlan {
  /** Absent when the key is already cited at that spot: nothing to change. */
  edit?: TextEditPlan;
  /** True when the key went into an existing cite command. */
  merged: boolean;
  /** The command a new citation is written with (`\citet` for a mention where the project's is `\citep`); absent when merged. */
  command?: string;
}

/** Sentence-final (or clause-final) punctuation the citation must precede. */
const FINAL_PUNCTUATION = /[.!?;:,]+$/;
/**
 * A cite-family command (natbib's and biblatex's, capitalised forms too: \Cite, \Citep,
 * \Textcite), or one of `names`, with its optional arguments and its key group.
 */
const citeSource = (names: string) => String.raw`\\(${names})\*?((?:\s*\[[^\]]*\])*)\s*\{([^{}]*)\}`;
const CITE_NAMES = '[A-Za-z]*[Cc]ite[A-Za-z]*';
const citeBefore = (names: string) => new RegExp(citeSource(names) + String.raw`[\s~]*$`);
const citeAfter = (names: string) => new RegExp(String.raw`^[\s~]*` + citeSource(names));
/**
 * Never merged into: cite-family commands that print something other than the citation of a
 * key list (an author, a year, a title, …), and the multi-cite (\cites, \parencites) and volume
 * (\volcite, \pvolcite) forms, whose key groups come with arguments of their own.
 */
const NOT_MERGEABLE =
  /^(nocite|citeauthor|citeyear|citeyearpar|citetitle|citeurl|citeurldate|citedate|citefield|citelist|citename|citetext|citealias|[a-z]*volcite|[a-z]*cites)$/i;

/** `citep` or `\citep` → `\citep`; anything that is not a command name falls back to `\cite`. */
export function normaliseCiteCommand(command: string): string {
  const name = command.trim().replace(/^\\/, '');
  return /^[A-Za-z]+\*?$/.test(name) ? '\\' + name : '\\cite';
}

/** The offset right after the claim's words: trailing spaces, display math and final punctuation excluded. */
export function citationOffset(source: string, start: number, end: number): number {
  let offset = trimmedEnd(source, start, end);
  // "… is positive, \begin{equation}\Lambda>0.\end{equation}": after the display the citation would
  // print on the line below it, opening the next sentence; it goes after the words before it.
  let display = displayMathBefore(source, start, offset);
  while (display !== undefined) {
    offset = trimmedEnd(source, start, display);
    display = displayMathBefore(source, start, offset);
  }
  const punctuation = FINAL_PUNCTUATION.exec(source.slice(start, offset));
  if (punctuation && punctuation.index > 0) offset = start + punctuation.index;
  // A selection ending inside the claim's words is fine; one ending on a space is trimmed above.
  return offset;
}

function trimmedEnd(source: string, start: number, end: number): number {
  while (end > start && /\s/.test(source[end - 1]!)) end--;
  return end;
}

/** Display-math environments: a citation after one prints below it. */
const DISPLAY_END = /(?:\\end\s*\{(equation|align|alignat|gather|multline|flalign|eqnarray|displaymath|dmath)(\*?)\}|\\\]|\$\$)$/;

/** Where the display math ending at `end` starts, when it starts after the claim's first word (`start`). */
function displayMathBefore(source: string, start: number, end: number): number | undefined {
  const text = source.slice(start, end);
  const closing = DISPLAY_END.exec(text);
  if (!closing) return undefined;
  const opening = closing[1] !== undefined
    ? text.lastIndexOf(`\\begin{${closing[1]}${closing[2]}}`, closing.index)
    : closing[0] === '$$' ? text.lastIndexOf('$$', closing.index - 1) : lastDisplayOpening(text, closing.index);
  return opening > 0 ? start + opening : undefined;
}

/** The last `\[` before `before` that is no `\\[2pt]` line break. */
function lastDisplayOpening(text: string, before: number): number {
  for (let at = text.lastIndexOf('\\[', before); at >= 0; at = text.lastIndexOf('\\[', at - 1)) {
    if (text[at - 1] !== '\\') return at;
  }
  return -1;
}

/**
 * Plans the insertion of `key` for the claim selected in `source[start, end)`.
 * `command` is the cite command setting (`\cite`, `\citep`, `\parencite`, …); `afterPunctuation`:
 * the document cites after a full stop or comma ("observed.\cite{x}"), and so does the new citation.
 */
export function planCiteInsertion(
  source: string,
  start: number,
  end: number,
  key: string,
  command: string,
  afterPunctuation = false,
): CiteInsertionPlan {
  const words = citationOffset(source, start, end);
  const punctuation = afterPunctuation ? (/^[.!?;:,]+/.exec(source.slice(words, words + 8))?.[0] ?? '') : '';
  const offset = words + punctuation.length;
  // The document's own citation macro (`\refp`, when it is the command chosen) takes the key as a \cite does.
  const name = normaliseCiteCommand(command).slice(1).replace(/\*$/, '');
  const names = /cite/i.test(name) ? CITE_NAMES : `${CITE_NAMES}|${name}`;
  const existing = findAdjacentCite(source, words, names) ?? (punctuation ? findAdjacentCite(source, offset, names) : undefined);
  if (existing) {
    if (existing.keys.includes(key)) return { merged: true };
    const separator = existing.keys.length === 0 ? '' : ',';
    return { merged: true, edit: { offset: existing.keysEnd, deleteLength: 0, insert: separator + key } };
  }
  const cite = normaliseCiteCommand(command);
  // Right after punctuation a tie would print a space before the (often superscript) citation.
  const tie = punctuation ? '' : '~';
  return { merged: false, command: cite, edit: { offset, deleteLength: 0, insert: `${tie}${cite}{${key}}` } };
}

interface AdjacentCite {
  /** Offset just before the closing `}` of the key group. */
  keysEnd: number;
  keys: string[];
}

/** A cite command directly before or after `offset` (only spaces or `~` in between). */
function findAdjacentCite(source: string, offset: number, names: string): AdjacentCite | undefined {
  const before = citeBefore(names).exec(source.slice(Math.max(0, offset - 400), offset));
  if (before && !NOT_MERGEABLE.test(before[1]!)) {
    const sliceStart = Math.max(0, offset - 400);
    const groupEnd = sliceStart + before.index + before[0].lastIndexOf('}');
    return { keysEnd: groupEnd, keys: splitKeys(before[3]!) };
  }
  const after = citeAfter(names).exec(source.slice(offset, offset + 400));
  if (after && !NOT_MERGEABLE.test(after[1]!)) {
    return { keysEnd: offset + after[0].length - 1, keys: splitKeys(after[3]!) };
  }
  return undefined;
}

function splitKeys(group: string): string[] {
  return group
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}

/** A claim given by its line (and column), or why that line cannot take a citation. */
export type LineClaim = { start: number; end: number } | { refused: string };

/**
 * The claim of the line at `lineStart`: up to `column` (1-based), else to the line's visible end.
 * A trailing `%` comment (not `\%`) or other hidden text is no part of it: a \cite there would
 * do nothing in the PDF. A line that shows nothing, or lies outside the document body, is refused.
 */
export function lineClaim(source: string, lineStart: number, lineLength: number, column?: number): LineClaim {
  const visible = blankHiddenText(source);
  const line = visible.slice(lineStart, lineStart + lineLength);
  if (!line.trim()) return { refused: 'the line shows nothing in the PDF (it is blank or a comment)' };
  const visibleEnd = line.trimEnd().length;
  const end = lineStart + Math.min(column === undefined ? visibleEnd : column - 1, visibleEnd);
  const body = documentBody(visible);
  if (body && end <= body.start) return { refused: 'the line is in the preamble, before \\begin{document}' };
  if (body && end > body.end) return { refused: 'the citation would go after \\end{document}' };
  return { start: lineStart, end };
}

/**
 * Finds the claim again after the document may have changed since the search: at its old
 * offsets if it is still there, else its occurrence nearest to them. A citation inserted
 * since then splits the claim from its final punctuation, so the claim's words alone are
 * looked for next. Undefined when the claim is gone.
 */
export function locateClaim(source: string, claim: string, start: number): { start: number; end: number } | undefined {
  const exact = nearestOccurrence(source, claim, start);
  if (exact !== undefined) return { start: exact, end: exact + claim.length };
  const words = claim.slice(0, citationOffset(claim, 0, claim.length));
  const at = words.length > 0 ? nearestOccurrence(source, words, start) : undefined;
  if (at !== undefined) return { start: at, end: at + words.length };
  // The claim as a terminal shows it: its line breaks (CRLF among them) pasted as spaces, or rewrapped.
  return looseOccurrence(source, claim, start) ?? (words.length > 0 ? looseOccurrence(source, words, start) : undefined);
}

/** The copy of `text` nearest `start` in `source`, any run of whitespace matching any other. */
function looseOccurrence(source: string, text: string, start: number): { start: number; end: number } | undefined {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return undefined;
  const pattern = new RegExp(tokens.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'), 'g');
  let best: RegExpExecArray | undefined;
  for (const match of source.matchAll(pattern)) {
    if (!best || Math.abs(match.index - start) < Math.abs(best.index - start)) best = match;
  }
  return best ? { start: best.index, end: best.index + best[0].length } : undefined;
}
