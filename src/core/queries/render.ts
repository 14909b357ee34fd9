// The host-independent shape of a query: sanitised keywords, AND/OR groups, and the ladder of
// narrower and broader variants. Each source renders the groups in its own syntax
// (sources/arxivQuery.ts, sources/europepmcQuery.ts). Keywords are sanitised here because a
// stray quote, colon or parenthesis makes arXiv answer 400 and Europe PMC silently change meaning.
import type { MatchMode, Query } from '../types';
import { stem } from '../text/stem';
import { idf, isGenericWord } from './keyphrases';

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

/**
 * The query as AND-ed groups of OR-ed keywords: 'all' puts each keyword in its own group,
 * 'any' puts them all in one, 'focused' gives each focus keyword its own group and the rest one.
 */
export function keywordGroups(query: Query, mode: MatchMode): string[][] {
  const keywords = cleanKeywords(query);
  if (keywords.length === 0) throw new Error('The query has no searchable keywords.');
  if (mode === 'all') return keywords.map((k) => [k]);
  if (mode === 'any') return [keywords];
  const focus = new Set(cleanKeywords({ keywords: query.focus ?? [] }).map((k) => k.toLowerCase()));
  const rest = keywords.filter((k) => !focus.has(k.toLowerCase()));
  const required = keywords.filter((k) => focus.has(k.toLowerCase())).map((k) => [k]);
  return rest.length > 0 ? [...required, rest] : required;
}

/** `a AND b AND (c OR d)`: groups AND-ed, a group of several keywords OR-ed in parentheses. */
export function joinGroups(groups: string[][]): string {
  if (groups.length === 1) return groups[0]!.join(' OR ');
  return groups.map((g) => (g.length > 1 ? `(${g.join(' OR ')})` : g[0]!)).join(' AND ');
}

/**
 * How much a keyword narrows a search: the rarer its words in real abstracts (inverse document
 * frequency over the router's training corpus), the more; generic words count for little, and
 * a phrase gets a small bonus for being a phrase.
 */
export function keywordWeight(keyword: string): number {
  const words = keyword.split(/[\s-]+/).filter(Boolean);
  let weight = 0;
  for (const word of words) {
    weight += isGenericWord(word) ? 0.2 : idf(stem(word.toLowerCase()));
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

/** How many of a query's keywords a focused search requires. */
const FOCUS_SIZE = 2;

/**
 * The ladder a search walks down until something comes back. With three or more keywords it
 * starts focused (the two most distinctive keywords and any one of the rest), because claims
 * rarely share all their words with the paper and, on arXiv, every empty step costs a 3 s
 * pacing slot; then the focus alone; then any keyword. Two keywords: AND, then OR. A lone
 * phrase is relaxed into its words.
 */
export function broaden(query: Query): BroadeningStep[] {
  const keywords = cleanKeywords(query);
  const withKeywords = (k: string[], focus?: string[]): Query => ({ ...query, keywords: k, focus });
  if (keywords.length === 0) return [];
  if (keywords.length === 1) {
    const steps: BroadeningStep[] = [{ query: withKeywords(keywords), mode: 'all' }];
    const words = keywords[0]!.split(/[\s-]+/).filter((w) => !isGenericWord(w));
    if (words.length > 1) {
      steps.push({ query: withKeywords(words), mode: 'all' }, { query: withKeywords(words), mode: 'any' });
    }
    return steps;
  }
  if (keywords.length === 2) {
    return [{ query: withKeywords(keywords), mode: 'all' }, { query: withKeywords(keywords), mode: 'any' }];
  }
  const focus = mostDistinctive(keywords, FOCUS_SIZE);
  return [
    { query: withKeywords(keywords, focus), mode: 'focused' },
    { query: withKeywords(focus), mode: 'all' },
    { query: withKeywords(keywords), mode: 'any' },
  ];
}
