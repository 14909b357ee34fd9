// LaTeX text as a reader sees it, in Unicode: `$\Omega$` → Ω, `R\'{e}nyi` → Rényi, `$10^{-3}$` →
// 10⁻³. Titles keep their maths as text instead of dropping it ("Measurements of Ω and Λ", never
// "Measurements of and"). The conversion is Better BibTeX's parser (@retorquere/bibtex-parser),
// not tables of our own; its light HTML markup (<i>, <sub>) is dropped for plain text.
import type * as BibtexParser from './bibtexParser';
import { repairLatex } from './health';
import { plainLine } from './plainText';

/**
 * A command (`\Omega`, `\'e`, `\em`) or maths: without either the text is taken as plain, since
 * many arXiv abstracts are ASCII that only looks like TeX ("Omega_M ~= 0.3").
 */
const LATEX_SIGNS = /\\(?:[A-Za-z]+|['"`^~=.])|\$/;

export function latexToUnicode(value: string): string {
  if (!LATEX_SIGNS.test(value)) return value;
  // The parser costs ~16 µs a character: only the runs of words that hold LaTeX go through it,
  // the plain words between them are kept as they are (an arXiv abstract is mostly plain).
  return latexRuns(value)
    .map((run) => (run.latex ? wholeToUnicode(run.text) : run.text))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFC');
}

/** Signs the parser would change in a word: commands, maths, groups, ties, TeX dashes and quotes, markup. */
const NEEDS_PARSER = /[\\$&{}~<>]|--|``|''/;

interface Run {
  text: string;
  latex: boolean;
}

/**
 * The text cut between words into plain runs and runs that need the parser; a run that opens a
 * group or maths, or ends on an accent, goes on, words and spaces included, until it is closed.
 */
function latexRuns(value: string): Run[] {
  const runs: Run[] = [];
  const parts = value.split(/(\s+)/);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i % 2 === 1 || !NEEDS_PARSER.test(part)) {
      runs.push({ text: part, latex: false });
      continue;
    }
    let text = part;
    let end = i;
    while ((open(text) || ACCENT_AT_END.test(text)) && end + 2 < parts.length) text += parts[++end]! + parts[++end]!;
    if (open(text) && oddDollars(part)) {
      // A "$" never closed is a literal one ("costs $0.34"): kept as written, the words after it read on.
      runs.push({ text: part, latex: false });
      continue;
    }
    i = end;
    runs.push({ text, latex: true });
  }
  return runs;
}

/** An accent that applies to the next word's first letter (`Petojevi\' c`). */
const ACCENT_AT_END = /\\['"`^~=.]$/;

/** Whether `text` leaves a group or maths open (escaped braces and dollars do not count). */
function open(text: string): boolean {
  const bare = unescaped(text);
  let depth = 0;
  for (const c of bare) depth += c === '{' ? 1 : c === '}' ? -1 : 0;
  return depth > 0 || oddDollars(text);
}

function oddDollars(text: string): boolean {
  return (unescaped(text).match(/\$/g)?.length ?? 0) % 2 === 1;
}

function unescaped(text: string): string {
  return text.replace(/\\[\\{}$]/g, '');
}

function wholeToUnicode(value: string): string {
  const text = escapeOutsideMaths(spelledMaths(value));
  // An authority's mangled maths (`$\{upOmega}$`) is read as what it was meant to be.
  const readable = convert(text) ?? convert(escapeOutsideMaths(spelledMaths(repairLatex(value) ?? '')));
  return readable ?? plainLine(value);
}

/** Operator names, which the parser drops with their word: `$(\log n)/\sqrt n$` read "(n)/√n", `$F_{\max}$` "F". */
const OPERATORS =
  /\\(log|ln|lg|exp|sin|cos|tan|cot|sec|csc|sinh|cosh|tanh|arcsin|arccos|arctan|max|min|sup|inf|lim|liminf|limsup|det|dim|ker|deg|gcd|arg|argmax|argmin|Pr|poly|polylog)(?![A-Za-z])\s*/g;

/** Accents over one letter, which the parser drops with the letter (`$\tilde{O}(n)$` read "(n)"): as its combining mark. */
const MARKS: Readonly<Record<string, string>> = { tilde: '\u0303', widetilde: '\u0303', hat: '\u0302', widehat: '\u0302', bar: '\u0304', check: '\u030c', dot: '\u0307', ddot: '\u0308', vec: '\u20d7' };
const ACCENTED = /\\(tilde|widetilde|hat|widehat|bar|check|dot|ddot|vec)\s*(?:\{\s*([^\s{}\\$])\s*\}|([^\s{}\\$]))/g;

/** The maths of `value` with operator names and accented letters in forms the parser keeps; the text around untouched. */
function spelledMaths(value: string): string {
  return value.replace(/(?<!\\)\$[^$]*\$/g, (maths) =>
    maths
      // Upright, a thin space on each side that holds a term, as TeX sets an operator: "O(n log n)", "(log n)".
      .replace(OPERATORS, (operator: string, name: string, at: number, whole: string) => {
        const preceding = whole.slice(0, at);
        const before = /[\p{L}\p{N})\]}]\s*$/u.test(preceding) && !/\\[A-Za-z]+\s*$/.test(preceding) ? '\\,' : '';
        const after = /^[\p{L}\p{N}\\{(]/u.test(whole.slice(at + operator.length)) ? '\\,' : '';
        return `${before}\\mathrm{${name}}${after}`;
      })
      .replace(ACCENTED, (_m, mark: string, braced?: string, bare?: string) => (braced ?? bare)! + MARKS[mark]!)
      // The usual macro for ε in papers' own preambles, which an abstract copies.
      .replace(/\\eps(?![A-Za-z])/g, '\\varepsilon'),
  );
}

/**
 * `_ ^ ~ % # &` outside $…$ are plain characters in such text ("Omega_M", "~= 0.2"), not
 * subscripts or ties: escaped, so only the commands and the maths are converted.
 */
function escapeOutsideMaths(value: string): string {
  const parts = value.split(/(?<!\\)(\$[^$]*\$)/);
  return parts
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/(?<!\\)([_^%#&])/g, '\\$1').replace(/(?<!\\)~(?=[=<>\d-])/g, '\\textasciitilde{}')))
    .join('');
}

/**
 * The parser is loaded on first use: building its tokenizer and Unicode tables costs a new CLI
 * process ~60 ms of start-up, and most runs meet no LaTeX before their first search has left.
 */
let parser: typeof BibtexParser.parse | undefined;
function parse(...args: Parameters<typeof BibtexParser.parse>): ReturnType<typeof BibtexParser.parse> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (above)
  parser ??= (require('./bibtexParser') as typeof BibtexParser).parse;
  return parser(...args);
}

function convert(value: string): string | undefined {
  if (!value) return undefined;
  try {
    const library = parse(`@misc{x, note = {${value}}}`, { english: false, sentenceCase: false, caseProtection: false, unsupported: 'ignore' });
    const note = library.entries[0]?.fields.note;
    if (library.errors.length > 0 || typeof note !== 'string') return undefined;
    // Accents come as combining marks (e + U+0301): composed, so "Rényi" is one letter é.
    return note.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim().normalize('NFC');
  } catch {
    return undefined;
  }
}
