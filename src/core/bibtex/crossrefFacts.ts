// What the run's list of Crossref records says of the DOIs a BibTeX lookup would ask Crossref
// about, read before any BibTeX is asked. Crossref answers one request at a time, so a transform
// of a DOI it does not hold is a turn of its single slot spent on a 404; and a preprint's record
// may name its version of record (`is-preprint-of`) where the preprint server named none, whose
// BibTeX the user cites (the journal, volume and pages).
import type { PaperRecord } from '../types';
import { normalizeDoi } from '../identity/work';
import { registrationAgency } from './agency';

export interface CrossrefFacts {
  held: boolean;
  /** The version of record the DOI's record names (`is-preprint-of`). */
  preprintOf?: string;
}

/** A DOI's facts from the run's records; undefined when not known (Crossref did not answer). */
export type CrossrefRecordLookup = (doi: string) => Promise<CrossrefFacts | undefined>;

export interface CrossrefKnowledge {
  /** DOIs Crossref's records show it does not hold. */
  lacking: Set<string>;
  /** The version of record Crossref's record of the preprint names, when the record itself named none. */
  publishedDoi?: string;
}

/** The record's Crossref DOIs, all asked at once (one list), and what their records say. */
export async function crossrefKnowledge(
  record: PaperRecord,
  lookup: CrossrefRecordLookup | undefined,
  preferPublished: boolean,
): Promise<CrossrefKnowledge> {
  if (!lookup) return { lacking: new Set() };
  const dois = [...new Set([record.publishedDoi, record.doi].map(normalizeDoi))]
    .filter((doi): doi is string => doi !== undefined && registrationAgency(doi) === 'crossref');
  const facts = await Promise.all(dois.map((doi) => lookup(doi).catch(() => undefined)));
  const lacking = new Set(dois.filter((_, i) => facts[i]?.held === false));
  const own = normalizeDoi(record.doi);
  const named = preferPublished && !record.publishedDoi && own ? normalizeDoi(facts[dois.indexOf(own)]?.preprintOf) : undefined;
  return named && named !== own ? { lacking, publishedDoi: named } : { lacking };
}
