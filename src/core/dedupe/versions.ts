// A preprint and its journal version are one work: when the same group holds a preprint server's
// record and a published lane's (PubMed, DBLP, Semantic Scholar, OpenAlex, Crossref) under another
// DOI, the journal's DOI becomes the candidate's published version. The candidate keeps the
// preprint's own DOI, so the machinery that already cites a preprint's version of record (its
// BibTeX, the card's "Published in …" line and its switch) serves it unchanged, and the full text
// is read from whichever version is open.
import type { PaperRecord, RecordSource } from '../types';
import { isPreprintDoi, normalizeDoi } from '../identity/work';

const PREPRINT_SERVERS: ReadonlySet<RecordSource> = new Set(['arxiv', 'biorxiv', 'medrxiv']);
/** Preprint servers are free to read: a preprint is the open version of its work. */
export function isPreprintServer(source: RecordSource): boolean {
  return PREPRINT_SERVERS.has(source);
}


/** The fields that make the group's journal version its version of record; {} when it has none. */
export function versionOfRecordFields(records: PaperRecord[]): Partial<Pick<PaperRecord, 'doi' | 'publishedDoi' | 'journal'>> {
  const preprint = records.find((r) => PREPRINT_SERVERS.has(r.source));
  if (!preprint) return {};
  const preprintDoi = normalizeDoi(preprint.doi);
  const published = records.find((r) => {
    const doi = normalizeDoi(r.doi);
    return !PREPRINT_SERVERS.has(r.source) && doi !== undefined && doi !== preprintDoi && !isPreprintDoi(doi);
  });
  if (!published?.doi) return {};
  const fields: Partial<Pick<PaperRecord, 'doi' | 'publishedDoi' | 'journal'>> = { publishedDoi: normalizeDoi(published.doi) };
  if (preprint.doi) fields.doi = preprintDoi;
  if (published.journal) fields.journal = published.journal;
  return fields;
}
