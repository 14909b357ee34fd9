// The figures a coverage summary gives: "N of M sentences without a citation need one (C cite
// already)". M counts only what could be listed: a theorem's statement sentence never is (theorems.ts:
// a named one is listed by its title), so counted in M it would make the share of listed sentences look
// smaller than it is. The statements are counted apart, and said when there are any.
import type { ProseSentence } from './prose';

export interface CoverageCounts {
  /** Sentences (and named theorems' titles) that cite nothing: the ones that could be listed. */
  uncited: number;
  /** Those that cite, a statement's sentences left out. */
  cited: number;
  /** Sentences of theorem-like statements, cited or not: read for the paper's context, never listed. */
  statements: number;
}

export function coverageCounts(sentences: readonly Pick<ProseSentence, 'cited' | 'role'>[]): CoverageCounts {
  const listable = sentences.filter((s) => s.role !== 'statement');
  const uncited = listable.filter((s) => !s.cited).length;
  return { uncited, cited: listable.length - uncited, statements: sentences.length - listable.length };
}

/**
 * "5 in theorem statements, never listed", between `before` and `after` (the punctuation that sets it
 * in a summary); '' when the text has no statement, so a caller need not check the count itself.
 */
export function statementsNote(counts: CoverageCounts, before = '', after = ''): string {
  return counts.statements ? `${before}${counts.statements} in theorem statements, never listed${after}` : '';
}
