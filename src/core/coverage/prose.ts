// The prose sentences of one .tex file, where they stand and whether they cite. The file is parsed
// as the claim stage parses a selection (latex/parse.ts: hidden text blanked, broken LaTeX repaired
// or read paragraph by paragraph), its paragraphs rendered to plain text node by node (paragraph.ts splits each), so every
// sentence found by the claim splitter maps back to the source and to the \cite commands in it.
// Math, tables, verbatim and the bibliography render as nothing: no sentence starts or ends there.
import { latexParser as lp } from 'latex-utensils';
import { parseLatexReporting, type LatexNode } from '../latex/parse';
import type { MathMacros } from '../latex/mathMacros';
import { DROPPED_ENVIRONMENTS, HEADINGS, isBareAccent, isCitationCommand, readsAsWord, renderNodes, tidy } from '../latex/plainText';
import { ELEMENT_MARK } from '../text/sentences';
import { lineStarts, positionOf } from '../latex/citeSites';
import {
  blankCodeBlocks, CAPTIONS, endsWithFullStop, footnoteTexts, FRONT_MATTER, NOT_PROSE_ENVIRONMENTS, usesMacro, withoutCommands,
} from './proseNodes';
import { locationOf, paragraphSentences, type Piece } from './paragraph';
import { isTheoremLike, namedResultTitle, sourcedByPreviousSentence } from './theorems';
import { documentBody } from '../latex/documentBody';
import { blankHiddenText } from '../latex/hidden';

export interface ProseSentence {
  file: string;
  /** Offsets into the file's source, end exclusive. */
  start: number;
  end: number;
  /** 0-based, like the editor's. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  text: string;
  /** A `\cite`-family command stands in it (a footnote's included); `\ref` is no citation. */
  cited: boolean;
  /** The title of the (sub)section it is in, '' before the first heading. */
  section: string;
  inAbstract: boolean;
  /** Its place in its paragraph. */
  index: number;
  count: number;
  /**
   * Absent for the body's prose. 'footnote': a sentence of a `\footnote` or `\footnotetext`, read as a
   * paragraph of its own after its host's. 'named result': a theorem-like environment's title that
   * names a published result (theorems.ts); scored apart from the model. 'statement': a sentence of a
   * theorem-like environment's statement, the paper's own result, never listed itself.
   */
  role?: 'footnote' | 'named result' | 'statement';
}

/** The project's own macros that change what its prose is. */
export interface ProjectMacros {
  /** Display math written through macros (`\be … \ee`): no sentence. */
  math?: MathMacros;
  /** Macros whose body cites (`\refp` for `\citep`): each use cites, its arguments are no prose. */
  citations?: ReadonlySet<string>;
}

export interface ProseReading {
  sentences: ProseSentence[];
  /** Parts that could not be read as LaTeX, with their line. */
  warnings: string[];
  /** The section each included file (as named: `chapters/intro`) starts in. */
  inclusions: Map<string, string>;
}

/** Commands that pull in a file, which starts in the section they stand in. */
const INCLUSIONS = /^(input|include|subfile|import|subimport)$/;
/** Environments read as a paragraph of their own (a list's items each one). */
const LISTS = /^(itemize|enumerate|description)\*?$/;

/** The section an abstract's sentences stand in, whether its environment or a heading of that title. */
const ABSTRACT = 'Abstract';
const isAbstract = (section: string) => /^abstract$/i.test(section);

class ProseWalker {
  readonly sentences: ProseSentence[] = [];
  /** Unreadable paragraphs, by the line they start on (one warning each). */
  readonly unreadableLines = new Set<number>();
  readonly inclusions = new Map<string, string>();
  private pieces: Piece[] = [];
  private plainLength = 0;
  private lastEnd = 0;
  private inAbstract: boolean;
  /** `\'` of `Lov\'asz`, rendered with the node after it (the parser gives `Lov`, `\'`, `asz`). */
  private pendingAccent: LatexNode | undefined;
  /** The texts of the footnotes met in the running paragraph: each is read as a paragraph once it ends. */
  private notes: LatexNode[][] = [];
  private inFootnote = false;
  private inStatement = false;
  /** Where the body's first text stands, past the blank after `\begin{document}`: an unreadable paragraph is said there or later. */
  private readonly bodyText: number;

  constructor(
    private readonly file: string,
    private readonly lineStarts: number[],
    public section: string,
    private readonly source: string,
    /** Where the body starts, after `\begin{document}` (0 in a chapter); the preamble before it is never prose. */
    private readonly bodyStart: number,
    private readonly citationMacros: ReadonlySet<string>,
  ) {
    // A file included inside the abstract (`\begin{abstract}\input{abstract}`) starts in it.
    this.inAbstract = isAbstract(section);
    const blank = /\s*/y;
    blank.lastIndex = bodyStart;
    this.bodyText = blank.exec(source) ? blank.lastIndex : bodyStart;
  }

