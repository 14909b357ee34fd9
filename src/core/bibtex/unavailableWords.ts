// Why a paper has no BibTeX, in words a reader understands at a glance: which authority was asked
// and what it said ("doi.org and Crossref do not know this DOI"), never a URL or a status line.
// The technical detail stays in `bibtexError` (logs, the CLI's --json); the card and the
// disabled Insert button show these words.
import type { ServiceName } from '../net/types';
import { HttpError, RateLimitedError, TimeoutError } from '../net/types';
import { NetworkError } from '../net/errors';
import { ServiceUnavailableError } from '../net/breaker';
import { NotBibtexError } from './authority';

/** What one authority's answer amounted to. */
export type AttemptOutcome = 'unknown' | 'refused' | 'malformed' | 'unreachable' | 'busy' | 'failed';

export interface ExplainedAttempt {
  service: ServiceName;
  /** True when the request asked for arXiv's DataCite DOI (10.48550/arXiv.…). */
  datacite: boolean;
  /** True when it asked for the DOI of the record's published version, not the record's own. */
  published?: boolean;
  outcome: AttemptOutcome;
}

export function attemptOutcome(error: unknown): AttemptOutcome {
  if (error instanceof RateLimitedError) return 'busy';
  if (error instanceof HttpError) {
    if (error.status === 404 || error.status === 410) return 'unknown';
    if (error.status === 429 || error.status === 503) return 'busy';
    return error.status >= 500 ? 'unreachable' : 'failed';
  }
  if (error instanceof NotBibtexError) return 'refused';
  // A circuit a 401 or 403 opened: the authority answered, as a refused request always does.
  if (error instanceof ServiceUnavailableError && error.refused) return 'failed';
  if (error instanceof Error && error.name === 'MalformedLatexError') return 'malformed';
  if (error instanceof TimeoutError || error instanceof NetworkError || error instanceof ServiceUnavailableError) return 'unreachable';
  return 'failed';
}

function authorityName(attempt: ExplainedAttempt): string {
  if (attempt.service === 'crossref') return 'Crossref';
  if (attempt.service === 'arxivBibtex') return 'arxiv.org';
  if (attempt.service === 'doi') return attempt.datacite ? 'DataCite (arXiv\'s DOI)' : 'doi.org';
  if (attempt.service === 'datacite') return attempt.datacite ? 'DataCite (arXiv\'s DOI)' : 'DataCite';
  if (attempt.service === 'dblp') return 'DBLP';
  return attempt.service;
}

/** "a", "a and b", "a, b and c". */
export function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const VERB: Record<AttemptOutcome, [one: string, many: string]> = {
  unknown: ['does not know', 'do not know'],
  refused: ['sent an entry that is not this paper\'s BibTeX, so it was refused', 'sent entries that are not this paper\'s BibTeX, so they were refused'],
  malformed: ['sent BibTeX with malformed LaTeX', 'sent BibTeX with malformed LaTeX'],
  unreachable: ['could not be reached', 'could not be reached'],
  busy: ['is busy or rate limiting; try again in a minute', 'are busy or rate limiting; try again in a minute'],
  failed: ['could not give it', 'could not give it'],
};

/**
 * "doi.org and Crossref do not know this DOI", "arxiv.org could not be reached", joined by "; ".
 * Authorities skipped because the DOI's registry said it does not exist come as 'unknown' attempts.
 */
export function bibtexUnavailableWords(attempts: ExplainedAttempt[], options: { hasIdentifier: boolean }): string {
  if (!options.hasIdentifier) return 'the record has neither a DOI nor an arXiv id to ask an authority with';
  if (attempts.length === 0) return 'no BibTeX authority is configured (sources.doi.url, sources.crossref.url and sources.arxivBibtex.url are empty)';
  const parts: string[] = [];
  // In the order the authorities were asked.
  for (const outcome of new Set(attempts.map((a) => a.outcome))) {
    const names = [...new Set(attempts.filter((a) => a.outcome === outcome).map(authorityName))];
    if (names.length === 0) continue;
    const [one, many] = VERB[outcome];
    const what = outcome === 'unknown' ? ` ${unknownObject(attempts.filter((a) => a.outcome === 'unknown'))}` : '';
    parts.push(`${joinNames(names)} ${names.length === 1 ? one : many}${what}`);
  }
  return parts.join('; ');
}

/**
 * "this DOI", "this arXiv id", or "this paper" when both kinds were asked. A preprint's published
 * version is asked first, by its own DOI: the words name it, so that a card which shows that version
 * does not seem to say its DOI went unasked.
 */
function unknownObject(attempts: ExplainedAttempt[]): string {
  const byArxiv = attempts.some((a) => a.service === 'arxivBibtex' || a.datacite);
  const byPublished = attempts.some((a) => a.published);
  const byOwnDoi = attempts.some((a) => a.service !== 'arxivBibtex' && !a.datacite && !a.published);
  if (byArxiv) return byPublished ? 'this paper or its published version' : byOwnDoi ? 'this paper' : 'this arXiv id';
  if (byPublished) return byOwnDoi ? "this DOI or its published version's" : "its published version's DOI";
  return 'this DOI';
}
