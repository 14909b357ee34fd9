// One rule for every lookup that completes a search's record (OpenAlex by DOI, PubMed by id): a
// field the record lacks takes the looked-up work's value; what the record has is never replaced.
import type { PaperRecord } from '../types';

/** `record` with `work`'s value of each of `fields` it lacks, and `extra` on top; itself when nothing was new. */
export function withGaps(
  record: PaperRecord,
  work: PaperRecord,
  fields: readonly (keyof PaperRecord)[],
  extra: Partial<PaperRecord> = {},
): PaperRecord {
  const gaps: Partial<PaperRecord> = { ...extra };
  for (const field of fields) if (!record[field] && work[field]) Object.assign(gaps, { [field]: work[field] });
  return Object.keys(gaps).length ? { ...record, ...gaps } : record;
}
