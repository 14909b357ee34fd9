// Named theorems: `\begin{theorem}[Banach fixed-point theorem]` or `\begin{lemma}[Hoeffding's
// inequality]` states a published result by its name, which a reader expects to find cited. The
// title is listed, as a result named without a source, unless the title or the statement cites; the
// statement's sentences are read (they count in the paper's context) but never listed themselves: a
// theorem without a title, or whose title is the paper's own ("Main result", "Restatement of
// Theorem 3"), is the paper's own result, and a named one is listed once, by its title.
import { latexParser as lp } from 'latex-utensils';
import { latexToPlainText } from '../latex/plainText';
import { stripComments } from '../latex/hidden';

/**
 * The score a named result without a source is listed with: fixed, not the model's. The model was
 * fitted on running prose and never read a theorem's title ("Hoeffding's inequality" alone gives it
 * a name and nothing else); a result stated under another's name with no source is a citation missing
 * by the field's own convention, so it is listed near the top, above most sentences the model lists.
 */
export const NAMED_RESULT_SCORE = 0.9;
export const NAMED_RESULT_REASON = 'names a published result';
export const STATEMENT_REASON = "a theorem's statement: listed by its title when that names a published result";

/** amsthm's usual environments and their short forms (`thm`, `lem`), and any whose name says theorem or lemma. */
const THEOREM_LIKE = /^(theorem|thm|lemma|lem|proposition|prop|corollary|cor|conjecture|conj|fact)\*?$|theorem|lemma/i;
/**
 * Words that name a result in a title without a person's name: "Central limit theorem", "No free lunch
 * theorem". Not "lemma": a named lemma carries its author's name (Zorn's, Fatou's); "Stability lemma" is the paper's.
 */
const RESULT_WORD = /\b(theorem|inequality|law|conjecture|principle|formula|identity|criterion|hypothesis|paradox|duality)\b/i;
/** A possessive name: "Hoeffding's inequality", "Zorn's lemma". */
const POSSESSIVE = /\p{Lu}\p{Ll}+(?:'s|’s)(?!\p{L})/u;
/** Two names joined by a dash: "Cauchy–Schwarz", "Johnson-Lindenstrauss lemma" (not a prefix: "Non-Gaussian"). */
const JOINED_NAMES = /(?<!\p{L})(?!(?:Non|Semi|Quasi|Pseudo|Anti|Multi|Sub|Super|Self|Well|Two|One|High|Low|Upper|Lower)[-–—])\p{Lu}\p{Ll}+[-–—]\p{Lu}\p{Ll}+/u;
/** A lemma attributed by "of" ("Lemma of Zorn"); "theorem of …" is a result word already. */
const LEMMA_OF_NAME = /\blemma\s+of\s+\p{Lu}\p{Ll}+/iu;
/** Titles that say the result is the paper's own. */
const OWN_TITLE = /\b(main|key|technical|auxiliary|informal|formal|restated|restatement|our|simplified|this paper|special case|version of)\b/i;
/** A numbered result is one of the paper's own ("Proof of Theorem 2", "Sharpness of Conjecture 1.3"). */
const NUMBERED_RESULT = /\b(theorem|lemma|proposition|corollary|conjecture|claim|assumption)\s*~?\s*\d/i;
/** A reference in the title ("Convergence of Algorithm~\ref{alg}") points inside the paper. */
const REFERENCE = /^(ref|eqref|autoref|cref|Cref|nameref)$/;

export interface NamedTitle {
  text: string;
  /** The title's offsets in the source (between its brackets), end exclusive. */
  start: number;
  end: number;
}

/** Whether an environment states a result (a theorem, a lemma, …): its statement is the paper's own, its title may name another's. */
export function isTheoremLike(environment: string): boolean {
  return THEOREM_LIKE.test(environment);
}

/**
 * The title of a theorem-like environment (the caller has checked, isTheoremLike) when it names a
 * published result; undefined otherwise. Read from `source`: the parser keeps no spaces between an
 * optional argument's words.
 */
export function namedResultTitle(node: lp.Environment, source: string): NamedTitle | undefined {
  const title = node.args.find((arg) => arg.kind === 'arg.optional');
  if (!title?.location || lp.findAll(title.content, (n) => lp.isCommand(n) && REFERENCE.test(n.name)).length) return undefined;
  const start = title.location.start.offset + 1;
  const end = title.location.end.offset - 1;
  const text = latexToPlainText(source.slice(start, end)).replace(/[\s,;:]+$/, '');
  return namesPublishedResult(text) ? { text, start, end } : undefined;
}

/**
 * Whether the sentence just before a theorem-like environment sources it: "The following is due to
 * \cite{x}.", "We recall a result of \cite{y}:" (a citation after its full stop is the sentence's).
 * The last body sentence read must cite and its text end right before `\begin`, only blank lines and
 * comments between (`proseEnd`: where the last prose read ends), so that a heading, a float or another
 * theorem between them, or a later uncited sentence ("… as in \cite{a}. We now prove"), breaks the link.
 */
export function sourcedByPreviousSentence(
  read: readonly { cited: boolean; role?: string }[],
  proseEnd: number,
  source: string,
  environmentStart: number,
): boolean {
  const previous = read.findLast((s) => s.role !== 'footnote');
  if (!previous || previous.role !== undefined || !previous.cited || proseEnd > environmentStart) return false;
  return stripComments(source.slice(proseEnd, environmentStart)).trim() === '';
}

/**
 * "Banach fixed-point theorem", "Hoeffding's inequality", "Cauchy–Schwarz", "Central limit theorem": yes. "Upper bound",
 * "Main result": no; nor a name used as the adjective of a setting ("Bound for Gaussian noise", "Convergence in Hilbert
 * spaces", "Global Kuranishi charts for GW moduli spaces"): a capitalised word alone describes, it does not name a result.
 */
export function namesPublishedResult(title: string): boolean {
  if (!/\p{L}/u.test(title) || OWN_TITLE.test(title) || NUMBERED_RESULT.test(title)) return false;
  return RESULT_WORD.test(title) || POSSESSIVE.test(title) || JOINED_NAMES.test(title) || LEMMA_OF_NAME.test(title);
}
