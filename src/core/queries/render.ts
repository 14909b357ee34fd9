// Renders a Query into each search host's own syntax, and plans how to broaden a query that
// finds nothing. Keywords are sanitised here because a stray quote, colon or parenthesis makes
// arXiv answer 400 and Europe PMC silently change meaning.
import type { MatchMode, Query } from '../types';

/** The fields of arXiv's search_query syntax that citefinder uses. */
export type ArxivField = 'all' | 'ti' | 'abs';
export type PreprintServer = 'bioRxiv' | 'medRxiv';

export interface BroadeningStep {
  query: Query;
  mode: MatchMode;
}

/** Words both hosts read as operators; inside a keyword they are lower-cased to stay words. */
const OPERATORS = /\b(AND|OR|NOT|ANDNOT)\b/g;

/**
 * Keeps letters, digits, spaces and inner hyphens/apostrophes; accents are folded because the
 * arXiv index is ASCII. Returns '' when nothing searchable is left.
 */
export function sanitizeKeyword(keyword: string): string {
  return keyword
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(OPERATORS, (op) => op.toLowerCase())
    .replace(/[^\p{L}\p{N}\s'-]+/gu, ' ')
    .replace(/(^|\s)['-]+|['-]+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Sanitised keywords, duplicates and empties dropped. */
function cleanKeywords(query: Query): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of query.keywords) {
    const keyword = sanitizeKeyword(raw);
    if (keyword && !seen.has(keyword.toLowerCase())) {
      seen.add(keyword.toLowerCase());
      out.push(keyword);
    }
  }
  return out;
}

function joiner(mode: MatchMode): string {
  return mode === 'all' ? ' AND ' : ' OR ';
}

/**
 * arXiv `search_query` text, e.g. `all:"type Ia supernovae" AND all:cosmology`.
 * Hyphenated words become phrases ("type-Ia" → `"type Ia"`), since arXiv splits on hyphens.
 */
export function renderArxivQuery(query: Query, mode: MatchMode, field: ArxivField = 'all'): string {
  const terms = cleanKeywords(query).map((keyword) => {
    const words = keyword.replace(/-/g, ' ').replace(/'/g, '').split(/\s+/).filter(Boolean);
    return words.length > 1 ? `${field}:"${words.join(' ')}"` : `${field}:${words[0]}`;
  });
  if (terms.length === 0) throw new Error('The query has no searchable keywords.');
  return terms.join(joiner(mode));
}

/** Europe PMC query restricted to one preprint server's records. */
export function renderEuropePmcQuery(query: Query, mode: MatchMode, server: PreprintServer): string {
  const terms = cleanKeywords(query).map((keyword) => (/[\s-]/.test(keyword) ? `"${keyword}"` : keyword));
  if (terms.length === 0) throw new Error('The query has no searchable keywords.');
  return `(${terms.join(joiner(mode))}) AND SRC:PPR AND PUBLISHER:"${server}"`;
}

/** Common in any abstract, so a poor choice for narrowing a search. */
const GENERIC_WORDS = new Set(
  ('study studies result results analysis analyses effect effects method methods data model models ' +
    'use using used based new approach approaches role evidence paper work show shows observed ' +
    'observation observations significant increase increased decrease reduced associated association')
    .split(' '),
);

/** How much a keyword narrows a search: phrases, long words, acronyms and numbers weigh more. */
export function keywordWeight(keyword: string): number {
  const words = keyword.split(/[\s-]+/).filter(Boolean);
  let weight = 0;
  for (const word of words) {
    if (GENERIC_WORDS.has(word.toLowerCase())) weight += 0.2;
    else weight += word.length >= 7 ? 1.5 : 1;
    if (/\d/.test(word) || /[A-Z].*[A-Z]|^[a-z]+[A-Z]/.test(word.slice(1)) || /^[A-Z]{2,}/.test(word)) weight += 0.5;
  }
  return weight + (words.length > 1 ? 0.5 : 0);
}

/** The most distinctive `count` keywords, in their original order. */
function mostDistinctive(keywords: string[], count: number): string[] {
  const ranked = keywords
    .map((keyword, index) => ({ keyword, index, weight: keywordWeight(keyword) }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .slice(0, count);
  return ranked.sort((a, b) => a.index - b.index).map((r) => r.keyword);
}

/**
 * The ladder a search walks down until something comes back: every keyword (AND), then the most
 * distinctive half of them (AND), then any keyword (OR). A lone phrase is relaxed into its
 * words. Steps that would send the same search twice are dropped.
 */
export function broaden(query: Query): BroadeningStep[] {
  const keywords = cleanKeywords(query);
  const withKeywords = (k: string[]): Query => ({ ...query, keywords: k });
  const steps: BroadeningStep[] = [{ query: withKeywords(keywords), mode: 'all' }];
  if (keywords.length >= 3) {
    const keep = Math.max(2, Math.ceil(keywords.length / 2));
    if (keep < keywords.length) steps.push({ query: withKeywords(mostDistinctive(keywords, keep)), mode: 'all' });
  }
  if (keywords.length === 1) {
    const words = keywords[0]!.split(/[\s-]+/).filter((w) => !GENERIC_WORDS.has(w.toLowerCase()));
    if (words.length > 1) {
      steps.push({ query: withKeywords(words), mode: 'all' });
      steps.push({ query: withKeywords(words), mode: 'any' });
    }
  } else if (keywords.length > 1) {
    steps.push({ query: withKeywords(keywords), mode: 'any' });
  }
  return keywords.length === 0 ? [] : steps;
}
