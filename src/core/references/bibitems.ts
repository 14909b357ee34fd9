// The items of every thebibliography environment of a LaTeX source (a .tex written by hand, or
// BibTeX's .bbl), found with the project's LaTeX parser: each `\bibitem[label]{key}` starts one,
// and its text runs to the next one or the environment's end.
import { latexParser } from 'latex-utensils';
import { parseLatex, type LatexNode } from '../latex/parse';
import { plainOf, itemOfLatex } from './latexItem';
import type { ReferenceItem } from './types';

interface Span {
  start: number;
  end: number;
}

export function thebibliographyItems(source: string): ReferenceItem[] {
  return environments(parseLatex(source)).flatMap((env) => itemsOf(source, env));
}

/** True when the source has a thebibliography environment (a cheap test before parsing). */
export function hasThebibliography(source: string): boolean {
  return /\\begin\s*\{thebibliography\}/.test(source);
}

function environments(nodes: LatexNode[]): latexParser.Environment[] {
  const found: latexParser.Environment[] = [];
  for (const node of nodes) {
    if (latexParser.isEnvironment(node)) {
      if (node.name === 'thebibliography') found.push(node);
      else found.push(...environments(node.content));
    } else if (latexParser.isGroup(node)) found.push(...environments(node.content));
  }
  return found;
}

function itemsOf(source: string, env: latexParser.Environment): ReferenceItem[] {
  const commands = env.content.filter((n): n is latexParser.Command => latexParser.isCommand(n) && n.name === 'bibitem');
  const end = env.content.at(-1)?.location?.end.offset ?? env.location.end.offset;
  return commands.map((command, i) => {
    const head: Span = { start: command.location.start.offset, end: command.location.end.offset };
    const bodyEnd = commands[i + 1]?.location.start.offset ?? end;
    const label = command.args.find(latexParser.isOptionalArg);
    const key = command.args.find(latexParser.isGroup);
    return itemOfLatex(source.slice(head.end, bodyEnd), {
      ...(key ? { key: latexParser.stringify(key.content).trim() } : {}),
      ...(label ? { number: plainOf(latexParser.stringify(label.content)) } : {}),
      line: command.location.start.line - 1,
      start: head.start,
      end: trimEnd(source, head.start, bodyEnd),
    });
  });
}

function trimEnd(source: string, start: number, end: number): number {
  while (end > start && /\s/.test(source[end - 1]!)) end--;
  return end;
}
