// An informal citation as a query: its first author's family name, its title words when known,
// and its year widened by one each way (a preprint is often a year before its journal version,
// and people cite either year).
import type { Query } from '../types';
import { SCORING_TOKENS, tokenize } from '../text/tokens';
import type { InformalCitation } from './recognise';

export const YEAR_TOLERANCE = 1;
/** Title words beyond these make an AND-ed search too narrow to survive a paraphrase. */
const MAX_TITLE_WORDS = 4;

export function informalQuery(citation: InformalCitation): Query {
  const query: Query = { keywords: titleKeywords(citation.titleWords), authors: citation.authors.slice(0, 1) };
  if (citation.year !== undefined) {
    query.filter = { fromYear: citation.year - YEAR_TOLERANCE, untilYear: citation.year + YEAR_TOLERANCE };
  }
  return query;
}

function titleKeywords(title: string | undefined): string[] {
  if (!title) return [];
  // Content words only: "of the" would be AND-ed into the search like any other word.
  return tokenize(title, SCORING_TOKENS).slice(0, MAX_TITLE_WORDS).map((t) => title.slice(t.start, t.end));
}
