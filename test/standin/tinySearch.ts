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

function occurrences(haystack: string[], needle: string[]): number {
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

/**
 * Records matching every term ('all') or at least one ('any'), best first: more terms matched,
 * then more occurrences. Stable for ties, so answers are deterministic.
 */
export function tinySearch<T>(docs: Searchable<T>[], terms: SearchTerm[], mode: 'all' | 'any'): T[] {
  const usable = terms.filter((t) => t.stems.length > 0);
  if (usable.length === 0) return [];
  return docs
    .map((doc, index) => {
      const perTerm = usable.map((term) => hits(doc, term));
      return { doc, index, matched: perTerm.filter((n) => n > 0).length, total: perTerm.reduce((a, b) => a + b, 0) };
    })
    .filter((s) => (mode === 'all' ? s.matched === usable.length : s.matched > 0))
    .sort((a, b) => b.matched - a.matched || b.total - a.total || a.index - b.index)
    .map((s) => s.doc.item);
}

/**
 * Splits a boolean query into terms and a mode: `field:"a phrase" AND field:word` or
 * `(word OR "a phrase")`. Mixed AND/OR reads as OR, the broader one. `defaultField` names
 * the field of unprefixed terms.
 */
export function parseBooleanQuery(text: string, defaultField = 'all'): { terms: SearchTerm[]; mode: 'all' | 'any' } {
  const terms: SearchTerm[] = [];
  let sawOr = false;
  const token = /(?:([A-Za-z_]+):)?(?:"([^"]*)"|([^\s()"]+))/g;
  for (const match of text.matchAll(token)) {
    const [, field, phrase, word] = match;
    if (!field && (word === 'AND' || word === 'ANDNOT' || word === 'NOT')) continue;
    if (!field && word === 'OR') {
      sawOr = true;
      continue;
    }
    terms.push({ field: field ?? defaultField, stems: stems(phrase ?? word ?? '') });
  }
  return { terms, mode: sawOr ? 'any' : 'all' };
}
