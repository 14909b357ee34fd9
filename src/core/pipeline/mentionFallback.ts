// A sentence that names a work ("Sproat et al. (1996) report that …") is searched by its authors
// and years. When none of their works is found (a name or a year misread, as text taken from a
// PDF often has it, or the work in no index searched), the sentence's own words are searched
// instead, as for any claim, and a notice says so: the writer gets candidates, not an empty panel.
// A mention selected alone has no words of its own to search: it keeps its empty answer.
import type { Query } from '../types';
import { formatYears } from '../queries/filter';
import { isTopicQuery } from '../search/topic';

export interface MentionFallback {
  /** The claim's own queries (the LLM's or the heuristics'), written only when they are needed. */
  write: () => Promise<Query[]>;
  notice: string;
}

/** The fallback of an author search that carries its sentence's topic. */
export function mentionFallback(informal: Query[] | undefined, write: () => Promise<Query[]>): MentionFallback | undefined {
  const named = informal?.find((q) => (q.authors?.length ?? 0) > 0 && isTopicQuery(q));
  if (!named) return undefined;
  const years = formatYears(named.filter).replace('..', '–');
  const who = `${named.authors!.join(' and ')}${years ? ` (${years})` : ''}`;
  return { write, notice: `No work by ${who} was found: searched for the sentence's own words instead.` };
}

/**
 * Searches `queries`; when nothing was found and a fallback is given, searches its queries in
 * their place (`switched` is told them first). Returns the search's answer and the queries it used.
 */
export async function searchOrFallBack<T>(
  queries: Query[],
  search: (queries: Query[]) => Promise<T>,
  found: () => boolean,
  fallback: MentionFallback | undefined,
  switched: (queries: Query[]) => void,
): Promise<{ answer: T; queries: Query[] }> {
  const answer = await search(queries);
  if (found() || !fallback) return { answer, queries };
  const written = await fallback.write();
  if (written.length === 0) return { answer, queries };
  switched(written);
  return { answer: await search(written), queries: written };
}
