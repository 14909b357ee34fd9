// Parses LaTeX with latex-utensils, tolerating what a half-written selection looks like:
// unclosed braces, math or environments, stray closers, a trailing backslash. On a syntax error
// the source is repaired at the reported location and parsed again; what still fails is parsed
// paragraph by paragraph, and a paragraph that never parses is scrubbed as plain text.
import { latexParser } from 'latex-utensils';
import { visibleText } from './hidden';
import type { MathMacros } from './mathMacros';

export type LatexNode = latexParser.Node;

const PARSE_TIMEOUT_MS = 4000;
const MAX_REPAIRS = 12;

/**
 * Never throws. Node offsets refer to `source` (give or take a repaired character). Hidden text
 * (comments, \iffalse blocks, comment environments) is blanked first, so it is in no node.
 */
export function parseLatex(text: string, macros?: MathMacros): LatexNode[] {
  return parseLatexReporting(text, macros).nodes;
}

/** What had to be repaired for the text to parse, where it stands in the text, in words. */
export interface LatexProblem {
  offset: number;
  problem: string;
}

/**
 * `parseLatex`, and when the text did not parse as written, what is open or stray in it: what a
 * reader of the result should be told, as a repair decides what the text after it means.
 */
export function parseLatexReporting(text: string, macros?: MathMacros): { nodes: LatexNode[]; problems: LatexProblem[] } {
  const source = visibleText(text, macros);
  // A long document costs a few hundred ms per attempt: repair it paragraph by paragraph sooner.
  const whole = parseWithRepairs(source, source.length > LONG_SOURCE_CHARS ? 2 : MAX_REPAIRS);
  if (whole?.repairs === 0) return { nodes: whole.nodes, problems: [] };
  const { nodes, scrubbed } = whole ? { nodes: whole.nodes, scrubbed: [] } : parseByParagraph(source);
  // A paragraph scrubbed to plain text was not repaired: its problems would say what did not happen.
  const repaired = structureProblems(source).filter((p) => !scrubbed.some((s) => p.offset >= s.start && p.offset < s.end));
  return { nodes, problems: repaired };
}

function parseByParagraph(source: string): { nodes: LatexNode[]; scrubbed: { start: number; end: number }[] } {
  const nodes: LatexNode[] = [];
  const scrubbed: { start: number; end: number }[] = [];
  for (const { text, offset } of paragraphs(source)) {
    const parsed = parseWithRepairs(text, MAX_REPAIRS)?.nodes;
    if (!parsed) scrubbed.push({ start: offset, end: offset + text.length });
    // An environment split across paragraphs (e.g. `document`) was closed by the repair: unwrap it.
    const unwrapped = (parsed ?? [textNode(scrubUnparseable(text))]).flatMap((n) =>
      latexParser.isEnvironment(n) && SPANNING_ENVIRONMENTS.has(n.name) ? n.content : [n],
    );
    shiftLocations(unwrapped, offset);
    nodes.push(...unwrapped, parbreakNode());
  }
  return { nodes, scrubbed };
}

const LONG_SOURCE_CHARS = 20_000;
const SPANNING_ENVIRONMENTS = new Set(['document']);

function paragraphs(source: string): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  let start = 0;
  for (const match of source.matchAll(/\n[ \t]*\n/g)) {
    out.push({ text: source.slice(start, match.index), offset: start });
    start = match.index + match[0].length;
  }
  out.push({ text: source.slice(start), offset: start });
  return out.filter((p) => p.text.trim());
}

/** Adds `delta` to every location below `nodes` (paragraph offsets → document offsets). */
function shiftLocations(nodes: unknown[], delta: number): void {
  for (const node of nodes) {
    if (!node || typeof node !== 'object') continue;
    const record = node as { location?: latexParser.Location; content?: unknown; args?: unknown; arg?: unknown };
    if (record.location) {
      record.location = {
        start: { ...record.location.start, offset: record.location.start.offset + delta },
        end: { ...record.location.end, offset: record.location.end.offset + delta },
      };
    }
    for (const child of [record.content, record.args, record.arg]) {
      if (Array.isArray(child)) shiftLocations(child, delta);
      else if (child && typeof child === 'object') shiftLocations([child], delta);
    }
  }
}

/** The nodes and how many repairs they took; undefined when the text would not parse within `maxRepairs`. */
function parseWithRepairs(source: string, maxRepairs: number): { nodes: LatexNode[]; repairs: number } | undefined {
  let text = source;
  for (let attempt = 0; attempt <= maxRepairs; attempt++) {
    try {
      return { nodes: latexParser.parse(text, { timeout: PARSE_TIMEOUT_MS }).content, repairs: attempt };
    } catch (error) {
      if (!latexParser.isSyntaxError(error)) return undefined; // a timeout: give up on this text
      const repaired = repair(text, error.location.start.offset);
      if (repaired === text) return undefined;
      text = repaired;
    }
  }
  return undefined;
}

/** One repair step at the offset where parsing failed. */
export function repair(text: string, offset: number): string {
  if (offset >= text.trimEnd().length) return closeOpenStructures(text);
  const rest = text.slice(offset);
  const strayEnd = /^\\end\s*\{[^}]*\}/.exec(rest);
  if (strayEnd) return text.slice(0, offset) + text.slice(offset + strayEnd[0].length);
  if (/^[}\]]/.test(rest)) return text.slice(0, offset) + text.slice(offset + 1);
  // Anything else (e.g. `\end{b}` closing `\begin{a}`): close what is open before the offset.
  const before = closeOpenStructures(text.slice(0, offset));
  return before === text.slice(0, offset) ? text.slice(0, offset) + text.slice(offset + 1) : before + text.slice(offset);
}

