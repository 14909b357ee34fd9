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
  // arXiv writes a multi-word family name with underscores: au:del_maestro.
  const authors = (query.authors ?? []).map((name) => `au:${name.toLowerCase().replace(/['’]/g, '').split(/\s+/).join('_')}`);
  const groups =
    query.keywords.length || !authors.length ? joinGroups(keywordGroups(query, mode).map((group) => group.map(term))) : undefined;
  if (!required.length && !date && !authors.length) return groups!;
  return [...(groups ? [`(${groups})`] : []), ...authors, ...required, ...(date ? [date] : [])].join(' AND ');
}
