// How many entries came back with each verdict, each entry counted once: a duplicate is counted as
// the duplicate, not under its verdict as well, so the counts add up to the entries checked.
import type { BibCheckEntry } from './index';
import { VERDICTS, type Verdict } from './verdict';

export function verdictsCountedOnce(entries: readonly BibCheckEntry[]): Record<Verdict, number> {
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const e of entries) if (e.status !== 'duplicate') counts[e.verdict.verdict] += 1;
  return counts;
}
