// Which work a batch may cite in a sentence without the writer choosing (`citefinder coverage
// --find --insert`): the one work found by the authors the sentence names, on its topic; or, for
// a sentence that names none, the work whose text clearly supports it (the card's "supports", by
// the LLM judge or the calibrated scale), standing clearly above every other work found; or, when
// no work supports it, the one work on its topic that stands far above every other. Never a
// work retracted, withdrawn or under an expression of concern, and only with the authority's
// BibTeX. Anything less is left for the writer, with the reason: a batch that cites a work the
// sentence does not clearly mean writes a wrong citation the writer may never look at again.
import type { Candidate } from '../types';
import { namedAuthors, namedAuthorShare } from '../ranking/namedAuthors';

/** The work chosen and why it is the one (for the writer), or why none is. */
export type ClearChoice =
  | { candidate: Candidate; why: string; reason?: undefined }
  | { candidate?: undefined; why?: undefined; reason: string };

/**
 * How far the work's support score must stand above every other work's. Several works that
 * support a sentence about as well leave the choice to the writer: on SciFact dev the work chosen
 * was the one the authors cited 73 % of the time without a margin, 85 % with this one
 * (docs/coverage.md, "Cited in one pass").
 */
export const CLEAR_MARGIN = 0.05;

/**
 * When no work supports the sentence, a work on its topic ("related") at DOMINANT_SCORE or more,
 * DOMINANT_MARGIN above every other work found, is the one it means. Chosen on CL-SciSumm train
 * and SciFact dev together (the most CL citances cited at a precision no lower than without it on
 * either set): 156 CL citances cited, 152 the paper the authors cited (was 115, 112); SciFact 89, 76
 * (was 81, 69). Computer-science sentences are seldom "supported" by an abstract; this is their case.
 */
export const DOMINANT_SCORE = 0.75;
export const DOMINANT_MARGIN = 0.25;

/** Said beside citations written on the scale of shared words (no LLM judge); SciFact's refuted claims show why. */
export const BY_WORDS_ONLY =
  'Read each citation written before you submit: without an LLM judge, support is read from the words the sentence and the paper share, which do not tell a finding from its opposite.';

/** Trust statuses a batch never cites on its own (the writer may, by hand). */
const NOT_CITED_UNASKED = new Set(['retracted', 'withdrawn', 'concern']);

/**
 * The work the sentence clearly means: when it names authors, their one work found, on its topic;
 * else the strongest of the works that support it, when clear of every other, or the one far
 * above the rest on its topic. BibTeX not required (the bench measures the choice on records that
 * have none).
 */
export function supportedWork(candidates: readonly Candidate[], sentence: string): ClearChoice {
  if (candidates.length === 0) return { reason: 'nothing was found' };
  const named = namedAuthors(sentence);
  if (named.length === 0) return clearlySupporting(candidates);
  const theirs = candidates.filter((c) => namedAuthorShare(named, c.authors) > 0);
  if (theirs.length === 0) return { reason: `it names ${named.join(', ')}, and no work found is theirs` };
  // Works by other people than the sentence names are no rivals: the names decide between them.
  return theirs.length === 1 ? theirOneWork(theirs[0]!, named, sentence) : clearlySupporting(theirs);
}

/**
 * A sentence that names its authors and finds one work of theirs means that work, though its words
 * may only be on the work's topic (CL-SciSumm train: 128 such citances, the cited paper in 121).
 */
function theirOneWork(work: Candidate, named: string[], sentence: string): ClearChoice {
  if (untrusted(work)) return { reason: `the one work found by ${named.join(', ')} is ${work.trust!.status}: ${quoted(work)}` };
  const label = work.support?.label;
  // One telling word shared keeps a card under "related"; with the authors named, that word puts their work on the topic.
  const onTopic = label === 'supports' || label === 'related' || work.support?.oneTellingWord === true;
  if (!onTopic) return { reason: `the one work found by ${named.join(', ')} is off its topic: ${describe(work)}` };
  const year = printedYear(sentence);
  if (year !== undefined && work.year !== undefined && Math.abs(work.year - year) > 1)
    return { reason: `it names ${named.join(', ')} (${year}), and their one work found is from ${work.year}: ${quoted(work)}` };
  const topic = work.support?.oneTellingWord ? 'on its topic by one word' : label;
  return { candidate: work, why: `the one work found by ${named.join(', ')}, ${topic}` };
}

/** The work that supports the sentence, clear of every other in `pool` by CLEAR_MARGIN; else the dominant one on its topic. */
function clearlySupporting(pool: readonly Candidate[]): ClearChoice {
  const supporting = pool.filter((c) => c.support?.label === 'supports');
  if (supporting.length === 0) return dominantOnTopic(pool) ?? { reason: `no work clearly supports it (the best: ${describe(pool[0]!)})` };
  const trusted = supporting.filter((c) => !untrusted(c));
  if (trusted.length === 0) return { reason: `the works that support it are ${supporting[0]!.trust!.status}: ${quoted(supporting[0]!)}` };
  // The strongest, not the first shown: the results show supporting works in retrieval order.
  const chosen = trusted.reduce((best, c) => ((c.score ?? 0) > (best.score ?? 0) ? c : best), trusted[0]!);
  const rival = strongestOther(pool, chosen);
  const margin = (chosen.score ?? 0) - (rival?.score ?? 0);
  if (rival && margin < CLEAR_MARGIN) return { reason: `two works support it about as well: ${describe(chosen)} and ${describe(rival)}` };
  return { candidate: chosen, why: `it supports the sentence, ${margin.toFixed(2)} above the next work found` };
}

/** The one "related" work far above every other in `pool` (DOMINANT_SCORE, DOMINANT_MARGIN); undefined when there is none. */
function dominantOnTopic(pool: readonly Candidate[]): ClearChoice | undefined {
  const best = pool.reduce((top, c) => ((c.score ?? 0) > (top.score ?? 0) ? c : top), pool[0]!);
  const margin = (best.score ?? 0) - (strongestOther(pool, best)?.score ?? 0);
  if (best.support?.label !== 'related' || untrusted(best) || (best.score ?? 0) < DOMINANT_SCORE || margin < DOMINANT_MARGIN) return undefined;
  const figures = `related ${best.score!.toFixed(2)}, ${margin.toFixed(2)} above the next`;
  return { candidate: best, why: `no work supports it, and this one is on its topic far above the others (${figures})` };
}

function strongestOther(pool: readonly Candidate[], chosen: Candidate): Candidate | undefined {
  const others = pool.filter((c) => c !== chosen);
  return others.reduce<Candidate | undefined>((best, c) => ((c.score ?? 0) > (best?.score ?? -1) ? c : best), undefined);
}

function untrusted(candidate: Candidate): boolean {
  return NOT_CITED_UNASKED.has(candidate.trust?.status ?? 'unknown');
}

/** The one year the sentence prints ("Perlmutter et al. (1999)"); undefined for none or several. */
function printedYear(sentence: string): number | undefined {
  const years = [...sentence.matchAll(/\b(1[89]\d\d|20\d\d)[a-z]?\b/g)].map((m) => Number(m[1]));
  return new Set(years).size === 1 ? years[0] : undefined;
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
