// A published article whose own record gave nothing to read: Elsevier deposits no abstracts at
// Crossref and OpenAlex withholds them, and the PDF is closed. PubMed usually holds the abstract,
// and PubMed Central may hold the open full text: Europe PMC's record of the DOI has both. Asked
// only when the work's own record gave neither full text nor abstract, so most works cost nothing.
import type { CoreDeps } from '../deps';
import type { PaperRecord } from '../types';
import { abstractOnlyDocument, getFulltext } from '../fulltext';
import { fetchEuropePmcRecordByDoi } from '../sources/published/europepmcById';
import { isAbortError } from '../net/types';
import type { ReadWork } from './types';

/** Preprint servers' DOIs: their records are read from the servers themselves, never PubMed's copy. */
const PREPRINT_DOI = /^10\.(?:48550|1101|64898)\//;

function mayHaveEuropePmcVersion(record: PaperRecord, deps: CoreDeps): boolean {
  return !!record.doi && !PREPRINT_DOI.test(record.doi) && deps.settings['sources.europepmc.enabled'];
}

/**
 * Europe PMC's record of the work's DOI; null when it holds none, undefined when it was not asked
 * (no DOI, a preprint's, Europe PMC switched off) or did not answer, so nothing is remembered.
 */
export async function findEuropePmcVersion(record: PaperRecord, deps: CoreDeps): Promise<PaperRecord | null | undefined> {
  if (!mayHaveEuropePmcVersion(record, deps)) return undefined;
  try {
    return (await fetchEuropePmcRecordByDoi(record.doi!, deps)) ?? null;
  } catch (error) {
    if (isAbortError(error) || deps.signal?.aborted) throw error;
    return undefined;
  }
}

/**
 * The work read through Europe PMC's record of it: PMC's open full text when there is one, else
 * PubMed's abstract; undefined when the record holds neither.
 */
export async function readEuropePmcVersion(record: PaperRecord, found: PaperRecord, deps: CoreDeps): Promise<ReadWork | undefined> {
  const title = record.title || found.title;
  if (found.jatsUrl) {
    const read = await getFulltext({ ...found, title, abstract: record.abstract ?? found.abstract }, deps);
    if (read.document.sections.length > 0) return { ...read, via: `PubMed Central (${found.pmcid ?? found.id})` };
  }
  if (!found.abstract?.trim()) return undefined;
  const where = found.pmid ? `PubMed (PMID ${found.pmid})` : `Europe PMC (${found.id})`;
  return { kind: 'abstract', document: abstractOnlyDocument({ title, abstract: found.abstract }), via: where };
}
