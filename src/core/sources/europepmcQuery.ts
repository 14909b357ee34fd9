// Europe PMC's query syntax, restricted to one preprint server's records:
// `("gene expression" AND zebrafish) AND SRC:PPR AND PUBLISHER:"bioRxiv"`.
import type { MatchMode, Query } from '../types';
import { joinGroups, keywordGroups, sanitizeKeyword } from '../queries/render';
import { europePmcDateClause } from '../queries/filter';

export type PreprintServer = 'bioRxiv' | 'medRxiv';

export function renderEuropePmcQuery(query: Query, mode: MatchMode, server: PreprintServer): string {
  const term = (keyword: string) => (/[\s-]/.test(keyword) ? `"${keyword}"` : keyword);
  const authors = (query.authors ?? []).map((name) => `AUTH:"${name.replace(/"/g, '')}"`);
  const terms = query.keywords.length || !authors.length ? [`(${joinGroups(keywordGroups(query, mode).map((group) => group.map(term)))})`] : [];
  const required = (query.filter?.required ?? []).map(sanitizeKeyword).filter(Boolean).map(term);
  const date = europePmcDateClause(query.filter);
  return [...terms, ...authors, ...required, ...(date ? [date] : []), 'SRC:PPR', `PUBLISHER:"${server}"`].join(' AND ');
}
