// Europe PMC's query syntax, restricted to one preprint server's records:
// `("gene expression" AND zebrafish) AND SRC:PPR AND PUBLISHER:"bioRxiv"`, to both servers'
// (`… AND SRC:PPR AND (PUBLISHER:"bioRxiv" OR PUBLISHER:"medRxiv")`), or to the published
// literature, PubMed and PMC: `("gene expression" AND zebrafish) AND (SRC:MED OR SRC:PMC)`.
import type { MatchMode, Query } from '../types';
import { joinGroups, keywordGroups, sanitizeKeyword } from '../queries/render';
import { europePmcDateClause } from '../queries/filter';

export type PreprintServer = 'bioRxiv' | 'medRxiv';

/** The records a search covers: preprint servers' (one or both), or the journals' (PubMed and PMC). */
export type EuropePmcScope = PreprintServer | readonly PreprintServer[] | 'published';

function scopeClauses(scope: EuropePmcScope): string[] {
  if (scope === 'published') return ['(SRC:MED OR SRC:PMC)'];
  const publishers = (typeof scope === 'string' ? [scope] : [...scope]).map((server) => `PUBLISHER:"${server}"`);
  return ['SRC:PPR', publishers.length === 1 ? publishers[0]! : `(${publishers.join(' OR ')})`];
}

export function renderEuropePmcQuery(query: Query, mode: MatchMode, scope: EuropePmcScope): string {
  const term = (keyword: string) => (/[\s-]/.test(keyword) ? `"${keyword}"` : keyword);
  const authors = (query.authors ?? []).map((name) => `AUTH:"${name.replace(/"/g, '')}"`);
  const terms = query.keywords.length || !authors.length ? [`(${joinGroups(keywordGroups(query, mode).map((group) => group.map(term)))})`] : [];
  const required = (query.filter?.required ?? []).map(sanitizeKeyword).filter(Boolean).map(term);
  const date = europePmcDateClause(query.filter);
  return [...terms, ...authors, ...required, ...(date ? [date] : []), ...scopeClauses(scope)].join(' AND ');
}
