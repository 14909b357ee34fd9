// The lookups a stage started and that have not finished, superseded ones included: a lookup a
// newer plan replaced still patches the store when it answers (its count, an earlier success), so
// a run that returned while one was out would see it write afterwards, to a store and a cache
// nobody waits for any more.

export class RunningLookups {
  private readonly running = new Set<Promise<void>>();

  /** Tracks `work` until it settles; its failure is the caller's to report, never an unhandled rejection. */
  add(work: Promise<unknown>): void {
    const settled: Promise<void> = work.then(() => undefined, () => undefined);
    this.running.add(settled);
    void settled.finally(() => this.running.delete(settled));
  }

  /** True when nothing is running. */
  get idle(): boolean {
    return this.running.size === 0;
  }

  /** Resolves once every lookup has finished, those started while it waits too. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}

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
