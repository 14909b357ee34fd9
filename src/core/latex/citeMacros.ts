// A project's own citation commands: `\newcommand{\refp}[1]{\citep{#1}}`, `\def\seecite#1{see~\citet{#1}}`,
// `\let\refp\citep`.
// Only a command whose name holds "cite" reads as a citation by its name (plainText.ts); a macro
// whose body holds one cites wherever the project uses it, so it is found by its definition, in
// any file of the project (the preamble among them), as mathMacros.ts finds display-math macros.
import { blankHiddenText } from './hidden';
import { isCitationCommand } from './plainText';

/** `\newcommand{\x}`, `\renewcommand*\x`, `\providecommand`, `\DeclareRobustCommand`, `\def\x` (and \gdef, \edef, \xdef). */
const DEFINITION = /\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand)\*?\s*\{?\s*\\([A-Za-z@]+)\s*\}?|\\[gex]?def\s*\\([A-Za-z@]+)/g;
/** A quick test before the full scan: most files define nothing. */
const DEFINES = /\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand|[gex]?def|\w+DocumentCommand|let|NewCommandCopy|LetLtxMacro)\b/;
/** An alias of a command: `\let\refp\citep`, `\let\refp=\citep`, `\NewCommandCopy{\refp}{\citep}`, `\LetLtxMacro\refp\citep`. */
const ALIAS = /\\(?:let|NewCommandCopy|LetLtxMacro)\s*\{?\s*\\([A-Za-z@]+)\s*\}?\s*=?\s*\{?\s*\\([A-Za-z@]+)/g;
/** What an alias of a cite command takes, as natbib's and biblatex's do: `[pre][post]{keys}`. */
const ALIAS_PARAMETERS: MacroArgument[] = ['optional', 'optional', 'mandatory'];
/** What stands between the name and the body: `[1][default]`, or \def's parameter text `#1#2`. */
const BEFORE_BODY = /^[^{\\]{0,80}\{/;

/**
 * xparse's `\NewDocumentCommand{\x}{O{}m}{…}` (and Renew, Provide, Declare, Expandable), with its
 * argument specification: `m` a braced argument, `o`/`O{default}` a bracketed one, `s` a star.
 */
const DOCUMENT_COMMAND = /\\(?:New|Renew|Provide|Declare)(?:Expandable)?DocumentCommand\s*\{?\s*\\([A-Za-z@]+)\s*\}?\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g;

/** One parameter of a macro: a braced argument, a bracketed (optional) one, or a star. */
export type MacroArgument = 'mandatory' | 'optional' | 'star';

/** How a project's citation macro takes the keys it cites. */
export interface CitationMacro {
  /** Its parameters in order (`#1`, `#2`, …). */
  parameters: readonly MacroArgument[];
  /** The parameters (1-based) its body passes on as keys (`#1` in `\citep{#1}`). */
  keyParameters: ReadonlySet<number>;
  /** The one command its body is, and nothing more (`citep` for `{\citep{#1}}`); absent when the body prints more. */
  wraps?: string;
}

/** A definition command right before a macro's name: `\DeclareDocumentCommand\x{m}` names `\x`, it does not use it. */
const DEFINED_BY = /\\(?:\w+DocumentCommand|(?:re)?newcommand|providecommand|DeclareRobustCommand|[gex]?def|let|NewCommandCopy|LetLtxMacro)\*?\s*\{?\s*$/;

/** True when the command at `at` of `text` is the name a definition gives, not a use. */
export function isBeingDefined(text: string, at: number): boolean {
  return DEFINED_BY.test(text.slice(Math.max(0, at - 40), at));
}

/** The names (without `\`) of the macros defined in `sources` whose body cites. */
export function findCitationMacros(sources: string[]): Set<string> {
  return new Set(citationMacros(sources).keys());
}

/** The macros defined in `sources` whose body cites, each with how it takes its keys. */
export function citationMacros(sources: readonly string[]): Map<string, CitationMacro> {
  const bodies = new Map<string, { parameters: MacroArgument[]; body: string }>();
  for (const source of sources) {
    if (!DEFINES.test(source)) continue;
    const text = blankHiddenText(source);
    for (const match of text.matchAll(DEFINITION)) {
      const found = bodyAfter(text, match.index + match[0].length);
      if (found !== undefined) bodies.set(match[1] ?? match[2]!, { parameters: declaredParameters(found.lead), body: found.body });
    }
    // The alias takes what its command takes; read as a macro passing its arguments on, it cites when that command does.
    for (const [, name, command] of text.matchAll(ALIAS)) bodies.set(name!, { parameters: ALIAS_PARAMETERS, body: `\\${command}[#1][#2]{#3}` });
    for (const match of text.matchAll(DOCUMENT_COMMAND)) {
      const found = bodyAfter(text, match.index + match[0].length);
      if (found && !found.lead.trim().slice(0, -1)) bodies.set(match[1]!, { parameters: specifiedParameters(match[2]!), body: found.body });
    }
  }
  // A macro built on another citation macro cites too: add until nothing more is added.
  const macros = new Map<string, CitationMacro>();
  for (let added = true; added; ) {
    added = false;
    for (const [name, { parameters, body }] of bodies) {
      if (macros.has(name) || !cites(body, macros)) continue;
      const wraps = ONE_COMMAND.exec(body)?.[1];
      macros.set(name, { parameters, keyParameters: keyParameters(body, macros), ...(wraps ? { wraps } : {}) });
      added = true;
    }
  }
  return macros;
}

/** A body that is one command with its arguments, the parameters passed on: `\citep[#1]{#2}`. */
const ONE_COMMAND = /^\s*\\([A-Za-z@]+)\*?(?:\s*\[[^\]]*\])*\s*\{\s*#\d\s*\}\s*$/;

/** `[2][default]` (the first optional), `[1]`, or \def's `#1#2`. */
function declaredParameters(lead: string): MacroArgument[] {
  const declared = /^\s*\[(\d)\]\s*(\[)?/.exec(lead);
  const count = declared ? Number(declared[1]) : (lead.match(/#\d/g) ?? []).length;
  return Array.from({ length: count }, (_, i) => (i === 0 && declared?.[2] ? 'optional' : 'mandatory'));
}

/** xparse's `s O{} m`: the star, bracketed and braced arguments, up to the first kind it does not read here. */
function specifiedParameters(spec: string): MacroArgument[] {
  const parameters: MacroArgument[] = [];
  for (const [, kind] of spec.replace(/[+!\s]|>\{[^{}]*\}/g, '').matchAll(/([A-Za-z])(?:\{[^{}]*\})?/g)) {
    const argument = ({ m: 'mandatory', o: 'optional', O: 'optional', s: 'star' } as const)[kind as 'm' | 'o' | 'O' | 's'];
    if (!argument) break;
    parameters.push(argument);
  }
  return parameters;
}

function keyParameters(body: string, macros: ReadonlyMap<string, CitationMacro>): Set<number> {
  const keyParameters = new Set<number>();
  // The `#n` inside the braced groups that follow a cite command (or another citation macro) in the body.
  for (const command of body.matchAll(/\\([A-Za-z@]+)\*?((?:\s*(?:\[[^\]]*\]|\{[^{}]*\}))*)/g)) {
    if (!macros.has(command[1]!) && !isCitationCommand(command[1]!)) continue;
    for (const group of command[2]!.matchAll(/\{([^{}]*)\}/g)) for (const n of group[1]!.matchAll(/#(\d)/g)) keyParameters.add(Number(n[1]));
  }
  return keyParameters;
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