  walk(nodes: LatexNode[]): void {
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      const next = nodes[i + 1];
      // Plain TeX's `\input ch/intro`: the word after it is the file's name, no prose.
      if (lp.isCommand(node) && node.name === 'input' && node.args.length === 0 && next?.kind === 'text.string') {
        this.inclusion(node, next.content);
        i++;
      } else this.visit(node);
    }
  }

  private visit(node: LatexNode): void {
    // latex/parse.ts scrubs a paragraph it cannot parse into one text node that spans nothing, at the
    // paragraph's start. One that starts in the preamble may run on into the body (`\section{Intro`
    // never closed, no blank line after `\begin{document}`): its sentences are lost, and that is said.
    if (node.kind === 'text.string' && node.location.end.offset === node.location.start.offset && node.content.trim()) {
      const at = node.location.start.offset;
      const reachesBody = at >= this.bodyStart || !/\n[ \t]*\n/.test(this.source.slice(at, this.bodyStart));
      return reachesBody ? this.unreadable(Math.max(at, this.bodyText)) : undefined;
    }
    if (node.location && node.location.start.offset < this.bodyStart && node.location.end.offset <= this.bodyStart) return;
    if (node.kind === 'parbreak') return this.flush();
    if (lp.isEnvironment(node)) return this.environment(node);
    if (lp.isCommand(node)) {
      if (HEADINGS.test(node.name)) return this.heading(node);
      if (node.name === 'item') return this.flush();
      if (INCLUSIONS.test(node.name)) return this.inclusion(node);
      if (node.name === 'abstract') return this.abstractGroups(node);
      if (CAPTIONS.test(node.name) || FRONT_MATTER.test(node.name)) return this.flush();
    }
    this.add(node);
  }

  private environment(node: lp.Environment): void {
    if (node.name === 'document') return this.walk(node.content);
    if (NOT_PROSE_ENVIRONMENTS.test(node.name)) return this.flush();
    // Display math inside a sentence ("we have \begin{equation}…\end{equation} where …") keeps it one.
    if (DROPPED_ENVIRONMENTS.test(node.name)) return this.add(node);
    this.flush();
    // A theorem's attribution, `\begin{theorem}[Four colour theorem, \cite{appel1977}]`, cites for its statement.
    if (node.args.some((arg) => this.cites(arg))) this.pieces.push({ text: '', start: this.startOf(node), end: this.startOf(node), cites: true, at: 0 });
    const theoremLike = isTheoremLike(node.name);
    const title = theoremLike ? namedResultTitle(node, this.source) : undefined;
    // A citation in the title, anywhere in the statement or in the sentence that leads into it is the named result's source.
    const sourced = () => this.cites(node) || sourcedByPreviousSentence(this.sentences, this.lastEnd, this.source, this.startOf(node));
    if (title) this.push({ ...title, cited: sourced(), index: 0, count: 1, role: 'named result' });
    const wasStatement = this.inStatement;
    this.inStatement ||= theoremLike;
    this.inside(node.content, node.name === 'abstract');
    this.inStatement = wasStatement;
  }

  /** A&A's structured `\abstract{context}{aims}{methods}{results}{conclusions}`, or one group: each group a paragraph of the abstract. */
  private abstractGroups(node: lp.Command): void {
    this.flush();
    for (const group of node.args) if (group.kind === 'arg.group') this.inside(group.content, true);
  }

  /** Reads `nodes` to the end of their paragraph, in the abstract if `abstract` (or if already in it). */
  private inside(nodes: LatexNode[], abstract: boolean): void {
    const wasAbstract = this.inAbstract;
    this.inAbstract ||= abstract;
    this.walk(nodes);
    this.flush();
    this.inAbstract = wasAbstract;
  }

  private heading(node: lp.Command): void {
    this.flush();
    const title = node.args.filter((a) => a.kind === 'arg.group').at(-1);
    this.section = tidy(renderNodes(title?.content ?? []));
    this.inAbstract = isAbstract(this.section);
  }

  private inclusion(node: lp.Command, braceless?: string): void {
    this.flush();
    const name = braceless ?? node.args.filter((a) => a.kind === 'arg.group').map((g) => lp.stringify(g.content).trim()).join('/');
    if (name) this.inclusions.set(name.replace(/\.tex$/, ''), this.inAbstract ? ABSTRACT : this.section);
  }

  private add(node: LatexNode): void {
    if (isBareAccent(node)) {
      this.pendingAccent = node;
      return;
    }
    const accent = this.pendingAccent ? [this.pendingAccent] : [];
    this.pendingAccent = undefined;
    const start = this.startOf(accent[0] ?? node);
    const end = node.location?.end.offset ?? start;
    const text = this.pieceText(node, accent);
    this.pieces.push({ text, start, end, cites: this.cites(node), at: this.plainLength });
    this.plainLength += text.length;
    this.lastEnd = end;
    // The footnote's text is no part of its host's sentence (its \cite still counts there, above).
    this.notes.push(...footnoteTexts(node));
  }

  /** A list is a gap; display math closed by a full stop a sentence end; a citation a word-like mark. */
  private pieceText(node: LatexNode, accent: LatexNode[]): string {
    if (LISTS.test(lp.isEnvironment(node) ? node.name : '')) return ' ';
    if (endsWithFullStop(node, this.source)) return ' . ';
    if (lp.isCommand(node) && usesMacro(this.citationMacros, node.name)) return ELEMENT_MARK;
    const text = renderNodes([...accent, ...withoutCommands(node, this.citationMacros)]);
    return readsAsWord(node, text) ? ELEMENT_MARK : text;
  }

  private startOf(node: LatexNode): number {
    return node.location?.start.offset ?? this.lastEnd;
  }

  /** A `\cite`-family command, or a macro of the project's that cites, stands in it; `\nocite` is no citation. */
  private cites(node: LatexNode): boolean {
    const isCite = (n: LatexNode) =>
      lp.isCommand(n) && ((isCitationCommand(n.name) && !/^nocite$/i.test(n.name)) || usesMacro(this.citationMacros, n.name));
    return isCite(node) || lp.findAll([node], isCite).length > 0;
  }

  /** Ends the paragraph: its sentences, each with the citations that stand in it, then its footnotes. */
  flush(): void {
    const pieces = this.pieces;
    this.pieces = [];
    this.pendingAccent = undefined;
    this.plainLength = 0;
    const role = this.roleHere();
    for (const sentence of paragraphSentences(pieces)) this.push({ ...sentence, role });
    this.readNotes();
  }

  private push(found: Pick<ProseSentence, 'start' | 'end' | 'text' | 'cited' | 'index' | 'count' | 'role'>): void {
    const last = locationOf(this.lineStarts, found.end);
    const { role, ...rest } = found;
    this.sentences.push({
      file: this.file,
      ...rest,
      ...locationOf(this.lineStarts, found.start),
      endLine: last.line,
      endColumn: last.column,
      section: this.section,
      inAbstract: this.inAbstract,
      ...(role && { role }),
    });
  }

  private roleHere(): ProseSentence['role'] {
    if (this.inFootnote) return 'footnote';
    return this.inStatement ? 'statement' : undefined;
  }

  /** The paragraph's footnotes, each a paragraph of its own after it, in the section it stands in. */
  private readNotes(): void {
    const notes = this.notes;
    this.notes = [];
    const wasFootnote = this.inFootnote;
    this.inFootnote = true;
    for (const note of notes) {
      this.walk(note);
      this.flush();
    }
    this.inFootnote = wasFootnote;
  }

  /** A paragraph latex/parse.ts could only scrub: left out, and said where it is. */
  private unreadable(offset: number): void {
    this.flush();
    this.unreadableLines.add(positionOf(this.lineStarts, offset).line + 1);
  }
}

