// A query as the published lanes take it: plain words, no boolean syntax. Semantic Scholar and
// OpenAlex rank by relevance over plain text (S2 finds nothing for hyphenated terms); DBLP
// requires every word, so it gets only the words that narrow most.
import type { Query, QueryFilter } from '../../types';
import { keywordWeight, sanitizeKeyword } from '../../queries/render';
import { isStopword } from '../../text/stopwords';

/** The query's words in order, hyphens and duplicates gone, at most `max`. */
export function plainWords(query: Query, max: number): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const keyword of query.keywords) {
    for (const word of sanitizeKeyword(keyword).split(/[\s-]+/)) {
      const key = word.toLowerCase();
      if (!word || seen.has(key)) continue;
      seen.add(key);
      words.push(word);
    }
  }
  return words.slice(0, max);
}

/**
 * The query's words that narrow a search most, rarest first (ties in query order), at most `count`.
 * Stopwords and bare numbers are not among them: the word statistics leave them out, so they
 * would look rarer than any word ("between" before "databases").
 */
export function narrowestWords(query: Query, count: number): string[] {
  const words = plainWords(query, Number.MAX_SAFE_INTEGER).filter((w) => w.length > 2 && !isStopword(w) && !/^\d+$/.test(w));
  return words
    .map((word, index) => ({ word, index, weight: keywordWeight(word) }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .slice(0, count)
    .map((w) => w.word);
}

/** `2019-2024`, `2019-`, `-2010` (S2's `year`, OpenAlex's `publication_year` with `sep`), or undefined for any year. */
export function yearRange(filter: QueryFilter | undefined, sep: string): string | undefined {
  const { fromYear, untilYear } = filter ?? {};
  if (fromYear === undefined && untilYear === undefined) return undefined;
  return `${fromYear ?? ''}${sep}${untilYear ?? ''}`;
}
