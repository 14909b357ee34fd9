// A wait with a cap: what a second lookup may add to a candidate is worth waiting for, but never
// for longer than the cap, so a slow service costs at most that.

/** Resolves when `settled` does, or after `capMs`, whichever comes first; never rejects. */
export async function settledWithin(settled: Promise<unknown>, capMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, capMs)));
  await Promise.race([settled.then(() => undefined, () => undefined), cap]).finally(() => clearTimeout(timer));
}
