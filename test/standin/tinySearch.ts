// A tiny keyword search over a handful of real records, so the stand-in services answer any
// query with something plausible: Porter-stemmed words, phrases matched as contiguous stems,
// AND / OR semantics, ranked by how many query terms a record matches and how often.
import { stemmer } from 'stemmer';

const STOPWORDS = new Set(
  ('a an the of in on at to for and or not with by from as is are was were be been that this ' +
    'these those it its we our their into than then there which who whom what when where how')
    .split(' '),
);

/** Lower-case stems of the content words of `text` (Latin-script accents folded). */
export function stems(text: string): string[] {
  return (text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => !STOPWORDS.has(w))
    .map((w) => stemmer(w.replace(/ae$/, 'a')));
}

export interface SearchTerm {
  /** Which field of a record to look in ('all' = every field). */
  field: string;
  /** Stems of the word or phrase. */
  stems: string[];
}

export interface Searchable<T> {
  item: T;
  /** Field name → its stems. */
  fields: Record<string, string[]>;
}

/** How often `needle` (stems) stands in `haystack` as a contiguous run. */
export function occurrences(haystack: string[], needle: string[]): number {
  if (needle.length === 0) return 0;
  let count = 0;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((stem, j) => haystack[i + j] === stem)) count++;
  }
  return count;
}

function hits(doc: Searchable<unknown>, term: SearchTerm): number {
  const fields = term.field === 'all' ? Object.values(doc.fields) : [doc.fields[term.field] ?? []];
  return fields.reduce((sum, field) => sum + occurrences(field, term.stems), 0);
}

/** A parsed boolean query: terms joined by AND / OR, with parentheses. */
export type BoolQuery =
  | { op: 'term'; term: SearchTerm }
  | { op: 'and' | 'or'; parts: BoolQuery[] };

export interface ParsedQuery {
  expr: BoolQuery;
  /** Every term of the query, for ranking by how many a record matches. */
  terms: SearchTerm[];
}

/**
 * Parses `field:"a phrase" AND (field:word OR word)` with the usual precedence (AND binds
 * tighter than OR; ANDNOT/NOT are read as AND, which is broader, never narrower, than the
 * real hosts). `defaultField` names the field of unprefixed terms.
 */
export function parseBooleanQuery(text: string, defaultField = 'all'): ParsedQuery {
  const tokens = [...text.matchAll(/\(|\)|(?:([A-Za-z_]+):)?(?:"([^"]*)"|([^\s()"]+))/g)];
  const terms: SearchTerm[] = [];
  let at = 0;
  const peekWord = () => (tokens[at] && !tokens[at]![1] ? tokens[at]![3] : undefined);
  const parseOr = (): BoolQuery => {
    const parts = [parseAnd()];
    while (peekWord() === 'OR') {
      at++;
      parts.push(parseAnd());
    }
    return parts.length === 1 ? parts[0]! : { op: 'or', parts };
  };
  const parseAnd = (): BoolQuery => {
    const parts = [parseAtom()];
    while (at < tokens.length && tokens[at]![0] !== ')' && peekWord() !== 'OR') {
      if (['AND', 'ANDNOT', 'NOT'].includes(peekWord() ?? '')) at++;
      if (at < tokens.length && tokens[at]![0] !== ')') parts.push(parseAtom());
    }
    return parts.length === 1 ? parts[0]! : { op: 'and', parts };
  };
  const parseAtom = (): BoolQuery => {
    const token = tokens[at++];
    if (!token) return { op: 'and', parts: [] };
    if (token[0] === '(') {
      const inner = parseOr();
      if (tokens[at]?.[0] === ')') at++;
      return inner;
    }
    const term = { field: token[1] ?? defaultField, stems: stems(token[2] ?? token[3] ?? '') };
    terms.push(term);
    return { op: 'term', term };
  };
  return { expr: tokens.length ? parseOr() : { op: 'and', parts: [] }, terms };
}

function matches(doc: Searchable<unknown>, expr: BoolQuery): boolean {
  if (expr.op === 'term') return expr.term.stems.length === 0 || hits(doc, expr.term) > 0;
  return expr.op === 'and' ? expr.parts.every((p) => matches(doc, p)) : expr.parts.some((p) => matches(doc, p));
}

/**
 * Records satisfying the boolean query, best first: more terms matched, then more occurrences.
 * Stable for ties, so answers are deterministic.
 */
export function tinySearch<T>(docs: Searchable<T>[], query: ParsedQuery): T[] {
  const usable = query.terms.filter((t) => t.stems.length > 0);
  if (usable.length === 0) return [];
  return docs
    .filter((doc) => matches(doc, query.expr))
    .map((doc, index) => {
      const perTerm = usable.map((term) => hits(doc, term));
      return { doc, index, matched: perTerm.filter((n) => n > 0).length, total: perTerm.reduce((a, b) => a + b, 0) };
    })
    .sort((a, b) => b.matched - a.matched || b.total - a.total || a.index - b.index)
    .map((s) => s.doc.item);
}

/**
 * A date clause of a query (arXiv `submittedDate:[YYYYMMDDhhmm TO YYYYMMDDhhmm]`, Europe PMC
 * `FIRST_PDATE:[YYYY-MM-DD TO YYYY-MM-DD]`), taken out so the tiny search sees only the words;
 * the stand-ins then keep the records inside the years, as the hosts do.
 */
export function takeDateRange(query: string): { rest: string; from?: number; until?: number } {
  const clause = /\s*(?:AND\s+)?(?:submittedDate|FIRST_PDATE|PUB_YEAR):\[\s*(\d{4})[\d-]*\s+TO\s+(\d{4})[\d-]*\s*\]/i;
  const match = clause.exec(query);
  if (!match) return { rest: query };
  return { rest: query.replace(clause, ' ').trim(), from: Number(match[1]), until: Number(match[2]) };
}

export function inYears(year: number | undefined, range: { from?: number; until?: number }): boolean {
  if (year === undefined || range.from === undefined) return true;
  return year >= range.from && year <= (range.until ?? 9999);
}

/**
 * A relevance search over plain words, as Semantic Scholar and OpenAlex run one: a record must
 * hold at least half of the query's distinct words (Elasticsearch's "minimum should match"), best
 * first by words held, then by occurrences. Stable for ties.
 */
export function relevanceSearch<T>(docs: Searchable<T>[], text: string, field = 'all'): T[] {
  const wanted = [...new Set(stems(text))];
  if (wanted.length === 0) return [];
  const needed = Math.ceil(wanted.length / 2);
  return docs
    .map((doc, index) => {
      const held = doc.fields[field] ?? [];
      const counts = wanted.map((stem) => held.filter((h) => h === stem).length);
      return { doc, index, matched: counts.filter((n) => n > 0).length, total: counts.reduce((a, b) => a + b, 0) };
    })
    .filter((s) => s.matched >= needed)
    .sort((a, b) => b.matched - a.matched || b.total - a.total || a.index - b.index)
    .map((s) => s.doc.item);
}
