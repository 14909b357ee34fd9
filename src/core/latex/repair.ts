// How the parser mends broken LaTeX, and what the source as written leaves open or stray, in words.
// A repair is a list of edits, never a new text: the parser maps what it read through them back to
// the source as written (latex/sourceMap.ts), so no repair moves a node.
import { isMathEnvironment } from './mathMacros';

/** What had to be repaired for the text to parse, where it stands in the text, in words. */
export interface LatexProblem {
  offset: number;
  problem: string;
}

/** `remove` characters at `at` replaced with `insert`. Inserts at one offset go in in list order. */
export interface Edit {
  at: number;
  remove: number;
  insert: string;
}

/** One repair step at the offset where parsing failed; no edits when there is nothing left to try. */
export function repairAt(text: string, failedAt: number): Edit[] {
  const at = commandStart(text, failedAt);
  if (at >= text.trimEnd().length) return closeOpenStructures(text);
  const rest = text.slice(at);
  const end = /^\\end\s*\{([^}]*)\}/.exec(rest);
  if (end) return closeAtEnd(text, at, end[0].length, `\\end{${end[1]}}`);
  if (/^[}\]]/.test(rest)) return [{ at, remove: 1, insert: '' }];
  // Anything else: close what is open before the offset.
  return orDrop(closeOpenStructures(text.slice(0, at)), text, at);
}

/**
 * A `\begin{…}` at `at` that the parser read as a plain command, as nothing closes it: closed where
 * the repair closes an unclosed environment. No edits when the text closes it after all.
 */
export function closeUnmatchedBegin(text: string, at: number): Edit[] {
  const { open, skipped } = scanStructures(text);
  const opener = [...open, ...skipped].find((o) => o.at === at && isEnvironment(o.closer));
  return opener ? [closerEdit(text, opener)] : [];
}

/**
 * Where the parser failed just after a backslash, it failed on that command (`\end{…}` above
 * all): the repair starts at the backslash, so no command loses it and turns into words.
 */
function commandStart(text: string, offset: number): number {
  let slashes = 0;
  while (text[offset - 1 - slashes] === '\\') slashes++;
  return slashes % 2 === 1 ? offset - 1 : offset;
}

/** An `\end{…}` the parse failed at: left out when it closes nothing, else what is open inside its environment is closed. */
function closeAtEnd(text: string, at: number, length: number, closer: string): Edit[] {
  const before = text.slice(0, at);
  const open = scanStructures(before).open;
  const depth = open.map((o) => o.closer).lastIndexOf(closer);
  // An empty group in its place: a line it filled stays no blank line, and the words around it stay apart.
  if (depth < 0) return [{ at, remove: length, insert: '{}' }];
  const inside = closeOpenStructures(before, open.slice(depth + 1));
  return inside.length > 0 ? inside : orDrop(closeOpenStructures(before), text, at);
}

/** `edits`, or when there are none, the character at `at` left out. */
function orDrop(edits: Edit[], text: string, at: number): Edit[] {
  if (edits.length > 0 || at >= text.length) return edits;
  return [{ at, remove: 1, insert: '' }];
}

interface Opener {
  closer: string;
  /** Where the structure was opened. */
  at: number;
  /** The outer closer that ended it unclosed, and where that stands. */
  endedBy?: string;
  endedAt?: number;
}

/** Closes `openers` (by default every brace, math shift and environment left open in `text`). */
function closeOpenStructures(text: string, openers?: Opener[]): Edit[] {
  // A trailing backslash would escape the first closer: it goes.
  let slashes = 0;
  while (text[text.length - 1 - slashes] === '\\') slashes++;
  const body = text.slice(0, text.length - (slashes % 2));
  // At one offset the innermost goes in first, so each outer closer lands after it: `{ $` closes as `$}`.
  const edits = [...(openers ?? scanStructures(body).open)].reverse().map((o) => closerEdit(body, o));
  if (body.length < text.length) edits.push({ at: body.length, remove: 1, insert: '' });
  return edits;
}

/**
 * Braces, math shifts and math environments close at the end of the paragraph they opened in (TeX
 * ends math at a blank line, and closing them at the end of a document would swallow every later
 * section); other environments at the end of what ended them unclosed, or of the text.
 */
function closerEdit(text: string, opener: Opener): Edit {
  const limit = opener.endedAt ?? text.length;
  const spansParagraphs = isEnvironment(opener.closer) && !isMathEnvironment(environmentName(opener.closer));
  const at = spansParagraphs ? limit : Math.min(paragraphEnd(text, opener.at), limit);
  // A comment on the line would swallow the closer.
  const newline = /%[^\n]*$/.test(text.slice(0, at).replace(/\\%/g, '')) ? '\n' : '';
  return { at, remove: 0, insert: newline + opener.closer };
}

const isEnvironment = (closer: string): boolean => closer.startsWith('\\end');

const environmentName = (closer: string): string => closer.slice('\\end{'.length, -1).trim();

