// A work's citation count as an index gives it, and which of two counts a card shows. Each index
// counts a different literature, so the larger count is the one that says most.
import type { CitationCount, CitationIndex } from '../types';

/**
 * The count an index gave, when it is a whole number. `zeroIsCount` is false for the indexes whose
 * 0 says as often "holds no citing work" as "uncited" (Europe PMC, Crossref): their 0 is left out.
 */
export function readCitationCount(value: unknown, by: CitationIndex, zeroIsCount: boolean): CitationCount | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < (zeroIsCount ? 0 : 1)) return undefined;
  return { count: value, by };
}

/** The larger of two counts; the first on a tie. */
export function largerCount(a: CitationCount | undefined, b: CitationCount | undefined): CitationCount | undefined {
  if (!a || !b) return a ?? b;
  return b.count > a.count ? b : a;
}
