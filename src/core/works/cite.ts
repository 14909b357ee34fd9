// A named work ready to cite: its record from the authority, then the authority's BibTeX with a
// deterministic key. Shared by "Cite by identifier" in the editor, `citefinder lookup` and
// `citefinder insert --id`, so all three give the same entry for the same identifier, with the
// work's trust (retracted, withdrawn…) and version of record as `find` gives them.
import type { CoreDeps } from '../deps';
import { attachBibtexFindingDoi } from '../bibtex/doiByCitation';
import { bibtexOfSource } from '../bibtex/fetch';
import { citeKeyRule } from '../bibtex/keyFormula';
import { formatIdentifier, parseIdentifier, type WorkIdentifier } from '../identity/identifiers';
import type { Candidate, PaperRecord } from '../types';
import { WorkLookup } from './lookup';
import { trustOfRecord, withTrust } from './citeTrust';

/** The text is no identifier at all: the user must fix it. */
export class NotAnIdentifierError extends Error {
  override name = 'NotAnIdentifierError';
}

export type CiteOutcome =
  | { status: 'found'; id: WorkIdentifier; candidate: Candidate }
  /** The authority answered that it has no such work. */
  | { status: 'not-found'; id: WorkIdentifier; message: string };

/** A record as a candidate (the shape the insert flow and the CLI JSON speak). */
export function asCandidate(record: PaperRecord): Candidate {
  return { ...record, sources: [record.source], matchedQueries: [], retrievalScore: 1 };
}

/**
 * Resolves `text` (a DOI, arXiv id, PMID, PMCID or link) to its work and BibTeX. Throws NotAnIdentifierError
 * for text that is none, and the service's error when an authority fails ("unavailable" is
 * never reported as "not found").
 */
export async function citeByIdentifier(text: string, deps: CoreDeps): Promise<CiteOutcome> {
  const id = parseIdentifier(text);
  if (!id) {
    throw new NotAnIdentifierError(
      `"${text.trim().slice(0, 200)}" is not a DOI, an arXiv id, a PMID or PMCID, or an arXiv, bioRxiv, medRxiv, PubMed, PMC or doi.org link.`,
    );
  }
  const found = await new WorkLookup(deps).byIdentifier(id);
  if (!found) return { status: 'not-found', id, message: notFoundMessage(id) };
  const [candidate, trust] = await Promise.all([withAuthorityBibtex(asCandidate(found.record), deps), trustOfRecord(found.record, deps)]);
  return { status: 'found', id, candidate: withTrust(candidate, trust) };
}

/**
 * The candidate with its authority's BibTeX and the cite key the settings ask for (or why there is
 * none), and whose BibTeX it is: a preprint named by its own id may get its journal version's.
 */
export async function withAuthorityBibtex(candidate: Candidate, deps: CoreDeps): Promise<Candidate> {
  const found = await attachBibtexFindingDoi(candidate, deps, citeKeyRule(deps.settings));
  return found.bibtex ? { ...found, bibtexOf: bibtexOfSource(found, found.bibtexSource ?? '') } : found;
}

/** What to say when the authority of `id` has no such work. */
export function notFoundMessage(id: WorkIdentifier): string {
  if (id.kind === 'arxiv') return `arXiv has no paper ${formatIdentifier(id)}.`;
  if (id.kind === 'pubmed') return `Europe PMC has no PubMed record ${formatIdentifier(id)}.`;
  if (id.kind === 'pmc') return `Europe PMC has no PMC article ${formatIdentifier(id)}.`;
  const where = id.doi.startsWith('10.1101/') ? 'Crossref, bioRxiv and medRxiv have' : 'Crossref has';
  return `${where} no work with DOI ${id.doi}.`;
}
