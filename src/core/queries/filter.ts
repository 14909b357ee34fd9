// Year and required-word filters of a query, in SciLit's form: `supernovae acceleration; 1998..2005`,
// `2019..`, `..2010`, a single year, and `+word` / `+"a phrase"` for words every result must have.
// Sent to the sources in their own syntax (so a filtered search still fills its page) and checked
// again on what comes back.
import type { PaperRecord, QueryFilter } from '../types';

const RANGE = /^(\d{4})?\s*\.\.\s*(\d{4})?$|^(\d{4})$/;

/** A year range as written (`1998..2005`, `2019..`, `..2010`, `2019`); undefined when it is none. */
export function parseYears(text: string): Pick<QueryFilter, 'fromYear' | 'untilYear'> | undefined {
  const match = RANGE.exec(text.trim());
  if (!match || (!match[1] && !match[2] && !match[3])) return undefined;
  if (match[3]) return { fromYear: Number(match[3]), untilYear: Number(match[3]) };
  const range: Pick<QueryFilter, 'fromYear' | 'untilYear'> = {};
  if (match[1]) range.fromYear = Number(match[1]);
  if (match[2]) range.untilYear = Number(match[2]);
  if (range.fromYear !== undefined && range.untilYear !== undefined && range.fromYear > range.untilYear) return undefined;
  return range;
}

export function formatYears(filter: QueryFilter | undefined): string {
  if (!filter || (filter.fromYear === undefined && filter.untilYear === undefined)) return '';
  if (filter.fromYear !== undefined && filter.fromYear === filter.untilYear) return String(filter.fromYear);
  return `${filter.fromYear ?? ''}..${filter.untilYear ?? ''}`;
}

/** True when the record may stay: inside the year range (a record without a year is kept). */
export function passesFilter(record: PaperRecord, filter: QueryFilter | undefined): boolean {
  if (!filter || record.year === undefined) return true;
  if (filter.fromYear !== undefined && record.year < filter.fromYear) return false;
  return !(filter.untilYear !== undefined && record.year > filter.untilYear);
}

/** The filter with `defaults` filling what it does not say (the `search.years` setting). */
export function withDefaultYears(filter: QueryFilter | undefined, defaults: string): QueryFilter | undefined {
  const years = defaults.trim() ? parseYears(defaults) : undefined;
  if (!years || filter?.fromYear !== undefined || filter?.untilYear !== undefined) return filter;
  return { ...filter, ...years };
}

/** arXiv's date clause: `submittedDate:[199801010000 TO 200512312359]`. */
export function arxivDateClause(filter: QueryFilter | undefined): string | undefined {
  if (!filter || (filter.fromYear === undefined && filter.untilYear === undefined)) return undefined;
  return `submittedDate:[${filter.fromYear ?? 1991}01010000 TO ${filter.untilYear ?? 2099}12312359]`;
}

/** Europe PMC's date clause: `FIRST_PDATE:[1998-01-01 TO 2005-12-31]`. */
export function europePmcDateClause(filter: QueryFilter | undefined): string | undefined {
  if (!filter || (filter.fromYear === undefined && filter.untilYear === undefined)) return undefined;
  return `FIRST_PDATE:[${filter.fromYear ?? 1900}-01-01 TO ${filter.untilYear ?? 2099}-12-31]`;
}
