// Which work a batch may cite in a sentence without the writer choosing (`citefinder coverage
// --find --insert`): only one whose text clearly supports the sentence (the card's "supports",
// by the LLM judge or the calibrated scale), that is not retracted, withdrawn or under an
// expression of concern, that is by the authors the sentence names if it names any, that stands
// clearly above every other work found, and whose BibTeX came from the authority. Anything less is
// left for the writer, with the reason: a batch that cites a merely related work writes a wrong
// citation the writer may never look at again.
import type { Candidate } from '../types';
import { namedAuthors, namedAuthorShare } from '../ranking/namedAuthors';

export type ClearChoice = { candidate: Candidate; reason?: undefined } | { candidate?: undefined; reason: string };

/**
 * How far the work's support score must stand above every other work's. Several works that
 * support a sentence about as well leave the choice to the writer: on SciFact dev the work chosen
 * was the one the authors cited 73 % of the time without a margin, 86 % with this one
 * (docs/coverage.md, "Cited in one pass").
 */
export const CLEAR_MARGIN = 0.05;

/** Said beside citations written on the scale of shared words (no LLM judge); SciFact's refuted claims show why. */
export const BY_WORDS_ONLY =
  'Read each citation written before you submit: without an LLM judge, support is read from the words the sentence and the paper share, which do not tell a finding from its opposite.';

/** Trust statuses a batch never cites on its own (the writer may, by hand). */
const NOT_CITED_UNASKED = new Set(['retracted', 'withdrawn', 'concern']);

/**
 * The work that clearly supports the sentence, strongest first as the results are shown; BibTeX
 * not required (the bench measures the choice on records that have none).
 */
export function supportedWork(candidates: readonly Candidate[], sentence: string): ClearChoice {
  if (candidates.length === 0) return { reason: 'nothing was found' };
  const supporting = candidates.filter((c) => c.support?.label === 'supports');
  if (supporting.length === 0) return { reason: `no work clearly supports it (the best: ${describe(candidates[0]!)})` };
  const trusted = supporting.filter((c) => !NOT_CITED_UNASKED.has(c.trust?.status ?? 'unknown'));
  if (trusted.length === 0) return { reason: `the works that support it are ${supporting[0]!.trust!.status}: ${quoted(supporting[0]!)}` };
  const named = namedAuthors(sentence);
  const theirs = named.length ? trusted.filter((c) => namedAuthorShare(named, c.authors) > 0) : trusted;
  if (theirs.length === 0) return { reason: `it names ${named.join(', ')}, and no work that supports it is theirs` };
  const chosen = theirs[0]!;
  // Works by other people than the sentence names are no rivals: the names decide between them.
  const rivals = candidates.filter((c) => c !== chosen && (named.length === 0 || namedAuthorShare(named, c.authors) > 0));
  const rival = rivals.reduce<Candidate | undefined>((best, c) => ((c.score ?? 0) > (best?.score ?? -1) ? c : best), undefined);
  if (rival && (chosen.score ?? 0) - (rival.score ?? 0) < CLEAR_MARGIN)
    return { reason: `two works support it about as well: ${describe(chosen)} and ${describe(rival)}` };
  return { candidate: chosen };
}

/** The work a batch cites in the sentence, or why none: `supportedWork` with the authority's BibTeX. */
export function clearCitation(candidates: readonly Candidate[], sentence: string): ClearChoice {
  const choice = supportedWork(candidates, sentence);
  if (!choice.candidate || (choice.candidate.bibtex && choice.candidate.citeKey)) return choice;
  const why = choice.candidate.bibtexWhy ?? choice.candidate.bibtexError;
  return { reason: `no BibTeX from the authority for ${quoted(choice.candidate)}${why ? ` (${why})` : ''}` };
}

function describe(candidate: Candidate): string {
  const label = candidate.support?.label ?? 'not scored';
  const score = candidate.score !== undefined ? ` ${candidate.score.toFixed(2)}` : '';
  return `${quoted(candidate)}, ${label}${score}`;
}

function quoted(candidate: Candidate): string {
  const title = candidate.title.length > 70 ? `${candidate.title.slice(0, 69)}…` : candidate.title;
  return `"${title}"`;
}
