// A published article whose own record gave no full text: its PDF is closed or not linked, and
// Elsevier deposits no abstracts at Crossref (OpenAlex withholds them). PubMed Central may hold the
// open full text, and PubMed usually holds the abstract: Europe PMC's record of the DOI has both.
// Asked once per work (the audit cache remembers the answer, a "none" for the hour), and never for
// a work read whole or a preprint's DOI.
import type { CoreDeps } from '../deps';
import type { PaperRecord } from '../types';
import { abstractOnlyDocument, getFulltext } from '../fulltext';
import { fetchEuropePmcRecordByDoi } from '../sources/published/europepmcById';
import { isAbortError } from '../net/types';
import { isPreprintDoi } from '../identity/work';
import type { ReadWork } from './types';

/**
 * A published work's DOI: a preprint server's records are read from the server itself, and an arXiv
 * record's text is arXiv's, whatever journal DOI it names.
 */
function mayHaveEuropePmcVersion(record: PaperRecord, deps: CoreDeps): boolean {
  return record.source !== 'arxiv' && !!record.doi && !isPreprintDoi(record.doi) && deps.settings['sources.europepmc.enabled'];
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
 * (when `needAbstract`: the work's own record has none) PubMed's abstract; undefined otherwise.
 */
export async function readEuropePmcVersion(
  record: PaperRecord,
  found: PaperRecord,
  deps: CoreDeps,
  needAbstract: boolean,
): Promise<ReadWork | undefined> {
  const title = record.title || found.title;
  if (found.jatsUrl) {
    const read = await getFulltext({ ...found, title, abstract: record.abstract ?? found.abstract }, deps);
    if (read.document.sections.length > 0) return { ...read, via: `PubMed Central, ${found.pmcid ?? found.id}` };
  }
  if (!needAbstract || !found.abstract?.trim()) return undefined;
  const where = found.pmid ? `PubMed, PMID ${found.pmid}` : `Europe PMC, ${found.id}`;
  return { kind: 'abstract', document: abstractOnlyDocument({ title, abstract: found.abstract }), via: where };
}
