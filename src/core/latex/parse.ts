// Parses LaTeX with latex-utensils, tolerating what a half-written selection looks like:
// unclosed braces, math or environments, stray closers, a trailing backslash. On a syntax error
// the source is repaired at the reported location (latex/repair.ts) and parsed again, as it is when
// an environment is left unpaired, which the parser takes in silence; what still fails is parsed
// paragraph by paragraph, and a paragraph that never parses is scrubbed as plain text.
import { latexParser } from 'latex-utensils';
import { visibleText } from './hidden';
import type { MathMacros } from './mathMacros';
import { closeUnmatchedBegin, paragraphs, repairAt, structureProblems, type Edit, type LatexProblem } from './repair';
import { moveLocations, placeLines, RepairedText } from './sourceMap';

export type { LatexProblem } from './repair';

export type LatexNode = latexParser.Node;

const PARSE_TIMEOUT_MS = 4000;
const MAX_REPAIRS = 12;

/**
 * Never throws. Node locations (offsets, lines, columns) refer to `text` as written, whatever was
 * repaired. Hidden text (comments, \iffalse blocks, comment environments) is blanked first, so it
 * is in no node.
 */
export function parseLatex(text: string, macros?: MathMacros): LatexNode[] {
  return parseLatexReporting(text, macros).nodes;
}

/**
 * `parseLatex`, and when the text did not parse as written, what is open or stray in it: what a
 * reader of the result should be told, as a repair decides what the text after it means.
 */
export function parseLatexReporting(text: string, macros?: MathMacros): { nodes: LatexNode[]; problems: LatexProblem[] } {
  const source = visibleText(text, macros);
  // A long document costs a few hundred ms per attempt: repair it paragraph by paragraph sooner.
  const whole = parseWithRepairs(source, source.length > LONG_SOURCE_CHARS ? 2 : MAX_REPAIRS);
  const { nodes, scrubbed } = whole ? { nodes: whole.nodes, scrubbed: [] } : parseByParagraph(source);
  // Offsets are the source's already; lines and columns were the repaired text's, or a paragraph's,
  // or the visible text's, where a line hidden text emptied was joined to the next. Else they stand.
  if (whole?.edited !== false || lineCount(source) !== lineCount(text)) placeLines(nodes, text);
  if (whole?.repairs === 0) return { nodes, problems: [] };
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
    const shift = (point: latexParser.Location['start']) => ({ ...point, offset: point.offset + offset });
    moveLocations(unwrapped, ({ start, end }) => ({ start: shift(start), end: shift(end) }));
    nodes.push(...unwrapped, parbreakNode());
  }
  return { nodes, scrubbed };
}

const LONG_SOURCE_CHARS = 20_000;
const SPANNING_ENVIRONMENTS = new Set(['document']);

function lineCount(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/**
 * The nodes and how many repairs they took (`edited`: the text they were read from was changed);
 * undefined when the text would not parse within `maxRepairs`.
 */
function parseWithRepairs(source: string, maxRepairs: number): { nodes: LatexNode[]; repairs: number; edited: boolean } | undefined {
  const text = new RepairedText(source);
  let parsed: { nodes: LatexNode[]; repairs: number; edited: boolean } | undefined;
  for (let repairs = 0; repairs <= maxRepairs; repairs++) {
    const attempt = parseOnce(text.text);
    if (!attempt) break;
    const edits = 'nodes' in attempt ? closeUnmatchedEnvironment(text.text, attempt.nodes) : repairAt(text.text, attempt.failedAt);
    if ('nodes' in attempt) {
      text.placeInSource(attempt.nodes);
      parsed = { nodes: attempt.nodes, repairs, edited: text.edited };
    }
    if (repairs === maxRepairs || !text.apply(edits)) break;
  }
  return parsed;
}

/** The nodes, or where parsing failed; undefined on a timeout. */
function parseOnce(text: string): { nodes: LatexNode[] } | { failedAt: number } | undefined {
  try {
    return { nodes: latexParser.parse(text, { timeout: PARSE_TIMEOUT_MS }).content };
  } catch (error) {
    return latexParser.isSyntaxError(error) ? { failedAt: error.location.start.offset } : undefined;
  }
}

/**
 * The parser reads a `\begin{…}` or `\end{…}` it cannot pair as a plain command, so an unclosed
 * equation would read as prose: an unpaired `\end` is repaired first (a stray unpairs every
 * `\begin` around it), then an unpaired `\begin` is closed.
 */
function closeUnmatchedEnvironment(text: string, nodes: LatexNode[]): Edit[] {
  const unpaired = unpairedEnvironmentCommands(nodes);
  const end = unpaired.find((c) => c.name === 'end');
  if (end) return repairAt(text, end.location.start.offset);
  const begin = unpaired[0];
  return begin ? closeUnmatchedBegin(text, begin.location.start.offset) : [];
}

/** The `\begin{…}` and `\end{…}` commands below `nodes` in document order, but for those in a macro's definition. */
function unpairedEnvironmentCommands(nodes: readonly unknown[]): latexParser.Command[] {
  return nodes.flatMap((node): latexParser.Command[] => {
    if (!node || typeof node !== 'object') return [];
    const record = node as LatexNode;
    if (latexParser.isDefCommand(record)) return [];
    if (latexParser.isCommand(record)) {
      if (DEFINING.test(record.name)) return [];
      const unpaired = (record.name === 'begin' || record.name === 'end') && record.args[0]?.kind === 'arg.group';
      return unpaired ? [record] : unpairedEnvironmentCommands(record.args);
    }
    const { args, content, arg } = node as { args?: unknown; content?: unknown; arg?: unknown };
    return [args, content, arg].flatMap((child) => unpairedEnvironmentCommands(Array.isArray(child) ? child : [child]));
  });
}

/** Commands whose arguments define a macro or an environment: a `\begin` there opens nothing yet. */
const DEFINING = /(?:command|cmd|environment)\*?$/i;

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
