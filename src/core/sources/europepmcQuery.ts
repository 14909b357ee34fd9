// Europe PMC's query syntax, restricted to one preprint server's records:
// `("gene expression" AND zebrafish) AND SRC:PPR AND PUBLISHER:"bioRxiv"`.
import type { MatchMode, Query } from '../types';
import { joinGroups, keywordGroups } from '../queries/render';

export type PreprintServer = 'bioRxiv' | 'medRxiv';

export function renderEuropePmcQuery(query: Query, mode: MatchMode, server: PreprintServer): string {
  const term = (keyword: string) => (/[\s-]/.test(keyword) ? `"${keyword}"` : keyword);
  const terms = joinGroups(keywordGroups(query, mode).map((group) => group.map(term)));
  return `(${terms}) AND SRC:PPR AND PUBLISHER:"${server}"`;
}
