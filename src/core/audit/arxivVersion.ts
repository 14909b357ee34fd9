// A journal article's text through its arXiv version. Most publishers deposit no abstract with
// Crossref and doi.org's BibTeX has none, so a DOI-only entry (the kind citefinder itself inserts
// from the authority) would audit as "unavailable" although arXiv holds the same paper. arXiv is
// asked by the title's words and the first author's family name; only an entry that names this
// DOI as its journal version (`<arxiv:doi>`) is taken: a similar title is never enough.
import type { CoreDeps } from '../deps';
import { familyName } from '../identity/names';
import { normalizeDoi } from '../identity/work';
import { searchArxivQuery } from '../sources/arxiv';
import type { PaperRecord } from '../types';

/** Title words arXiv's `ti:` can match: letters and digits only, no maths, no stop words. */
const STOP = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'from', 'in', 'on', 'to', 'with', 'by', 'at', 'as', 'or']);
const MAX_TITLE_WORDS = 8;

export function arxivVersionQuery(record: Pick<PaperRecord, 'title' | 'authors'>): string | undefined {
  const words = (record.title.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [])
    .filter((w) => w.length > 2 && !STOP.has(w.toLowerCase()))
    .slice(0, MAX_TITLE_WORDS);
  const first = record.authors[0] ? familyName(record.authors[0]).replace(/[^\p{L}\s-]/gu, '').trim() : '';
  if (words.length < 2 || !first) return undefined;
  return [...words.map((w) => `ti:${w.includes('-') ? `"${w.replace(/-/g, ' ')}"` : w}`), `au:${first.includes(' ') ? `"${first}"` : first}`].join(' AND ');
}

/** The arXiv record that names `record`'s DOI as its published version, if arXiv has one. */
export async function findArxivVersion(record: PaperRecord, deps: CoreDeps): Promise<PaperRecord | undefined> {
  const doi = normalizeDoi(record.doi);
  const query = doi && record.source !== 'arxiv' ? arxivVersionQuery(record) : undefined;
  if (!doi || !query) return undefined;
  const found = await searchArxivQuery(query, 5, deps.settings, deps.http, deps.signal);
  return found.find((r) => normalizeDoi(r.publishedDoi) === doi || normalizeDoi(r.doi) === doi);
}
