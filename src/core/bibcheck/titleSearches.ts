// The searches by title that find an entry without identifier, in the order each field's
// authorities hold its works: DBLP first for computing (a CS venue, a preprint, no venue), else
// Crossref first; PubMed (Europe PMC) after Crossref for the life sciences. Each is asked only when
// the one before did not decide; each failure is noted, never thrown.
import { isAbortError } from '../net/types';
import { isRefusedService } from '../net/breaker';
import type { Authorities, TitleQuery } from './authorities';
import type { EntryView } from './judge';
import { readAuthorList } from './people';
import { isComputerScienceVenue, isPreprintVenue } from './venues';
import { readsAsLifeSciences } from './field';
import { authorityLabel, type AuthorityName, type AuthorityRecord, type SearchTrace } from './verdict';

/** Titles shorter than this are not searched again by halves on DBLP (a half would match too much). */
const MIN_WORDS_TO_SPLIT = 4;

/** An authority that could not be asked: the verdict becomes "unavailable" unless another decides. */
export class AuthorityUnavailable extends Error {
  constructor(readonly authority: AuthorityName, cause: unknown) {
    super(unavailableWords(authority, cause), { cause });
  }

  /** It answered, with a refusal (401, 403): a key, an address or a proxy, which waiting does not mend. */
  get refused(): boolean {
    return isRefusedService(this.cause);
  }
}

/** "Crossref did not answer (…)"; a refusal's own words, which name the service and what it refused, as they are. */
function unavailableWords(authority: AuthorityName, cause: unknown): string {
  if (isRefusedService(cause)) return cause.message.replace(/\.$/, '');
  return `${authorityLabel(authority)} did not answer (${(cause as Error)?.message ?? String(cause)})`;
}

/** The call's answer; a failure other than a cancel becomes the authority's AuthorityUnavailable. */
export async function ask<T>(authority: AuthorityName, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new AuthorityUnavailable(authority, error);
  }
}

/** Each search's hits in turn (a failure is pushed to `failed` and gives none); `searched` records each. */
export function* titleSearches(
  authorities: Authorities,
  entry: EntryView,
  searched: SearchTrace[],
  failed: AuthorityUnavailable[],
): Generator<Promise<AuthorityRecord[]>> {
  const query: TitleQuery = { title: entry.title, author: readAuthorList(entry.author ?? '').people[0]?.written, year: entry.year };
  const run = async (name: AuthorityName, search: (q: TitleQuery) => Promise<AuthorityRecord[]>) => {
    try {
      const hits = await ask(name, () => search(query));
      searched.push({
        authority: name,
        query: `title: ${entry.title}${query.author ? `; author: ${query.author}` : ''}`,
        hits: hits.length,
      });
      return hits;
    } catch (error) {
      if (!(error instanceof AuthorityUnavailable)) throw error;
      failed.push(error);
      return [];
    }
  };
  const dblp = authorities.dblpSearch?.bind(authorities);
  const pubmed = authorities.europePmcSearch?.bind(authorities);
  // The life sciences': Crossref, then PubMed, then DBLP once (it indexes a few such journals).
  if (readsAsLifeSciences({ title: entry.title, venue: entry.venue }, entry.inLifeSciencesList)) {
    yield run('crossref', (q) => authorities.crossrefSearch(q));
    if (pubmed) yield run('europepmc', pubmed);
    if (dblp) yield run('dblp', dblp);
    return;
  }
  // DBLP first where it is the authority (a CS venue, a preprint, no venue), else Crossref first.
  const dblpFirst = !entry.venue || isPreprintVenue(entry.venue) || isComputerScienceVenue(entry.venue);
  if (dblp && dblpFirst) yield run('dblp', dblp);
  yield run('crossref', (q) => authorities.crossrefSearch(q));
  if (dblp && !dblpFirst) yield run('dblp', dblp);
  // DBLP matches every word: a title with a word or two changed finds nothing. Each half of
  // it, with the first author's name, finds the real work when the change is in the other half.
  const words = entry.title.split(/\s+/).filter((w) => /[\p{L}\p{N}]{2,}/u.test(w));
  if (dblp && words.length >= MIN_WORDS_TO_SPLIT && query.author) {
    const middle = Math.ceil(words.length / 2);
    yield run('dblp', (q) => dblp({ ...q, words: words.slice(0, middle).join(' ') }));
    yield run('dblp', (q) => dblp({ ...q, words: words.slice(middle).join(' ') }));
  }
}
