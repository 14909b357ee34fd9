// How long a wait may last before the suite calls it a failure. Every wait in the E2E suite is for
// an event; its cap only says when to give up. On a 2-core machine that other jobs share (two
// code-server and Chromium stacks, a unit suite, a busy loop), the workbench answers several times
// slower than on a quiet one and the event still comes, so the cap stretches with the machine's
// load rather than failing a suite that would have passed.
import { availableParallelism, loadavg } from 'node:os';

/** The most a cap is stretched: a wait that needs more than this is a fault, not a busy machine. */
const MOST = 5;

/** How many times busier than its cores the machine has been over the last minute (at least 1). */
export function busyness(): number {
  const perCore = loadavg()[0] / Math.max(1, availableParallelism());
  return Math.min(MOST, Math.max(1, perCore));
}

/** `ms` (the cap on a quiet machine) stretched by the machine's present load. */
export function patience(ms: number): number {
  return Math.round(ms * busyness());
}

/** True once `ms` (stretched by the load at each call) has passed since `startedAt`. */
export function outOfPatience(startedAt: number, ms: number): boolean {
  return Date.now() - startedAt > patience(ms);
}
