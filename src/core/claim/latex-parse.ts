// Parses LaTeX with latex-utensils, tolerating what a half-written selection looks like:
// unclosed braces, math or environments, stray closers, a trailing backslash. On a syntax error
// the source is repaired at the reported location and parsed again; what still fails is parsed
// paragraph by paragraph, and a paragraph that never parses is scrubbed as plain text.
import { latexParser } from 'latex-utensils';

export type LatexNode = latexParser.Node;

const PARSE_TIMEOUT_MS = 4000;
const MAX_REPAIRS = 12;

/** Never throws. */
export function parseLatex(source: string): LatexNode[] {
  const whole = parseWithRepairs(source);
  if (whole) return whole;
  return source.split(/\n[ \t]*\n/).flatMap((paragraph) => {
    const nodes = parseWithRepairs(paragraph);
    const scrubbed: LatexNode[] = nodes ?? [textNode(scrubUnparseable(paragraph))];
    return [...scrubbed, parbreakNode()];
  });
}

function parseWithRepairs(source: string): LatexNode[] | undefined {
  let text = source;
  for (let attempt = 0; attempt <= MAX_REPAIRS; attempt++) {
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

/** Appends the closers of every brace, math shift and environment left open. */
function closeOpenStructures(text: string): string {
  let out = text.replace(/\\+$/, (slashes) => (slashes.length % 2 === 0 ? slashes : slashes.slice(1)));
  const closers: string[] = [];
  const token = /\\begin\s*\{([^}]*)\}|\\end\s*\{([^}]*)\}|\\[\\{}$%&#_]|\\\(|\\\)|\\\[|\\\]|%[^\n]*|\$\$|[{}$]/g;
  for (const match of out.matchAll(token)) {
    const t = match[0];
    if (match[1] !== undefined) closers.push(`\\end{${match[1]}}`);
    else if (match[2] !== undefined) popUntil(closers, `\\end{${match[2]}}`);
    else if (t === '{') closers.push('}');
    else if (t === '}') popUntil(closers, '}');
    else if (t === '\\(') closers.push('\\)');
    else if (t === '\\[') closers.push('\\]');
    else if (t === '\\)' || t === '\\]') popUntil(closers, t);
    else if (t === '$' || t === '$$') toggle(closers, t);
  }
  // A comment on the last line would swallow the closers.
  if (closers.length > 0 && /%[^\n]*$/.test(out.replace(/\\%/g, ''))) out += '\n';
  return out + closers.reverse().join('');
}

function popUntil(stack: string[], closer: string): void {
  const at = stack.lastIndexOf(closer);
  if (at >= 0) stack.length = at;
}

function toggle(stack: string[], shift: string): void {
  if (stack[stack.length - 1] === shift) stack.pop();
  else stack.push(shift);
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
