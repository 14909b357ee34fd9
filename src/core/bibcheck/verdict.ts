// The graded verdict on one .bib entry, and the evidence it rests on. A verdict says what a
// careful reviewer would say after holding the entry against the authority's record: the work
// is there and agrees (verified), agrees but could be completed (verified-fixable), is there but
// the entry says something else (mismatch, with its kind), is nowhere (not-found), cannot be
// (future-date), or could not be decided because an authority failed (unavailable).
import { repositoryLabel } from '../identity/repository';
import { REFUSAL_ADVICE } from '../net/breaker';

export type Verdict = 'verified' | 'verified-fixable' | 'mismatch' | 'not-found' | 'future-date' | 'no-title' | 'unavailable';
export const VERDICTS: readonly Verdict[] = ['verified', 'verified-fixable', 'mismatch', 'not-found', 'future-date', 'no-title', 'unavailable'];

/** What is wrong with an entry whose work the authority has (or whose DOI names another work). */
export type MismatchKind =
  | 'title-near-miss'
  | 'authors-swapped'
  | 'authors-missing'
  | 'authors-invented'
  | 'wrong-venue'
  | 'nonexistent-venue'
  | 'preprint-as-published'
  | 'wrong-year'
  | 'doi-other-work'
  | 'merged-works';

/** What an entry could gain from the authority's record without anything being wrong ('author': the authority's order). */
export type FixableField = 'doi' | 'pages' | 'volume' | 'published-version' | 'venue' | 'year' | 'author';

/** The authorities a verdict can rest on. */
export type AuthorityName = 'crossref' | 'dblp' | 'arxiv' | 'doi.org' | 'europepmc' | 'semanticscholar';

/** The authority as a message names it, as the lanes are named ("doi.org" as it is); the JSON keeps the id. */
export function authorityLabel(name: AuthorityName): string {
  return repositoryLabel(name);
}

/** One field held against the authority's record. */
export interface FieldEvidence {
  field: 'title' | 'author' | 'year' | 'venue' | 'doi' | 'pages' | 'volume';
  entry?: string;
  authority?: string;
  /** agrees (up to form), differs, missing (the entry lacks it), or unknown (the authority is silent). */
  status: 'agrees' | 'differs' | 'missing' | 'unknown';
  note?: string;
}

/** The authority's record as the verdict saw it, in plain fields. */
export interface AuthorityRecord {
  authority: AuthorityName;
  /** The record's id at its authority: a DOI, a DBLP key (`conf/iclr/X21`), an arXiv id. */
  id: string;
  title: string;
  /** "Given Family", as the authority writes them (DBLP's homonym numbers kept). */
  authors: string[];
  year?: number;
  /** Full venue name (Crossref's container-title, DBLP's venue). */
  venue?: string;
  /** Short venue names (Crossref's short-container-title, DBLP's venue when short). */
  venueShort?: string[];
  doi?: string;
  arxivId?: string;
  pages?: string;
  /** The article number a journal prints instead of pages (Crossref's `article-number`). */
  articleNumber?: string;
  volume?: string;
  url?: string;
  /** A preprint (arXiv, DBLP's CoRR, Crossref posted-content). */
  preprint: boolean;
}

/** Where the engine looked and what it asked, for not-found and for the curious. */
export interface SearchTrace {
  authority: AuthorityName;
  query: string;
  hits: number;
}

export interface EntryVerdict {
  verdict: Verdict;
  kind?: MismatchKind;
  /** Other kinds that also apply (e.g. a wrong venue and a wrong year). */
  otherKinds?: MismatchKind[];
  fixable?: FixableField[];
  /** 0..1: how sure the verdict is. */
  confidence: number;
  /** The authority the verdict rests on (for unavailable: the one that failed). */
  authority?: AuthorityName;
  record?: AuthorityRecord;
  /** For a preprint record: the published version the venue and year were held against. */
  published?: AuthorityRecord;
  evidence: FieldEvidence[];
  searched: SearchTrace[];
  /** One sentence for people. */
  message: string;
  /** For unavailable: every authority it needed refused (401, 403), so asking again later will not help. */
  refused?: true;
}

/**
 * The closing line of a check with unavailable verdicts. Waiting mends a service that did not
 * answer, not one that refused: then the user is told what to look at instead.
 */
export function unavailableAdvice(verdicts: readonly EntryVerdict[]): string | undefined {
  const unavailable = verdicts.filter((v) => v.verdict === 'unavailable');
  if (!unavailable.length) return undefined;
  if (unavailable.every((v) => v.refused)) {
    return `Unavailable is no verdict: a service refused the requests; ${REFUSAL_ADVICE}, then run the check again.`;
  }
  return 'Unavailable is no verdict: an authority could not be asked; run the check again later.';
}

/** True for a verdict that calls the entry suspect (what HALLMARK counts as a detection). */
export function isFlagged(verdict: Verdict): boolean {
  return verdict === 'mismatch' || verdict === 'not-found' || verdict === 'future-date';
}
