// A wait with a cap: what a second lookup may add to a candidate is worth waiting for, but never
// for longer than the cap, so a slow service costs at most that.

/**
 * Resolves when `settled` does (true), or after `capMs` (false), whichever comes first; never
 * rejects. False tells the caller that what it goes on with depended on the service's speed.
 */
export async function settledWithin(settled: Promise<unknown>, capMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), capMs)));
  return Promise.race([settled.then(() => true, () => true), cap]).finally(() => clearTimeout(timer));
}
