// Text an author hid from the PDF must not leave the machine either: `%` comments, the false
// branch of `\iffalse … \fi` (and the `\else` branch of `\iftrue`), and comment-like environments
// (the comment and verbatim packages' `comment`, and any declared with `\excludecomment{…}` or the
// versions package's `\excludeversion{…}`). Each is replaced by spaces, newlines kept, so every
// offset into the source (the selection's, the parser's) still points at the same place.
import { blankMathMacros, type MathMacros } from './mathMacros';

/** Environments every document may use to hide text. */
const COMMENT_ENVIRONMENTS = ['comment'];

/** TeX's conditionals, whose `\fi` pairs with the nearest open one; `\newif` adds the document's own. */
const PRIMITIVE_CONDITIONALS = new Set([
  'if', 'ifcat', 'ifnum', 'ifdim', 'ifodd', 'ifvmode', 'ifhmode', 'ifmmode', 'ifinner', 'ifvoid', 'ifhbox',
  'ifvbox', 'ifx', 'ifeof', 'iftrue', 'iffalse', 'ifcase', 'ifdefined', 'ifcsname', 'iffontchar', 'ifincsname',
  'ifpdfprimitive', 'ifpdfabsnum', 'ifpdfabsdim', 'ifpdf', 'ifxetex', 'ifluatex',
]);

/** The source with every hidden span blanked (spaces; newlines kept). Never throws. */
export function blankHiddenText(source: string): string {
  return hideText(source).text;
}

/** Where a hidden block (a false branch, a comment environment) starts and ends, as offsets. */
interface Span {
  from: number;
  to: number;
}

function hideText(source: string): { text: string; blocks: Span[] } {
  // Comments first: a `%\begin{comment}` or `% \iffalse` that is itself commented out hides nothing.
  const uncommented = stripComments(source);
  const { text, blocks } = blankCommentEnvironments(uncommented);
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < Math.min(to, out.length); i++) if (out[i] !== '\n' && out[i] !== '\r') out[i] = ' ';
  };
  const conditionals = new Set(PRIMITIVE_CONDITIONALS);
  for (const match of uncommented.matchAll(/\\newif\s*\\(if[A-Za-z@]+)/g)) conditionals.add(match[1]!);
  for (let i = text.indexOf('\\'); i >= 0 && i < text.length; i = text.indexOf('\\', i)) {
    const name = controlName(text, i);
    const after = i + 1 + name.length;
    if (name !== 'iffalse' && name !== 'iftrue') {
      i = after;
      continue;
    }
    const { elseAt, fiAt, end } = matchConditional(text, after, conditionals);
    const elseEnd = elseAt !== undefined ? elseAt + '\\else'.length : undefined;
    const hiddenFrom = name === 'iffalse' ? i : elseAt;
    const hiddenTo = name === 'iffalse' ? (elseEnd ?? fiAt ?? end) : (fiAt ?? end);
    if (hiddenFrom !== undefined) {
      blank(hiddenFrom, hiddenTo);
      blocks.push({ from: hiddenFrom, to: hiddenTo });
    }
    if (fiAt !== undefined) blank(fiAt, fiAt + '\\fi'.length);
    blank(i, after);
    // The branch that stays (\iffalse's \else part, \iftrue's first part) is read like any text.
    i = name === 'iffalse' ? (elseEnd ?? end) : after;
  }
  return { text: out.join(''), blocks };
}

/**
 * What the parser reads: hidden text blanked, the document's display-math macros too (`\be … \ee`,
 * latex/mathMacros.ts), and each line that this blanking emptied joined to the next (its newline a
 * space), as TeX reads it: a comment line, or an equation written through a macro on a line of its
 * own, ends no paragraph. The same length as `written`, so every offset still points into it.
 */
export function visibleText(written: string, macros?: MathMacros): string {
  const { text: hidden, blocks } = hideText(written);
  const blanked = macros ? blankMathMacros(hidden, macros) : hidden;
  const lines = blanked.split('\n');
  const writtenLines = written.split('\n');
  const joined = (line: string, i: number, start: number) =>
    emptied(writtenLines[i]!, line) || (line.trim() === '' && blocks.some((b) => b.from < start && start < b.to));
  // A line that held something and holds nothing now, or a blank line inside a hidden block (TeX
  // skips the block whole, its blank lines too): its newline becomes a space.
  let start = 0;
  return lines.map((line, i) => {
    const end = i === lines.length - 1 ? '' : joined(line, i, start) ? ' ' : '\n';
    start += line.length + 1;
    return line + end;
  }).join('');
}