/**
 * Reads one file's prose. `section` is the one its including file pulls it in from; `macros` the
 * project's own for display math (no sentence) and for citing (a citation); `shownAs` names the file
 * in warnings. Never throws.
 */
export function readProse(file: string, source: string, section = '', macros: ProjectMacros = {}, shownAs = file): ProseReading {
  const starts = lineStarts(source);
  if (source.startsWith('\uFEFF')) starts[0] = 1; // a byte-order mark is no column, as in an editor
  const bodyStart = documentBody(blankHiddenText(source))?.start ?? 0;
  const walker = new ProseWalker(file, starts, section, source, bodyStart, macros.citations ?? new Set());
  const { nodes, problems } = parseLatexReporting(blankCodeBlocks(source), macros.math);
  walker.walk(nodes);
  walker.flush();
  // What a repair decided is said with its line, as it may have left sentences out.
  const repaired = problems.map(({ offset, problem }) => ({ line: positionOf(starts, offset).line + 1, message: `${problem}.` }));
  const unreadable = [...walker.unreadableLines].map((line) => ({
    line,
    message: 'this paragraph could not be read as LaTeX; its sentences are left out.',
  }));
  const warnings = [...repaired, ...unreadable].sort((a, b) => a.line - b.line).map(({ line, message }) => `${shownAs}:${line}: ${message}`);
  return { sentences: walker.sentences, warnings, inclusions: walker.inclusions };
}
