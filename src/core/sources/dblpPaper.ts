// A DBLP record as the pipeline's PaperRecord: the same work found through Crossref (by DOI)
// or arXiv (DBLP's CoRR copy, by arXiv id) merges with it; one DBLP alone has is `dblp:{key}`,
// and its BibTeX comes from DBLP (bibtex/fetch.ts).
import type { PaperRecord } from '../types';
import type { DblpRecord } from './dblpRecord';

export function dblpPaperRecord(record: DblpRecord): PaperRecord {
  const paper: PaperRecord = {
    id: record.doi ? `doi:${record.doi}` : record.arxivId ? `arxiv:${record.arxivId}` : `dblp:${record.key}`,
    source: 'dblp',
    title: record.title,
    authors: record.authors.map((a) => a.name),
    dblpKey: record.key,
  };
  if (record.year !== undefined) paper.year = record.year;
  if (record.doi) paper.doi = record.doi;
  if (record.arxivId) paper.arxivId = record.arxivId;
  const url = record.ee[0] ?? record.url;
  if (url) paper.url = url;
  // "CoRR" is DBLP's name for arXiv, not a venue to show as one.
  if (record.venue && record.kind !== 'informal') paper.journal = record.venue;
  return paper;
}
