// Work over a list with at most `limit` tasks in flight, started in the list's order: the engine's
// entries and the references identified before it share it, so a long list keeps a small working
// set and still overlaps its round trips (each service's pacing bounds its own requests further).

/** Runs `task(i)` for i = 0 … count-1, at most `limit` at once; no new task starts once `signal` aborts. */
export async function forEachBounded(
  count: number,
  limit: number,
  task: (index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      if (signal?.aborted) return;
      await task(next++);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}
