// The human-readable text form of a Query: keywords separated by spaces, phrases in double
// quotes. It is what the CLI prints, what the webview lets users edit, and what comes back.
import type { Query } from '../types';

export function formatQuery(query: Query): string {
  return query.keywords.map((k) => (/\s/.test(k) ? `"${k}"` : k)).join(' ');
}

export function parseQuery(text: string): Query {
  const keywords: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|(\S+)/g)) {
    const keyword = (match[1] ?? match[2] ?? '').replace(/\s+/g, ' ').trim();
    if (keyword && !keywords.includes(keyword)) keywords.push(keyword);
  }
  return { keywords };
}
