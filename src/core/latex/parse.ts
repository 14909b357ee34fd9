// Parses LaTeX with latex-utensils, tolerating what a half-written selection looks like:
// unclosed braces, math or environments, stray closers, a trailing backslash. On a syntax error
// the source is repaired at the reported location and parsed again; what still fails is parsed
// paragraph by paragraph, and a paragraph that never parses is scrubbed as plain text.
import { latexParser } from 'latex-utensils';
import { blankHiddenText } from './hidden';

export type LatexNode = latexParser.Node;

const PARSE_TIMEOUT_MS = 4000;
const MAX_REPAIRS = 12;

/**
 * Never throws. Node offsets refer to `source` (give or take a repaired character). Hidden text
 * (comments, \iffalse blocks, comment environments) is blanked first, so it is in no node.
 */
export function parseLatex(text: string): LatexNode[] {
  const source = blankHiddenText(text);
  // A long document costs a few hundred ms per attempt: repair it paragraph by paragraph sooner.
  const whole = parseWithRepairs(source, source.length > LONG_SOURCE_CHARS ? 2 : MAX_REPAIRS);
  if (whole) return whole;
  const nodes: LatexNode[] = [];
  for (const { text, offset } of paragraphs(source)) {
    const parsed = parseWithRepairs(text, MAX_REPAIRS) ?? [textNode(scrubUnparseable(text))];
    // An environment split across paragraphs (e.g. `document`) was closed by the repair: unwrap it.
    const unwrapped = parsed.flatMap((n) => (latexParser.isEnvironment(n) && SPANNING_ENVIRONMENTS.has(n.name) ? n.content : [n]));
    shiftLocations(unwrapped, offset);
    nodes.push(...unwrapped, parbreakNode());
  }
  return nodes;
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

function parseWithRepairs(source: string, maxRepairs: number): LatexNode[] | undefined {
  let text = source;
  for (let attempt = 0; attempt <= maxRepairs; attempt++) {
    try {
      return latexParser.parse(text, { timeout: PARSE_TIMEOUT_MS }).content;
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
}

/**
 * Closes every brace, math shift and environment left open. Braces and math close at the end of
 * the paragraph they opened in (they cannot sensibly span a blank line, and closing them at the
 * end of a document would swallow every later section); environments close at the end.
 */
function closeOpenStructures(text: string): string {
  const out = text.replace(/\\+$/, (slashes) => (slashes.length % 2 === 0 ? slashes : slashes.slice(1)));
  const stack: Opener[] = [];
  const token = /\\begin\s*\{([^}]*)\}|\\end\s*\{([^}]*)\}|\\[\\{}$%&#_]|\\\(|\\\)|\\\[|\\\]|%[^\n]*|\$\$|[{}$]/g;
  for (const match of out.matchAll(token)) {
    const t = match[0];
    const at = match.index;
    if (match[1] !== undefined) stack.push({ closer: `\\end{${match[1]}}`, at });
    else if (match[2] !== undefined) popUntil(stack, `\\end{${match[2]}}`);
    else if (t === '{') stack.push({ closer: '}', at });
    else if (t === '}') popUntil(stack, '}');
    else if (t === '\\(') stack.push({ closer: '\\)', at });
    else if (t === '\\[') stack.push({ closer: '\\]', at });
    else if (t === '\\)' || t === '\\]') popUntil(stack, t);
    else if (t === '$' || t === '$$') toggle(stack, t, at);
  }
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

function popUntil(stack: Opener[], closer: string): void {
  const at = stack.map((o) => o.closer).lastIndexOf(closer);
  if (at >= 0) stack.length = at;
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
