// LaTeX source → plain prose for claim analysis: comments, math, citations, references and
// layout commands go; the words of formatting commands stay; accents become Unicode.
import { latexParser } from 'latex-utensils';
import { parseLatex, type LatexNode } from './parse';

/**
 * The characters latex-utensils reads as more than words and spaces (commands, groups, maths,
 * comments, alignment, scripts, ties). Prose with none of them parses into words and spaces alone.
 */
const LATEX_SYNTAX = /[\\{}$%&#^_~]/;

/** One TeX dimension: `1em`, `-0.4 pt`, `2fill`, or a register such as `\baselineskip`. */
const DIMEN = String.raw`(?:[-+]?\s*(?:\d+(?:[.,]\d*)?|[.,]\d+)\s*(?:true\s*)?(?:pt|pc|in|bp|cm|mm|dd|cc|sp|em|ex|mu|px|fil{1,3})\b|\\[a-zA-Z]+)`;

/**
 * `\hskip 1em plus 0.5em minus 0.4em\relax` (IEEEtran's separator before "address: publisher"):
 * TeX glue is no braced argument, so the parser would leave "1em plus 0.5em minus 0.4em" as words.
 */
export const SKIP_WITH_GLUE = new RegExp(
  String.raw`\\(hskip|vskip|mskip|kern|mkern)\s*${DIMEN}(?:\s*plus\s*${DIMEN})?(?:\s*minus\s*${DIMEN})?(?:\s*\\relax\b)?\s*`,
  'g',
);

/** Plain text of a LaTeX fragment. Never throws, whatever the input. */
export function latexToPlainText(source: string): string {
  // A claim typed as prose reads the same without the parser, whose first use in a process costs
  // ~5 ms (CPU profiles of the CLI's claim stage); its words get the text nodes' treatment.
  if (!LATEX_SYNTAX.test(source)) return tidy(proseOf(source));
  // A kern sits inside a word ("Bib\kern-.08em\TeX"); a skip is a space.
  const unglued = source.replace(SKIP_WITH_GLUE, (_m, command: string) => (command.endsWith('kern') ? '' : ' '));
  return tidy(renderNodes(parseLatex(unglued)));
}

/** Renders already-parsed nodes (e.g. one section of a document). Whitespace is not tidied. */
/** A BibTeX or LaTeX value as one line of plain words (braces, accents and commands resolved). */
export function plainLine(value: string): string {
  return latexToPlainText(value).replace(/\s+/g, ' ').trim();
}

export function renderNodes(nodes: LatexNode[]): string {
  const out: string[] = [];
  let pendingAccent: string | undefined;
  for (const node of nodes) {
    let text = renderNode(node);
    // `{\'\i}`, `\'\i`: the accent's letter can be a command's (dotless i, \o) as well as text.
    if (pendingAccent !== undefined && (node.kind === 'text.string' || (latexParser.isCommand(node) && /^\p{L}/u.test(text)))) {
      text = accented(pendingAccent, text);
      pendingAccent = undefined;
    } else if (latexParser.isCommand(node) && node.args.length === 0 && ACCENTS[node.name]) {
      pendingAccent = node.name; // `\'e`: the accent applies to the next character
      continue;
    }
    out.push(text);
  }
  return out.join('');
}

/** Commands whose arguments are keys or layout, never prose. */
const DROPPED_COMMANDS = new Set([
  'label', 'ref', 'eqref', 'autoref', 'cref', 'Cref', 'pageref', 'nameref', 'vref', 'Vref', 'hyperref',
  'footnote', 'footnotemark', 'footnotetext', 'thanks', 'index', 'glossary', 'url', 'nolinkurl',
  'includegraphics', 'input', 'include', 'bibliography', 'bibliographystyle', 'addbibresource',
  'vspace', 'hspace', 'vskip', 'hskip', 'setlength', 'addtolength', 'setcounter', 'newcommand',
  'renewcommand', 'providecommand', 'newenvironment', 'usepackage', 'documentclass', 'color',
  'maketitle', 'tableofcontents', 'newpage', 'clearpage', 'noindent', 'centering', 'item',
  'begin', 'end', 'todo', 'marginpar', 'pagestyle', 'thispagestyle', 'linewidth', 'textwidth', 'raggedright',
]);

/** Commands that print a number or a name where they stand. */
const REFERENCES = /^(ref|eqref|autoref|cref|Cref|pageref|nameref|vref|Vref)$/;

/**
 * A node that reads as a word where it stands but renders as nothing: a citation ("\citet{x}
 * showed"), a reference, inline maths that is no number. Not \nocite nor a footnote's citation.
 * `rendered`: the node's text as the caller rendered it (renderNodes), so maths is rendered once.
 */
export function readsAsWord(node: LatexNode, rendered: string): boolean {
  if (node.kind === 'inlineMath') return !rendered.trim();
  if (latexParser.isLabelCommand(node)) return REFERENCES.test(node.name); // the parser's kind for \ref, \label, ...
  if (!latexParser.isCommand(node)) return false;
  return REFERENCES.test(node.name) || (isCitationCommand(node.name) && !/^(no|foot)/i.test(node.name));
}

/** Environments that hold no prose worth searching for. */
export const DROPPED_ENVIRONMENTS = /^(equation|align|gather|multline|eqnarray|math|displaymath|flalign|alignat|split|tabular|tabularx|longtable|array|tikzpicture|algorithmic|algorithm|procedure|function|verbatim|Verbatim|BVerbatim|LVerbatim|alltt|lstlisting|minted|thebibliography|filecontents|comment)\*?$/;

/** `\cite`, `\citep`, `\parencite`, `\textcite`, `\autocite`, `\footcite`, `\citeauthor`, `\nocite`, ... */
export function isCitationCommand(name: string): boolean {
  return /cite/i.test(name) && !/^(excite|recite)$/i.test(name);
}

const ACCENTS: Record<string, string> = {
  "'": '\u0301', '`': '\u0300', '^': '\u0302', '"': '\u0308', '~': '\u0303', '=': '\u0304',
  '.': '\u0307', u: '\u0306', v: '\u030C', H: '\u030B', c: '\u0327', d: '\u0323', b: '\u0331',
  r: '\u030A', k: '\u0328',
};

/** `\'` written before its letter without braces (`Lov\'asz`): it accents the next node's first character. */
export function isBareAccent(node: LatexNode): boolean {
  return latexParser.isCommand(node) && node.args.length === 0 && ACCENTS[node.name] !== undefined;
}

const SYMBOLS: Record<string, string> = {
  '&': '&', '%': '%', $: '$', '#': '#', _: '_', '{': '{', '}': '}', ' ': ' ', ',': ' ', ';': ' ',
  ':': ' ', '!': '', '/': '', '-': '', '\\': ' ', ss: 'ß', ae: 'æ', AE: 'Æ', oe: 'œ', OE: 'Œ',
  o: 'ø', O: 'Ø', aa: 'å', AA: 'Å', l: 'ł', L: 'Ł', i: 'i', j: 'j', S: '§', P: '¶', dag: '†',
  ldots: '…', dots: '…', textellipsis: '…', textendash: '–', textemdash: '—', LaTeX: 'LaTeX',
  TeX: 'TeX', textasciitilde: '~', textbackslash: '\\', textdegree: '°', copyright: '©',
  textregistered: '®', texttrademark: '™', textpercent: '%', textless: '<', textgreater: '>',
  newline: ' ', linebreak: ' ', quad: ' ', qquad: ' ', enspace: ' ', thinspace: ' ', par: '\n\n',
  etal: 'et al.', eg: 'e.g.', ie: 'i.e.',
};

const DROP_CAPS = new Set(['IEEEPARstart', 'lettrine']);

export const HEADINGS = /^(part|chapter|section|subsection|subsubsection|paragraph|subparagraph)\*?$/;

function renderNode(node: LatexNode): string {
  switch (node.kind) {
    case 'text.string':
      return proseOf(node.content);
    case 'space':
    case 'softbreak':
    case 'linebreak':
    case 'activeCharacter':
    case 'alignmentTab':
      return ' ';
    case 'parbreak':
      return '\n\n';
    case 'command':
      return renderCommand(node);
    case 'command.text':
      return renderNodes(node.arg.content);
    case 'command.href':
      return renderNodes(node.content);
    case 'arg.group':
      return renderNodes(node.content);
    case 'arg.optional':
      return '[' + renderNodes(node.content) + ']';
    case 'env':
      return renderEnvironment(node);
    case 'inlineMath':
    case 'displayMath':
      return renderMath(node.content, node.kind === 'displayMath');
    default:
      // comments, math environments, verbatim, labels, \url, \def, sub/superscripts: no prose.
      return node.kind.startsWith('env') ? ' ' : '';
  }
}

/** TeX's quotes and dashes in running text. */
function proseOf(text: string): string {
  return text.replace(/``|''/g, '"').replace(/---/g, '—').replace(/--/g, '–');
}

function renderCommand(node: latexParser.Command): string {
  const { name, args } = node;
  const groups = args.filter((a): a is latexParser.Group => a.kind === 'arg.group');
  if (isCitationCommand(name) || DROPPED_COMMANDS.has(name)) return '';
  if (ACCENTS[name] && groups[0]) return accented(name, renderNodes(groups[0].content));
  if (name in SYMBOLS) return SYMBOLS[name]! + renderNodes(groups.flatMap((g) => g.content));
  if (HEADINGS.test(name)) return '\n\n' + renderNodes(groups.at(-1)?.content ?? []) + '\n\n';
  if (name === 'enquote') return '"' + renderNodes(groups.at(-1)?.content ?? []) + '"';
  // A drop cap and the rest of its word: `\IEEEPARstart{D}{eep}`, `\lettrine[lines=2]{D}{eep}` read "Deep".
  if (DROP_CAPS.has(name)) return groups.map((g) => renderNodes(g.content)).join('');
  // Formatting commands and unknown macros: keep their mandatory arguments' words.
  return groups.map((g) => renderNodes(g.content)).join(' ');
}

function renderEnvironment(node: latexParser.Environment): string {
  if (DROPPED_ENVIRONMENTS.test(node.name)) return ' ';
  return '\n\n' + renderNodes(node.content) + '\n\n';
}

/** Math is dropped, except a bare number such as `$10$` or `$5\%$` that reads as prose. */
function renderMath(content: LatexNode[], display: boolean): string {
  if (display) return ' ';
  const source = latexParser.stringify(content).replace(/\\%/g, '%').replace(/[{}\s]/g, '');
  return /^[<>≈~]?-?\d+(?:[.,]\d+)*%?$/.test(source) ? source : ' ';
}

function accented(accent: string, text: string): string {
  if (!text) return '';
  const base = text[0] === '\\' ? text.slice(1) : text;
  return (base[0]! + ACCENTS[accent]!).normalize('NFC') + base.slice(1);
}

/** Collapses whitespace and the gaps that removed citations and math leave before punctuation. */
export function tidy(text: string): string {
  return text
    .replace(/[ \t\r\f\v\u00a0]+/g, ' ')
    .replace(/ *\n[ \n]*\n */g, '\n\n')
    .replace(/ *(?<!\n)\n(?!\n) */g, ' ')
    .replace(/\(\s*[,;]?\s*\)|\[\s*[,;]?\s*\]/g, '')
    .replace(/ +([.,;:!?)\]])/g, '$1')
    .replace(/\.\.(?!\.)/g, '.')
    .replace(/([,;:])[,;:]+/g, '$1')
    .replace(/([([]) +/g, '$1')
    .replace(/ {2,}/g, ' ')
    .replace(/\n\n(\n\n)+/g, '\n\n')
    .trim();
}
