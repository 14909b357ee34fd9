// A project's own citation commands: `\newcommand{\refp}[1]{\citep{#1}}`, `\def\seecite#1{see~\citet{#1}}`.
// Only a command whose name holds "cite" reads as a citation by its name (plainText.ts); a macro
// whose body holds one cites wherever the project uses it, so it is found by its definition, in
// any file of the project (the preamble among them), as mathMacros.ts finds display-math macros.
import { stripComments } from './hidden';
import { isCitationCommand } from './plainText';

/** `\newcommand{\x}`, `\renewcommand*\x`, `\providecommand`, `\DeclareRobustCommand`, `\def\x` (and \gdef, \edef, \xdef). */
const DEFINITION = /\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand)\*?\s*\{?\s*\\([A-Za-z@]+)\s*\}?|\\[gex]?def\s*\\([A-Za-z@]+)/g;
/** What stands between the name and the body: `[1][default]`, or \def's parameter text `#1#2`. */
const BEFORE_BODY = /^[^{\\]{0,80}\{/;

/** The names (without `\`) of the macros defined in `sources` whose body cites. */
export function findCitationMacros(sources: string[]): Set<string> {
  const bodies = new Map<string, string>();
  for (const source of sources) {
    const text = stripComments(source);
    for (const match of text.matchAll(DEFINITION)) {
      const body = bodyAfter(text, match.index + match[0].length);
      if (body !== undefined) bodies.set(match[1] ?? match[2]!, body);
    }
  }
  // A macro built on another citation macro cites too: add until nothing more is added.
  const macros = new Set<string>();
  for (let added = true; added; ) {
    added = false;
    for (const [name, body] of bodies) {
      if (macros.has(name) || !cites(body, macros)) continue;
      macros.add(name);
      added = true;
    }
  }
  return macros;
}

/** The braced body that starts after `from`, without its braces; undefined when there is none or it is not closed. */
function bodyAfter(text: string, from: number): string | undefined {
  const lead = BEFORE_BODY.exec(text.slice(from, from + 100));
  if (!lead) return undefined;
  const open = from + lead[0].length - 1;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  return undefined;
}

function cites(body: string, macros: ReadonlySet<string>): boolean {
  return [...body.matchAll(/\\([A-Za-z@]+)/g)].some(([, name]) => macros.has(name!) || (isCitationCommand(name!) && !/^nocite$/i.test(name!)));
}
