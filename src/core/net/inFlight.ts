// One answer for identical GET requests asked at once. Two stages of a run (BibTeX and trust, or
// a lookup planned again after an enrichment) may ask Crossref for the same record while the
// first request still waits behind Crossref's announced concurrency of one: without this, each
// would take a turn of that single slot, and the cache only helps once an answer is in.
import { abortErrorFor } from './abort';
import { isAbortError, type HttpResponse } from './types';

export class InFlightRequests {
  private readonly pending = new Map<string, Promise<HttpResponse>>();

  /** The answer of the identical request in flight, else `start()`'s, shared with later askers. */
  async share(key: string, signal: AbortSignal | undefined, start: () => Promise<HttpResponse>): Promise<HttpResponse> {
    const existing = this.pending.get(key);
    if (existing) {
      try {
        return await untilAborted(existing, signal);
      } catch (error) {
        // The first asker cancelled: that says nothing about the answer, so this one asks itself.
        if (signal?.aborted || !isAbortError(error)) throw error;
      }
    }
    const mine = start();
    this.pending.set(key, mine);
    try {
      return await mine;
    } finally {
      if (this.pending.get(key) === mine) this.pending.delete(key);
    }
  }
}

/** `promise`, unless `signal` fires first: a joiner's own cancel ends its wait at once. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortErrorFor(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortErrorFor(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
