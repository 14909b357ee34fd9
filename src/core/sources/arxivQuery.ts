// arXiv's search_query syntax: `all:"type Ia supernovae" AND (all:cosmology OR all:distance)`.
import type { MatchMode, Query } from '../types';
import { joinGroups, keywordGroups, sanitizeKeyword } from '../queries/render';
import { arxivDateClause } from '../queries/filter';

/** The fields of arXiv's search_query syntax that citefinder uses. */
export type ArxivField = 'all' | 'ti' | 'abs';

/**
 * arXiv `search_query` text. Hyphenated words become phrases ("type-Ia" → `"type Ia"`), since
 * arXiv splits on hyphens.
 */
export function renderArxivQuery(query: Query, mode: MatchMode, field: ArxivField = 'all'): string {
  const term = (keyword: string) => {
    const words = keyword.replace(/-/g, ' ').replace(/'/g, '').split(/\s+/).filter(Boolean);
    return words.length > 1 ? `${field}:"${words.join(' ')}"` : `${field}:${words[0]}`;
  };
  const required = (query.filter?.required ?? []).map(sanitizeKeyword).filter(Boolean).map(term);
  const date = arxivDateClause(query.filter);
  const groups = joinGroups(keywordGroups(query, mode).map((group) => group.map(term)));
  if (!required.length && !date) return groups;
  return [`(${groups})`, ...required, ...(date ? [date] : [])].join(' AND ');
}