interface Opener {
  closer: string;
  /** Where the structure was opened. */
  at: number;
  /** The outer closer that ended it unclosed. */
  endedBy?: string;
}

/**
 * Closes every brace, math shift and environment left open. Braces and math close at the end of
 * the paragraph they opened in (they cannot sensibly span a blank line, and closing them at the
 * end of a document would swallow every later section); environments close at the end.
 */
function closeOpenStructures(text: string): string {
  const out = text.replace(/\\+$/, (slashes) => (slashes.length % 2 === 0 ? slashes : slashes.slice(1)));
  const stack = scanStructures(out).open;
  const inserts = stack.map(({ closer, at }) => ({ closer, at: closer.startsWith('\\end') ? out.length : paragraphEnd(out, at) }));
  let result = out;
  // Apply from the end so earlier positions stay valid. At one position the outermost goes in
  // first, so each later (inner) closer lands before it: `{ $` closes as `$}`.
  for (const { closer, at } of inserts.sort((a, b) => b.at - a.at)) {
    const before = result.slice(0, at);
    // A comment on the line would swallow the closer.
    const newline = /%[^\n]*$/.test(before.replace(/\\%/g, '')) ? '\n' : '';
    result = before + newline + closer + result.slice(at);
  }
  return result;
}

function paragraphEnd(text: string, from: number): number {
  const blank = /\n[ \t]*\n/g;
  blank.lastIndex = from;
  return blank.exec(text)?.index ?? text.length;
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
    skipped.push(...stack.slice(depth + 1).map((o) => ({ ...o, endedBy: closer })));
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


const OPENER_OF: Record<string, string> = { '}': '{', '$': '$', '$$': '$$', '\\)': '\\(', '\\]': '\\[' };

/**
 * What is open or stray in the source as written. Environments are matched over the whole text;
 * braces and math within their paragraph, as TeX ends math at a blank line and the repair closes
 * an open brace there.
 */
function structureProblems(source: string): LatexProblem[] {
  const isEnvironment = (closer: string) => closer.startsWith('\\end');
  const whole = scanStructures(source);
  const problems = [
    ...[...whole.open, ...whole.skipped].filter((o) => isEnvironment(o.closer)).map(openProblem),
    ...whole.stray.filter((s) => isEnvironment(s.text)).map(strayProblem),
  ];
  for (const { text, offset } of paragraphs(source)) {
    const inParagraph = scanStructures(text);
    const shift = <T extends { at: number }>(x: T): T => ({ ...x, at: x.at + offset });
    const unclosed = [...inParagraph.open, ...inParagraph.skipped].filter((o) => !isEnvironment(o.closer));
    problems.push(...unclosed.map(shift).map(openProblem));
    problems.push(...inParagraph.stray.filter((s) => !isEnvironment(s.text)).map(shift).map(strayProblem));
  }
  return problems.sort((a, b) => a.offset - b.offset);
}

function openProblem({ closer, at, endedBy }: Opener): LatexProblem {
  if (closer.startsWith('\\end')) {
    const to = endedBy ? `the ${endedBy} after it` : 'the end of the file';
    return { offset: at, problem: `${closer.replace('\\end', '\\begin')} is never closed; it was read to ${to}` };
  }
  const what = OPENER_OF[closer] ?? closer;
  const rest = what === '{' ? 'it was closed at the paragraph\'s end' : 'the rest of the paragraph was read as math';
  return { offset: at, problem: `"${what}" is not closed in its paragraph; ${rest}` };
}

function strayProblem({ text, at }: Stray): LatexProblem {
  return { offset: at, problem: `"${text}" closes nothing; it was left out` };
}

function toggle(stack: Opener[], shift: string, at: number): void {
  if (stack[stack.length - 1]?.closer === shift) stack.pop();
  else stack.push({ closer: shift, at });
}

/** Last resort for a paragraph the parser rejects: drop comments, math and command names. */
function scrubUnparseable(paragraph: string): string {
  return paragraph
    .replace(/(^|[^\\])%[^\n]*/g, '$1')
    .replace(/\$\$[\s\S]*?\$\$|\$[^$]*\$|\\\([\s\S]*?\\\)|\\\[[\s\S]*?\\\]/g, ' ')
    .replace(/\\(?:begin|end)\s*\{[^}]*\}/g, ' ')
    .replace(/\\[a-zA-Z]*cite[a-zA-Z]*\*?(\[[^\]]*\])*\{[^}]*\}/g, ' ')
    .replace(/\\(?:ref|eqref|label|cref|Cref|autoref|pageref)\{[^}]*\}/g, ' ')
    .replace(/\\([%&$#_{}])/g, '$1')
    .replace(/\\[a-zA-Z@]+\*?|\\./g, ' ')
    .replace(/[{}$]/g, ' ')
    .replace(/~/g, ' ');
}

function textNode(content: string): LatexNode {
  return { kind: 'text.string', content, location: emptyLocation() };
}

function parbreakNode(): LatexNode {
  return { kind: 'parbreak', location: emptyLocation() };
}

function emptyLocation(): latexParser.Location {
  const point = { offset: 0, line: 1, column: 1 };
  return { start: point, end: point };
}
