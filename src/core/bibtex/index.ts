// The BibTeX stage for one candidate: authority BibTeX with only its key rewritten. A candidate
// without BibTeX is kept and says why, so the user can still read and open the paper.
import type { Candidate } from '../types';
import { isAbortError } from '../net/types';
import { citeKeyFieldsFromBibtex, readBibFields, rewriteCiteKey } from './citeKey';
import { keyFor, type CiteKeyRule } from './keyFormula';
import type { CoreDeps } from '../deps';
import { BibtexUnavailableError, fetchBibtex, type BibtexOptions } from './fetch';
import { venueFromFields } from './venue';

/**
 * Returns the candidate with `bibtex`, `citeKey` and `bibtexSource`, or with `bibtexError`.
 * The key is made from the entry's own author, year and title (the record's metadata fills
 * gaps), so it describes exactly the entry the user will insert. Rejects only on abort.
 */
export async function attachBibtex(
  candidate: Candidate,
  deps: CoreDeps,
  rule: CiteKeyRule,
  options: BibtexOptions = {},
): Promise<Candidate> {
  try {
    const { bibtex, source, note } = await fetchBibtex(candidate, deps, options);
    const entry = readBibFields(bibtex);
    const citeKey = keyFor(citeKeyFieldsFromBibtex(entry, candidate), rule);
    const venue = venueFromFields(entry.fields);
    return { ...candidate, bibtex: rewriteCiteKey(bibtex, citeKey), citeKey, bibtexSource: source, bibtexNote: note ?? '', ...(venue ? { venue } : {}) };
  } catch (error) {
    if (isAbortError(error) || deps.signal?.aborted) throw error;
    const { bibtex: _b, citeKey: _k, bibtexSource: _s, ...rest } = candidate;
    const why = error instanceof BibtexUnavailableError && error.words ? error.words : undefined;
    return { ...rest, bibtexError: (error as Error).message, ...(why ? { bibtexWhy: why } : {}) };
  }
}

export { fetchBibtex, MalformedLatexError, BibtexUnavailableError, NotBibtexError, BibtexMismatchError, bibtexPlan, assertBibtex } from './fetch';
export type { FetchedBibtex, BibtexAttempt, BibtexOptions } from './fetch';
export {
  makeCiteKey,
  rewriteCiteKey,
  readBibFields,
  isLegalCiteKey,
  splitBibtexAuthors,
  BibtexParseError,
} from './citeKey';
export type { BibFields, CiteKeyFields } from './citeKey';
