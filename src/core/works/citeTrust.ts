// Trust for a work named by its identifier, as `find` gives it for a candidate: the retraction,
// withdrawal, expression of concern or correction on record (or "unknown" and why), and a
// preprint's version of record. Asked beside the BibTeX, so citing by DOI costs no extra wait.
import type { CoreDeps } from '../deps';
import { assessTrust, type TrustAndVersion } from '../trust';
import type { Candidate, PaperRecord } from '../types';

/** The record's trust and version of record; never rejects except on abort (see assessTrust). */
export function trustOfRecord(record: PaperRecord, deps: CoreDeps): Promise<TrustAndVersion> {
  return assessTrust(record, deps);
}

/** The candidate carrying them, as a `find` candidate does once its trust patch arrived. */
export function withTrust(candidate: Candidate, { trust, versionOfRecord }: TrustAndVersion): Candidate {
  return versionOfRecord ? { ...candidate, trust, versionOfRecord } : { ...candidate, trust };
}

/** True when citing the work should be confirmed first: it was retracted or withdrawn. */
export function needsConfirmation(candidate: Pick<Candidate, 'trust'>): boolean {
  return candidate.trust?.status === 'retracted' || candidate.trust?.status === 'withdrawn';
}
