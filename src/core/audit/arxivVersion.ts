// A journal article's text through its arXiv version. Most publishers deposit no abstract with
// Crossref and doi.org's BibTeX has none, so a DOI-only entry (the kind citefinder itself inserts
// from the authority) would audit as "unavailable" although arXiv holds the same paper. arXiv is
// asked by the title's words and the first author's family name; only an entry that names this
// DOI as its journal version (`<arxiv:doi>`) is taken: a similar title is never enough. The
// searches of one audit go out together (arxivVersionBatch.ts).
import { familyName } from '../identity/names';
import type { PaperRecord } from '../types';

/** Title words arXiv's `ti:` can match: letters and digits only, no maths, no stop words. */
const STOP = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'from', 'in', 'on', 'to', 'with', 'by', 'at', 'as', 'or']);
const MAX_TITLE_WORDS = 8;

/** The title's first words (letters and digits, no stop words) and the first author's family name, shared by the preprint searches. */
export function titleWordsAndFirstAuthor(record: Pick<PaperRecord, 'title' | 'authors'>): { words: string[]; first: string } | undefined {
  const words = (record.title.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [])
    .filter((w) => w.length > 2 && !STOP.has(w.toLowerCase()))
    .slice(0, MAX_TITLE_WORDS);
  const first = record.authors[0] ? familyName(record.authors[0]).replace(/[^\p{L}\s-]/gu, '').trim() : '';
  return words.length < 2 || !first ? undefined : { words, first };
}

export function arxivVersionQuery(record: Pick<PaperRecord, 'title' | 'authors'>): string | undefined {
  const terms = titleWordsAndFirstAuthor(record);
  if (!terms) return undefined;
  const { words, first } = terms;
  return [...words.map((w) => `ti:${w.includes('-') ? `"${w.replace(/-/g, ' ')}"` : w}`), `au:${first.includes(' ') ? `"${first}"` : first}`].join(' AND ');
}
