// The lookups a stage started and that have not finished, superseded ones included: a lookup a
// newer plan replaced still patches the store when it answers (its count, an earlier success), so
// a run that returned while one was out would see it write afterwards, to a store and a cache
// nobody waits for any more.

/** A stage's lookups, tracked until they finish (the shared mechanism of core/net/trackedWork.ts). */
export { TrackedWork as RunningLookups } from '../net/trackedWork';

/** A stage whose lookups a run waits for. */
export interface SettlingStage {
  readonly idle: boolean;
  settle(): Promise<void>;
}

/**
 * Settles the stages in the order given, pass after pass until one ends with all of them idle: an
 * answer of a stage may plan a lookup of a later one (BibTeX's DOI found by citation a trust lookup,
 * trust's version of record an OpenAlex count), and, rarely, of an earlier one.
 */
export async function settleInTurn(stages: readonly SettlingStage[]): Promise<void> {
  do {
    for (const stage of stages) await stage.settle();
  } while (!stages.every((stage) => stage.idle));
}
