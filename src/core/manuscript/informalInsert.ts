// Replacing an informal citation with a real one. A bare mention ("[Riess 1998]",
// "(Perlmutter et al., 1999)", a pasted reference line) stands for the citation, so it becomes
// `\cite{key}`. An in-sentence mention ("as Perlmutter et al. (1999) showed") is part of the
// prose: with natbib or biblatex it becomes the textual command (`\citet{key}`, `\textcite{key}`),
// which prints the names and the year or number in the document's own style; without them the
// names stay and only the year gives way ("Perlmutter et al.~\cite{key}"), which reads right in
// plain LaTeX's numeric style. (Replacing the year by `\citep` would print the names twice in an
// author-year style.)
import { recogniseInformalCitation, type InformalCitation, type TextSpan } from '../informal/recognise';
import { normaliseCiteCommand, planCiteInsertion, type CiteInsertionPlan, type TextEditPlan } from './citeInsert';

/** The textual form of each parenthetical command that has one. */
const TEXTUAL: Record<string, string> = {
  '\\citep': '\\citet',
  '\\citealp': '\\citet',
  '\\autocite': '\\textcite',
  '\\parencite': '\\textcite',
};

/**
 * The edit that puts `key` in place of the informal citation found in the selection starting
 * at `selectionStart` of `source`. `command` is the chosen cite command (chooseCiteCommand).
 */
export function planInformalReplacement(
  source: string,
  selectionStart: number,
  citation: InformalCitation,
  key: string,
  command: string,
): TextEditPlan {
  return informalReplacement(source, selectionStart, citation, key, command).edit;
}

/** The replacement's edit and the command it writes. */
function informalReplacement(
  source: string,
  selectionStart: number,
  citation: InformalCitation,
  key: string,
  command: string,
): { edit: TextEditPlan; command: string } {
  const cite = normaliseCiteCommand(command);
  const at = (span: TextSpan) => ({ start: selectionStart + span.start, end: selectionStart + span.end });
  const span = at(citation.span);
  if (citation.kind === 'bare') return { edit: replaceWithTie(source, span, `${cite}{${key}}`), command: cite };
  const textual = TEXTUAL[cite];
  if (textual) return { edit: replace(span, `${textual}{${key}}`), command: textual };
  // The year and the space or parenthesis before it go; the names stay, tied to the citation.
  const year = citation.yearSpan ? at(citation.yearSpan) : { start: span.end, end: span.end };
  return { edit: replace(year, `~${cite}{${key}}`), command: cite };
}

/**
 * Where the citation of the selection `source[start, end)` goes: in place of the informal
 * citation the selection holds, else after the claim (planCiteInsertion). The extension and the
 * CLI both plan through here. `mentionCommand` replaces a mention: the package's command, whose
 * textual form prints the names ("Perlmutter et al. (1999)" as `\citet`), whatever the document's
 * habit (`\cite` after a natbib mention's names would print them twice in an author-year style).
 * `afterPunctuation`: the document cites after the full stop (citePlacement.ts).
 */
export function planCitation(
  source: string,
  start: number,
  end: number,
  key: string,
  command: string,
  { mentionCommand = command, afterPunctuation = false }: { mentionCommand?: string; afterPunctuation?: boolean } = {},
): CiteInsertionPlan {
  const informal = recogniseInformalCitation(source.slice(start, end));
  if (!informal) return planCiteInsertion(source, start, end, key, command, afterPunctuation);
  return { merged: false, ...informalReplacement(source, start, informal, key, mentionCommand) };
}

/** A bare mention after a word is replaced together with the space before it, by a tie. */
function replaceWithTie(source: string, span: { start: number; end: number }, insert: string): TextEditPlan {
  let start = span.start;
  while (start > 0 && / |\t/.test(source[start - 1]!)) start--;
  const afterWord = start > 0 && start < span.start && !/\s/.test(source[start - 1]!);
  return afterWord ? replace({ start, end: span.end }, `~${insert}`) : replace(span, insert);
}

function replace(span: { start: number; end: number }, insert: string): TextEditPlan {
  return { offset: span.start, deleteLength: span.end - span.start, insert };
}
