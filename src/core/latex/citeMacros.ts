// A project's own citation commands: `\newcommand{\refp}[1]{\citep{#1}}`, `\def\seecite#1{see~\citet{#1}}`.
// Only a command whose name holds "cite" reads as a citation by its name (plainText.ts); a macro
// whose body holds one cites wherever the project uses it, so it is found by its definition, in
// any file of the project (the preamble among them), as mathMacros.ts finds display-math macros.
import { stripComments } from './hidden';
import { isCitationCommand } from './plainText';

/** `\newcommand{\x}`, `\renewcommand*\x`, `\providecommand`, `\DeclareRobustCommand`, `\def\x` (and \gdef, \edef, \xdef). */
const DEFINITION = /\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand)\*?\s*\{?\s*\\([A-Za-z@]+)\s*\}?|\\[gex]?def\s*\\([A-Za-z@]+)/g;
/** A quick test before the full scan: most files define nothing. */
const DEFINES = /\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand|[gex]?def)\b/;
/** What stands between the name and the body: `[1][default]`, or \def's parameter text `#1#2`. */
const BEFORE_BODY = /^[^{\\]{0,80}\{/;

/** How a project's citation macro takes the keys it cites. */
export interface CitationMacro {
  /** How many parameters it takes (`[2]`, `#1#2`). */
  parameters: number;
  /** True when the first is optional, given in brackets (`\newcommand{\x}[2][see]{…}`). */
  optionalFirst: boolean;
  /** The parameters (1-based) its body passes on as keys (`#1` in `\citep{#1}`). */
  keyParameters: ReadonlySet<number>;
}

/** The names (without `\`) of the macros defined in `sources` whose body cites. */
export function findCitationMacros(sources: string[]): Set<string> {
  return new Set(citationMacros(sources).keys());
}

/** The macros defined in `sources` whose body cites, each with how it takes its keys. */
export function citationMacros(sources: readonly string[]): Map<string, CitationMacro> {
  const bodies = new Map<string, { lead: string; body: string }>();
  for (const source of sources) {
    if (!DEFINES.test(source)) continue;
    const text = stripComments(source);
    for (const match of text.matchAll(DEFINITION)) {
      const found = bodyAfter(text, match.index + match[0].length);
      if (found !== undefined) bodies.set(match[1] ?? match[2]!, found);
    }
  }
  // A macro built on another citation macro cites too: add until nothing more is added.
  const macros = new Map<string, CitationMacro>();
  for (let added = true; added; ) {
    added = false;
    for (const [name, { lead, body }] of bodies) {
      if (macros.has(name) || !cites(body, macros)) continue;
      macros.set(name, signature(lead, body, macros));
      added = true;
    }
  }
  return macros;
}

function signature(lead: string, body: string, macros: ReadonlyMap<string, CitationMacro>): CitationMacro {
  const declared = /^\s*\[(\d)\]\s*(\[)?/.exec(lead);
  const parameters = declared ? Number(declared[1]) : (lead.match(/#\d/g) ?? []).length;
  const keyParameters = new Set<number>();
  // The `#n` inside the braced groups that follow a cite command (or another citation macro) in the body.
  for (const command of body.matchAll(/\\([A-Za-z@]+)\*?((?:\s*(?:\[[^\]]*\]|\{[^{}]*\}))*)/g)) {
    if (!macros.has(command[1]!) && !isCitationCommand(command[1]!)) continue;
    for (const group of command[2]!.matchAll(/\{([^{}]*)\}/g)) for (const n of group[1]!.matchAll(/#(\d)/g)) keyParameters.add(Number(n[1]));
  }
  return { parameters, optionalFirst: Boolean(declared?.[2]), keyParameters };
}

/**
 * The braced body that starts after `from`, without its braces, and what stands before it;
 * undefined when there is none or it is not closed.
 */
function bodyAfter(text: string, from: number): { lead: string; body: string } | undefined {
  const lead = BEFORE_BODY.exec(text.slice(from, from + 100));
  if (!lead) return undefined;
  const open = from + lead[0].length - 1;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { lead: lead[0], body: text.slice(open + 1, i) };
  }
  return undefined;
}

function cites(body: string, macros: ReadonlyMap<string, CitationMacro>): boolean {
  return [...body.matchAll(/\\([A-Za-z@]+)/g)].some(([, name]) => macros.has(name!) || (isCitationCommand(name!) && !/^nocite$/i.test(name!)));
}
