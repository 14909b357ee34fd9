// Inserts into the same .bib run one after another. Each insert reads the .bib, decides (reuse
// an entry, or append under a free key) and applies one edit; two inserts interleaving those
// steps would both see the same text, so both could append, or pick the same key. Editor-side
// state, so it lives in the shell bundle, not in dist/heavy.js.
import * as path from 'node:path';

const tails = new Map<string, Promise<void>>();

/** Runs `work` once every earlier work on `file` has finished, whether it succeeded or not. */
export function withBibLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const key = path.resolve(file);
  const previous = tails.get(key) ?? Promise.resolve();
  const result = previous.then(work);
  const tail = result.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return result;
}
