// Work a caller must be able to wait for, however late it was started: a set of promises, each
// kept until it settles, and a wait that loops until none is left (work may start while it waits).

export class TrackedWork {
  private readonly running = new Set<Promise<void>>();

  /** Tracks `work` until it settles; its failure is the caller's to report, never an unhandled rejection. */
  add(work: Promise<unknown>): Promise<void> {
    const settled: Promise<void> = work.then(() => undefined, () => undefined);
    this.running.add(settled);
    void settled.finally(() => this.running.delete(settled));
    return settled;
  }

  /** True when nothing is running. */
  get idle(): boolean {
    return this.running.size === 0;
  }

  /** Resolves once every tracked work has settled, those started while it waits too. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