function paragraphEnd(text: string, from: number): number {
  const blank = /\n[ \t]*\n/g;
  blank.lastIndex = from;
  return blank.exec(text)?.index ?? text.length;
}

/** The paragraphs of `source` (split at blank lines), each with its offset in `source`. */
export function paragraphs(source: string): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  let start = 0;
  for (const match of source.matchAll(/\n[ \t]*\n/g)) {
    out.push({ text: source.slice(start, match.index), offset: start });
    start = match.index + match[0].length;
  }
  out.push({ text: source.slice(start), offset: start });
  return out.filter((p) => p.text.trim());
}

/** A closer with nothing open for it to close. */
interface Stray {
  text: string;
  at: number;
}

/**
 * Braces, math shifts and environments: which are left open at the end, which an outer closer
 * ended unclosed (`\begin{itemize}` ended by `\end{document}`), and which closers close nothing.
 */
function scanStructures(text: string): { open: Opener[]; skipped: Opener[]; stray: Stray[] } {
  const stack: Opener[] = [];
  const skipped: Opener[] = [];
  const stray: Stray[] = [];
  const close = (closer: string, at: number) => {
    const depth = stack.map((o) => o.closer).lastIndexOf(closer);
    if (depth < 0) return void stray.push({ text: closer, at });
    skipped.push(...stack.slice(depth + 1).map((o) => ({ ...o, endedBy: closer, endedAt: at })));
    stack.length = depth;
  };
  const token = /\\begin\s*\{([^}]*)\}|\\end\s*\{([^}]*)\}|\\[\\{}$%&#_]|\\\(|\\\)|\\\[|\\\]|%[^\n]*|\$\$|[{}$]/g;
  for (const match of text.matchAll(token)) {
    const t = match[0];
    const at = match.index;
    if (match[1] !== undefined) stack.push({ closer: `\\end{${match[1]}}`, at });
    else if (match[2] !== undefined) close(`\\end{${match[2]}}`, at);
    else if (t === '{') stack.push({ closer: '}', at });
    else if (t === '}') close('}', at);
    else if (t === '\\(') stack.push({ closer: '\\)', at });
    else if (t === '\\[') stack.push({ closer: '\\]', at });
    else if (t === '\\)' || t === '\\]') close(t, at);
    else if (t === '$' || t === '$$') toggle(stack, t, at);
  }
  return { open: stack, skipped, stray };
}

function toggle(stack: Opener[], shift: string, at: number): void {
  if (stack[stack.length - 1]?.closer === shift) stack.pop();
  else stack.push({ closer: shift, at });
}

const OPENER_OF: Record<string, string> = { '}': '{', '$': '$', '$$': '$$', '\\)': '\\(', '\\]': '\\[' };

/**
 * What is open or stray in the source as written. Environments are matched over the whole text;
 * braces and math within their paragraph, as TeX ends math at a blank line and the repair closes
 * an open brace there.
 */
export function structureProblems(source: string): LatexProblem[] {
  const whole = scanStructures(source);
  const problems = [
    ...[...whole.open, ...whole.skipped].filter((o) => isEnvironment(o.closer)).map((o) => openProblem(o, source)),
    ...whole.stray.filter((s) => isEnvironment(s.text)).map(strayProblem),
  ];
  for (const { text, offset } of paragraphs(source)) {
    const inParagraph = scanStructures(text);
    const shift = <T extends { at: number }>(x: T): T => ({ ...x, at: x.at + offset });
    const unclosed = [...inParagraph.open, ...inParagraph.skipped].filter((o) => !isEnvironment(o.closer));
    problems.push(...unclosed.map((o) => openProblem(shift(o), source)));
    problems.push(...inParagraph.stray.filter((s) => !isEnvironment(s.text)).map(shift).map(strayProblem));
  }
  return problems.sort((a, b) => a.offset - b.offset);
}

function openProblem(opener: Opener, source: string): LatexProblem {
  const { closer, at, endedBy } = opener;
  if (isEnvironment(closer)) {
    const begin = closer.replace('\\end', '\\begin');
    const readAsMath = isMathEnvironment(environmentName(closer)) && closerEdit(source, opener).at < (opener.endedAt ?? source.length);
    const to = endedBy ? `the ${endedBy} after it` : 'the end of the file';
    const rest = readAsMath ? 'the rest of the paragraph was read as math' : `it was read to ${to}`;
    return { offset: at, problem: `${begin} is never closed; ${rest}` };
  }
  const what = OPENER_OF[closer] ?? closer;
  const rest = what === '{' ? 'it was closed at the paragraph\'s end' : 'the rest of the paragraph was read as math';
  return { offset: at, problem: `"${what}" is not closed in its paragraph; ${rest}` };
}

function strayProblem({ text, at }: Stray): LatexProblem {
  return { offset: at, problem: `"${text}" closes nothing; it was left out` };
}
