// Helpers of prose.ts that read the parsed tree and the source: what is no prose (front matter,
// captions, floats), which display math ends its sentence, a node without the project's citation
// macros, code blocks blanked before parsing, and footnotes' texts (paragraph.ts locates the sentences).
import { latexParser as lp } from 'latex-utensils';
import type { LatexNode } from '../latex/parse';
import { DROPPED_ENVIRONMENTS } from '../latex/plainText';

/** Commands whose arguments are front matter or layout, never sentences to cite. */
export const FRONT_MATTER =
  /^(title|author|date|affiliation|affil|address|email|keywords|thanks|institute|maketitle|bibliography|printbibliography|appendix|acknowledgments|acknowledgements|ccsdesc|pacs|PACS|subjclass|terms)$/;
/** A float's caption, and the caption package's outside a float (`\captionof{figure}{…}` in a minipage). */
export const CAPTIONS = /^(caption|captionof|subcaption|subcaptionbox)\*?$/;
/**
 * Floats, pseudo-code (the algorithm package's float, algorithm2e's algorithm, procedure and function),
 * acknowledgements and front matter (elsarticle's keyword and highlights, IEEE's keywords, ACM's CCS concepts).
 */
export const NOT_PROSE_ENVIRONMENTS =
  /^(figure|table|wrapfigure|subfigure|algorithm|procedure|function|acks|acknowledgments|acknowledgements|keywords?|IEEEkeywords|highlights|CCSXML)\*?$/;

/** Display math closed by a full stop ends the sentence around it, as the reader reads it. */
export function endsWithFullStop(node: LatexNode, source: string): boolean {
  const isDisplay = node.kind === 'displayMath' || node.kind === 'env.math.align' || (lp.isEnvironment(node) && DROPPED_ENVIRONMENTS.test(node.name));
  if (!isDisplay || !node.location) return false;
  const inner = source.slice(node.location.start.offset, node.location.end.offset).replace(/\\end\s*\{[^}]*\}\s*$|\\\]\s*$/, '');
  return /\.\s*$/.test(inner.replace(/\\(label|nonumber|notag)\s*(\{[^}]*\})?/g, '').trimEnd());
}

/** The parser names a starred use `refs*`: an xparse macro's star (`s`) is one of its arguments. */
export function usesMacro(names: ReadonlySet<string>, name: string): boolean {
  return names.has(name.replace(/\*$/, ''));
}

/** `node` without the commands named (a citation macro's arguments are keys, never prose); itself when it holds none. */
export function withoutCommands(node: LatexNode, names: ReadonlySet<string>): LatexNode[] {
  const named = (n: unknown) => lp.isCommand(n as LatexNode) && usesMacro(names, (n as lp.Command).name);
  if (names.size === 0) return [node];
  if (named(node)) return [];
  return lp.findAll([node], named).length ? [pruned(node, named) as LatexNode] : [node];
}

/** A copy of a parsed tree without the nodes `drop` picks (a node's children are in arrays: content, args). */
function pruned(value: unknown, drop: (node: unknown) => boolean): unknown {
  if (Array.isArray(value)) return value.filter((v) => !drop(v)).map((v) => pruned(v, drop));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, key === 'location' ? v : pruned(v, drop)]));
}

/** fancyvrb's and alltt's code blocks: latex-utensils reads their bodies as LaTeX, so their code would be prose. */
const CODE_BLOCK = /(\\begin\s*\{(Verbatim|BVerbatim|LVerbatim|alltt)(\*?)\})([\s\S]*?)(\\end\s*\{\2\3\})/g;

/** The source with those blocks' bodies blanked (offsets and lines kept): each an empty block, which renders as nothing. */
export function blankCodeBlocks(source: string): string {
  return source.replace(CODE_BLOCK, (_, begin: string, _name, _star, body: string, end: string) => begin + body.replace(/[^\n]/g, ' ') + end);
}

/** `\footnote[2]{…}` and `\footnotetext{…}`: their text is prose of its own. */
const FOOTNOTES = /^(footnote|footnotetext)$/;

/**
 * The texts of the footnotes in `node`: itself one, or inside a formatting command's arguments
 * (`\emph{…\footnote{…}}`); not a footnote's own footnotes, which its reading meets.
 */
export function footnoteTexts(node: LatexNode): LatexNode[][] {
  if (node.kind === 'command.text') return node.arg.content.flatMap(footnoteTexts);
  if (!lp.isCommand(node)) return [];
  if (FOOTNOTES.test(node.name)) {
    const text = node.args.filter((arg) => arg.kind === 'arg.group').at(-1);
    return text ? [text.content] : [];
  }
  return node.args.flatMap((arg) => (arg.kind === 'arg.group' ? arg.content.flatMap(footnoteTexts) : []));
}
