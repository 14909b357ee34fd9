// Reads the context a claim sits in from the whole manuscript: its title, its abstract and the
// (sub)section around the selection. Only the configured LLM ever sees this context.
import { latexParser } from 'latex-utensils';
import type { DocumentContext } from '../types';
import { parseLatex, type LatexNode } from '../latex/parse';
import { findMathMacros } from '../latex/mathMacros';
import { renderNodes, tidy } from '../latex/plainText';
import { clipText } from '../text/clip';

/** Longest section text kept, in characters, centred on the selection. */
export const SECTION_CONTEXT_CHARS = 3000;
const ABSTRACT_CHARS = 3000;

const HEADING_LEVEL: Record<string, number> = {
  part: 0, chapter: 1, section: 2, subsection: 3, subsubsection: 4, paragraph: 5, subparagraph: 6,
};

interface Heading {
  level: number;
  title: string;
  /** Index of the heading node in the body. */
  index: number;
  offset: number;
}

/** `macros`: the display-math macros in effect (by default the document's own). */
export function readDocumentContext(document: string, selectionOffset?: number, macros = findMathMacros([document])): DocumentContext {
  const nodes = parseLatex(document, macros);
  const context: DocumentContext = {};
  const title = readTitle(nodes);
  if (title) context.title = title;
  const abstract = readAbstract(nodes);
  if (abstract) context.abstract = abstract;
  if (selectionOffset !== undefined) Object.assign(context, readSection(documentBody(nodes), selectionOffset));
  return context;
}

/** latexParser.find stops at the first node with children; findAll searches the whole tree. */
function firstNode(nodes: LatexNode[], matches: (node: LatexNode) => boolean): { node: LatexNode } | undefined {
  return latexParser.findAll(nodes, matches)[0];
}

function readTitle(nodes: LatexNode[]): string | undefined {
  const found = firstNode(nodes, (n) => latexParser.isCommand(n) && n.name === 'title');
  const command = found?.node as latexParser.Command | undefined;
  const group = command?.args.filter((a) => a.kind === 'arg.group').at(-1);
  return group ? oneLine(renderNodes(group.content)) || undefined : undefined;
}

function readAbstract(nodes: LatexNode[]): string | undefined {
  const env = firstNode(nodes, (n) => latexParser.isEnvironment(n) && n.name === 'abstract')?.node as
    | latexParser.Environment
    | undefined;
  let parts = env ? [env.content] : [];
  if (!env) {
    const command = firstNode(nodes, (n) => latexParser.isCommand(n) && n.name === 'abstract')?.node as
      | latexParser.Command
      | undefined;
    // A&A's structured abstract has five groups (context, aims, methods, results, conclusions): all of them.
    parts = command?.args.flatMap((a) => (a.kind === 'arg.group' ? [a.content] : [])) ?? [];
  }
  const text = parts.map((part) => oneLine(renderNodes(part))).filter(Boolean).join(' ');
  return text ? clipText(text, ABSTRACT_CHARS) : undefined;
}

function documentBody(nodes: LatexNode[]): LatexNode[] {
  const env = firstNode(nodes, (n) => latexParser.isEnvironment(n) && n.name === 'document')?.node as
    | latexParser.Environment
    | undefined;
  return env?.content ?? nodes;
}

function readSection(body: LatexNode[], selectionOffset: number): DocumentContext {
  const headings = findHeadings(body);
  const current = headings.filter((h) => h.offset <= selectionOffset).at(-1);
  const start = current ? current.index + 1 : 0;
  // The section ends at the next heading of any level: a subsection is its own context.
  const end = headings.find((h) => h.index >= start)?.index ?? body.length;
  const sectionNodes = body.slice(start, Math.max(start, end));
  // Spaces carry no location; the first located node at or after the selection marks it.
  const selectionIndex = sectionNodes.findIndex((n) => (n.location?.start.offset ?? -1) >= selectionOffset);
  const before = selectionIndex < 0 ? sectionNodes : sectionNodes.slice(0, selectionIndex);
  const text = tidy(renderNodes(sectionNodes));
  const anchor = Math.min(text.length, tidy(renderNodes(before)).length);
  const result: DocumentContext = {};
  const sectionTitle = current ? titleWithParent(headings, current) : undefined;
  if (sectionTitle) result.sectionTitle = sectionTitle;
  const window = oneLine(windowAround(text, anchor, SECTION_CONTEXT_CHARS));
  if (window) result.sectionText = window;
  return result;
}

function findHeadings(body: LatexNode[]): Heading[] {
  const headings: Heading[] = [];
  body.forEach((node, index) => {
    if (!latexParser.isCommand(node)) return;
    const level = HEADING_LEVEL[node.name.replace(/\*$/, '')];
    if (level === undefined) return;
    const group = node.args.filter((a) => a.kind === 'arg.group').at(-1);
    headings.push({ level, title: oneLine(renderNodes(group?.content ?? [])), index, offset: node.location.start.offset });
  });
  return headings;
}

/** "Methods / Data collection" for a subsection, so the model knows where it is. */
function titleWithParent(headings: Heading[], current: Heading): string {
  const parent = headings.filter((h) => h.index < current.index && h.level < current.level).at(-1);
  return parent?.title ? `${parent.title} / ${current.title}` : current.title;
}

function windowAround(text: string, anchor: number, size: number): string {
  if (text.length <= size) return text;
  let start = Math.max(0, Math.min(anchor - size / 2, text.length - size));
  // Start and end on word boundaries.
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  const slice = text.slice(start, start + size);
  return start + size < text.length ? slice.replace(/\s+\S*$/, '') : slice;
}

function oneLine(text: string): string {
  return tidy(text).replace(/\s*\n+\s*/g, ' ');
}
