// An informal citation in computer science ("Vaswani et al. 2017") looked up on DBLP, where the
// conference papers without a DOI (NeurIPS, ICLR, ICML) are. DBLP matches every word of a query
// against titles, authors and venues, so the query is the first author's family name and, when
// there are keywords (title or topic words), any one of them (DBLP's `|`). The years are checked
// on the records, not sent: DBLP's year syntax is no documented part of its API.
import type { CoreDeps } from '../deps';
import type { PaperRecord, Query } from '../types';
import { passesFilter } from '../queries/filter';
import { dblpEnabled, searchDblp } from '../sources/dblp';
import { dblpPaperRecord } from '../sources/dblpPaper';
import { rankByTopic } from './topic';

/** A common surname has hundreds of works: ask for enough that the right year is among them. */
const DBLP_AUTHOR_PAGE = 100;

/** DBLP's words of a query: the name's words, then the keywords OR-ed; undefined without an author. */
export function dblpAuthorQuery(query: Query): string | undefined {
  const family = query.authors?.[0]?.replace(/[|"]+/g, ' ').trim();
  if (!family) return undefined;
  const words = query.keywords
    .flatMap((k) => k.split(/[\s|]+/))
    .map((w) => w.replace(/[^\p{L}\p{N}'-]+/gu, ''))
    .filter((w) => w.length > 1);
  return words.length > 0 ? `${family} ${[...new Set(words)].join('|')}` : family;
}

/**
 * The first author's works on DBLP within the query's years, best match to the keywords first;
 * [] when DBLP is switched off. Throws when DBLP fails (the caller says it was unavailable).
 */
export async function searchDblpByAuthor(
  query: Query,
  deps: CoreDeps,
  hasAuthors: (record: PaperRecord, families: string[]) => boolean,
): Promise<PaperRecord[]> {
  const q = dblpAuthorQuery(query);
  if (!q || !dblpEnabled(deps.settings)) return [];
  const ask = async (words: string) =>
    (await searchDblp(words, deps, { hits: DBLP_AUTHOR_PAGE }))
      .filter((r) => r.kind !== 'editorship')
      .map(dblpPaperRecord)
      .filter((r) => passesFilter(r, query.filter) && hasAuthors(r, query.authors ?? []));
  let records = await ask(q);
  // A title need share no word with the sentence ("Kogure [1990]" proposed a reordering method in
  // "Strategic Lazy Incremental Copy Graph Unification"): then the author's works alone, ranked here.
  if (records.length === 0 && query.keywords.length > 0) records = await ask(dblpAuthorQuery({ ...query, keywords: [] })!);
  return rankByTopic(records, query.keywords);
}
