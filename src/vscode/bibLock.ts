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

/**
 * Inserts of this window, one after another and in the order they were asked for: an insert
 * finds the root and the .bib files before it can know which file to lock, so two clicks at
 * once would otherwise be decided in whichever order their look-ups happened to finish.
 */
export function withInsertTurn<T>(work: () => Promise<T>): Promise<T> {
  return withBibLock(INSERT_QUEUE, work);
}

const INSERT_QUEUE = path.resolve('/', '.citefinder-insert-queue');
