// Lookups that share requests. A paced service (arXiv: one request every 3 s) answers many
// lookups in one request as fast as one: lookups asked in the same tick, or while a request is
// out (they would wait for the next slot anyway), go out together, at most `maxPerRequest` to a
// request and one request at a time. A caller may hold the batch open while it may still add to it.

/** Sends one batch; answers each of its lookups (the batch's order, one answer each). */
export type SendBatch<Lookup, Answer> = (lookups: Lookup[]) => Promise<Answer[]>;

interface Waiting<Lookup, Answer> {
  lookup: Lookup;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

export class RequestBatcher<Lookup, Answer> {
  private readonly waiting: Waiting<Lookup, Answer>[] = [];
  private holds = 0;
  private running = false;

  constructor(
    private readonly maxPerRequest: number,
    private readonly send: SendBatch<Lookup, Answer>,
  ) {}

  /** Its answer, once its batch has gone out and come back; a failed request fails every lookup in it. */
  ask(lookup: Lookup): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ lookup, resolve, reject });
      this.schedule();
    });
  }

  /** Keeps lookups waiting until the returned function is called (once; later calls do nothing). */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      this.schedule();
    };
  }

  private schedule(): void {
    if (this.running || this.holds > 0 || this.waiting.length === 0) return;
    this.running = true;
    // Let the rest of this tick's lookups join the request.
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0 && this.holds === 0) {
        const batch = this.waiting.splice(0, this.maxPerRequest);
        try {
          const answers = await this.send(batch.map((w) => w.lookup));
          batch.forEach((w, i) => w.resolve(answers[i] as Answer));
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.running = false;
      this.schedule();
    }
  }
}
