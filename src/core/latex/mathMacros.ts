// Papers in physics and mathematics often write display math through macros of their own
// (`\newcommand{\be}{\begin{equation}}`, `\def\ee{\end{equation}}`). The parser sees two commands
// and reads the equation between them as prose, so "E = mc^2" would join the sentence. Such spans
// are blanked as hidden text is (spaces, newlines kept, every offset unchanged), and a full stop
// that closes the equation is kept where it stands, so it ends its sentence as a written
// `\begin{equation}…\end{equation}` would.

/** Environments whose content is math, never prose. */
const MATH_ENVIRONMENTS = /^(equation|align|gather|multline|eqnarray|displaymath|flalign|alignat|math|subequations)\*?$/;

export function isMathEnvironment(name: string): boolean {
  return MATH_ENVIRONMENTS.test(name);
}

/** The document's macros that open or close a math environment, by name (without `\`), to the environment. */
export interface MathMacros {
  opens: Map<string, string>;
  closes: Map<string, string>;
}

// \newcommand{\be}{\begin{equation}}, \newcommand\be{…}, \renewcommand*{\be}[0]{…}, \def\be{…}:
// the body is the environment's \begin or \end alone.
const DEFINITION =
  /\\(?:(?:re)?newcommand\*?|providecommand\*?|def)\s*\{?\s*\\([A-Za-z@]+)\s*\}?\s*(?:\[\s*0?\s*\])?\s*\{\s*\\(begin|end)\s*\{\s*([A-Za-z]+\*?)\s*\}[^{}\\]*\}/g;

/** The math macros defined in any of `sources` (a project's files, the preamble among them). */
export function findMathMacros(sources: string[]): MathMacros {
  const macros: MathMacros = { opens: new Map(), closes: new Map() };
  for (const source of sources) {
    for (const [, name, which, environment] of source.matchAll(DEFINITION)) {
      if (!MATH_ENVIRONMENTS.test(environment!)) continue;
      (which === 'begin' ? macros.opens : macros.closes).set(name!, environment!);
    }
  }
  return macros;
}

/**
 * `source` with each `\be … \ee` span blanked, its closing full stop kept. An opener whose closer
 * is not found before the paragraph ends is left as written (the parser then reads it as before).
 */
export function blankMathMacros(source: string, macros: MathMacros): string {
  if (macros.opens.size === 0 || macros.closes.size === 0) return source;
  let out = source;
  // A macro's own definition names it: that is no equation.
  const definitions = [...source.matchAll(DEFINITION)].map((d) => ({ start: d.index, end: d.index + d[0].length }));
  const command = /\\([A-Za-z@]+)/g;
  for (let match = command.exec(source); match; match = command.exec(source)) {
    const environment = macros.opens.get(match[1]!);
    const at = match.index;
    if (!environment || definitions.some((d) => at >= d.start && at < d.end)) continue;
    const end = closerEnd(source, command.lastIndex, environment, macros);
    if (end === undefined) continue;
    out = out.slice(0, at) + blankedEquation(source.slice(at, end)) + out.slice(end);
    command.lastIndex = end;
  }
  return out;
}

/** Where the first closer of `environment` after `from` ends, if it comes before a blank line. */
function closerEnd(source: string, from: number, environment: string, macros: MathMacros): number | undefined {
  const command = /\\([A-Za-z@]+)|\n[ \t]*\n/g;
  command.lastIndex = from;
  for (let match = command.exec(source); match; match = command.exec(source)) {
    if (match[1] === undefined) return undefined;
    if (macros.closes.get(match[1]) === environment) return command.lastIndex;
  }
  return undefined;
}

/** Spaces for the span, newlines kept, and its closing full stop where it stands. */
function blankedEquation(span: string): string {
  const stop = /\.\s*(?:\\(?:label|nonumber|notag)\s*(?:\{[^}]*\})?\s*)*\\[A-Za-z@]+\s*$/.exec(span);
  const blank = span.replace(/[^\r\n]/g, ' ');
  return stop ? blank.slice(0, stop.index) + '.' + blank.slice(stop.index + 1) : blank;
}
