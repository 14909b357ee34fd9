// The human-readable text form of a Query: keywords separated by spaces, phrases in double
// quotes, `+word` for a word every result must have, and after a semicolon a year range
// (`supernovae acceleration; 1998..2005`). It is what the CLI prints, what the webview lets
// users edit, and what comes back. `au:Name` (`au:"Del Maestro"`) names an author every result
// must have: the form an informal citation ("Perlmutter et al. (1999)") is searched in.
import type { Query, QueryFilter } from '../types';
import { formatYears, parseYears } from './filter';

export function formatQuery(query: Query): string {
  const quote = (k: string) => (/\s/.test(k) ? `"${k}"` : k);
  const required = (query.filter?.required ?? []).map((k) => `+${quote(k)}`);
  const authors = (query.authors ?? []).map((name) => `au:${quote(name)}`);
  const years = formatYears(query.filter);
  return [...authors, ...query.keywords.map(quote), ...required].join(' ') + (years ? `; ${years}` : '');
}

export function parseQuery(text: string): Query {
  const [words, ...rest] = text.split(';');
  const keywords: string[] = [];
  const required: string[] = [];
  const authors: string[] = [];
  for (const match of (words ?? '').matchAll(/(\+|au:)?(?:"([^"]*)"|(\S+))/g)) {
    const keyword = (match[2] ?? match[3] ?? '').replace(/^\+/, '').replace(/\s+/g, ' ').trim();
    if (!keyword) continue;
    const list = match[1] === '+' ? required : match[1] === 'au:' ? authors : keywords;
    if (!list.includes(keyword)) list.push(keyword);
  }
  const filter: QueryFilter = {};
  for (const part of rest) Object.assign(filter, parseYears(part) ?? {});
  if (required.length) filter.required = required;
  // A query of required words alone searches for them.
  const query: Query = { keywords: keywords.length ? keywords : [...required] };
  if (Object.keys(filter).length) query.filter = filter;
  if (authors.length) query.authors = authors;
  return query;
}