function emptied(written: string, visible: string): boolean {
  return written.trim() !== '' && visible.trim() === '';
}

/**
 * Blanks comments: `%` to the end of its line, except `\%` and inside `\url{…}`, `\href{…}` and
 * `\verb|…|`. Each comment becomes spaces of the same length, so offsets stay valid for the
 * rules that read commands with regexes (project discovery) and for the claim stage.
 */
export function stripComments(source: string): string {
  const parts: string[] = [];
  let copied = 0;
  for (let i = 0; i < source.length; ) {
    const ch = source[i];
    if (ch === '%') {
      const end = lineEnd(source, i);
      parts.push(source.slice(copied, i), ' '.repeat(end - i));
      copied = i = end;
    } else if (ch === '\\') {
      const name = controlName(source, i);
      const after = i + 1 + name.length;
      i = name === 'url' || name === 'href' ? skipGroup(source, after) : name === 'verb' ? skipVerb(source, after) : after;
    } else i++;
  }
  parts.push(source.slice(copied));
  return parts.join('');
}

function blankCommentEnvironments(source: string): { text: string; blocks: Span[] } {
  const names = new Set(COMMENT_ENVIRONMENTS);
  for (const match of source.matchAll(/\\(?:excludecomment|excludeversion)\s*\{\s*([^}\s]+)\s*\}/g)) names.add(match[1]!);
  let text = source;
  const blocks: Span[] = [];
  for (const name of names) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const environment = new RegExp(`\\\\begin\\s*\\{${escaped}\\}[\\s\\S]*?(?:\\\\end\\s*\\{${escaped}\\}|$)`, 'g');
    text = text.replace(environment, (hidden, at: number) => {
      blocks.push({ from: at, to: at + hidden.length });
      return hidden.replace(/[^\r\n]/g, ' ');
    });
  }
  return { text, blocks };
}

/** The control word (letters) or control symbol (one character) after the backslash at `at`. */
function controlName(text: string, at: number): string {
  const word = /^[A-Za-z@]+/.exec(text.slice(at + 1, at + 64))?.[0];
  return word ?? text.slice(at + 1, at + 2);
}

function lineEnd(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline < 0 ? text.length : newline;
}

/** Past a braced argument (a URL keeps its `%`); where it starts, when there is none. */
function skipGroup(text: string, from: number): number {
  let i = from;
  while (text[i] === ' ') i++;
  if (text[i] !== '{') return from;
  for (let depth = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Past `\verb|…|` (any delimiter), which may hold a `%`. */
function skipVerb(text: string, from: number): number {
  const at = text[from] === '*' ? from + 1 : from;
  const delimiter = text[at];
  if (!delimiter || /[A-Za-z\s]/.test(delimiter)) return from;
  const end = text.indexOf(delimiter, at + 1);
  const stop = lineEnd(text, at);
  return end < 0 || end > stop ? stop : end + 1;
}

/**
 * The `\else` (at depth 0) and the `\fi` that close a conditional whose body starts at `from`,
 * counting the conditionals nested in it; `end` is where the text ends when no `\fi` does.
 */
function matchConditional(text: string, from: number, conditionals: Set<string>): { elseAt?: number; fiAt?: number; end: number } {
  let depth = 0;
  let elseAt: number | undefined;
  for (let i = from; i < text.length; ) {
    if (text[i] !== '\\') {
      i++;
      continue;
    }
    const name = controlName(text, i);
    if (conditionals.has(name)) depth++;
    else if (name === 'fi') {
      if (depth === 0) return { elseAt, fiAt: i, end: i + 3 };
      depth--;
    } else if (name === 'else' && depth === 0 && elseAt === undefined) elseAt = i;
    i += 1 + name.length;
  }
  return { elseAt, end: text.length };
}
