// Start slots for paced services. arXiv asks for one request every 3 s from a client, not from a
// process: two CLI runs back to back, or the CLI beside the extension, must share the pace. A
// slot is reserved atomically (a lock directory) in a small file per host, so every process that
// uses the same slot directory sees the same timetable. When the directory cannot be used (a
// read-only disk, say) the process falls back to its own timetable and pacing still holds within it.
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SlotStore {
  /**
   * Reserves the earliest start at or after `now` that is `intervalMs` after the previous
   * reservation for `key`, and returns it (ms since the epoch).
   */
  reserve(key: string, intervalMs: number, now: number): Promise<number>;
  /**
   * Records a request about to be sent at `now` and returns 0, or, when another request was sent
   * less than `intervalMs` before, records nothing and returns how long to wait first. A start
   * slot says when a request may go; a process that wakes late (a busy machine, a cold start)
   * would otherwise send closer to the next slot's holder than the host allows.
   */
  markSent?(key: string, intervalMs: number, now: number): Promise<number>;
  /**
   * Records that the request marked sent has left at `now`, if that is later: on a busy machine a
   * new process's first request reached the host 40–175 ms after it was marked (CLI runs back to
   * back under a CPU hog), and the next process, spaced from the mark, came under 3 s after it.
   */
  markDeparted?(key: string, intervalMs: number, now: number): Promise<void>;
}

/** One process's own timetable. */
export class MemorySlots implements SlotStore {
  private readonly nextByKey = new Map<string, number>();
  private readonly sentByKey = new Map<string, number>();

  async reserve(key: string, intervalMs: number, now: number): Promise<number> {
    const start = Math.max(now, this.nextByKey.get(key) ?? 0);
    this.nextByKey.set(key, start + intervalMs);
    return start;
  }

  async markSent(key: string, intervalMs: number, now: number): Promise<number> {
    const wait = sentWait(this.sentByKey.get(key), intervalMs, now);
    if (wait > 0) return wait;
    this.sentByKey.set(key, now);
    this.nextByKey.set(key, Math.max(this.nextByKey.get(key) ?? 0, now + intervalMs));
    return 0;
  }

  async markDeparted(key: string, intervalMs: number, now: number): Promise<void> {
    this.sentByKey.set(key, Math.max(this.sentByKey.get(key) ?? 0, now));
    this.nextByKey.set(key, Math.max(this.nextByKey.get(key) ?? 0, now + intervalMs));
  }
}

/** How long a request at `now` must wait after one sent at `sent`. */
function sentWait(sent: number | undefined, intervalMs: number, now: number): number {
  return sent === undefined ? 0 : Math.max(0, sent + intervalMs - now);
}

/** A lock left behind by a crashed process is taken over after this long. */
const STALE_LOCK_MS = 5_000;
const LOCK_WAIT_MS = 2_000;
const LOCK_POLL_MS = 5;

/** A timetable shared through files in `dir`, one per key. */
export class FileSlots implements SlotStore {
  private readonly fallback = new MemorySlots();

  /** `dir` may be a function, read at each reservation, so the environment can still move it. */
  constructor(private readonly dir: string | (() => string)) {}

  reserve(key: string, intervalMs: number, now: number): Promise<number> {
    return this.withState(key, async ({ next, sent }, write) => {
      // The memory timetable also knows this process's own reservations, should the file lag.
      const start = Math.max(now, next, await this.fallback.reserve(key, intervalMs, now));
      await write({ next: start + intervalMs, ...(sent !== undefined ? { sent } : {}) });
      return start;
    }, () => this.fallback.reserve(key, intervalMs, now));
  }

  markSent(key: string, intervalMs: number, now: number): Promise<number> {
    return this.withState(key, async ({ next, sent }, write) => {
      const wait = sentWait(sent, intervalMs, now);
      if (wait > 0) return wait;
      await write({ next: Math.max(next, now + intervalMs), sent: now });
      await this.fallback.markSent(key, intervalMs, now);
      return 0;
    }, () => this.fallback.markSent(key, intervalMs, now));
  }

  async markDeparted(key: string, intervalMs: number, now: number): Promise<void> {
    await this.withState(key, async ({ next, sent }, write) => {
      await write({ next: Math.max(next, now + intervalMs), sent: Math.max(sent ?? 0, now) });
      await this.fallback.markDeparted(key, intervalMs, now);
      return 0;
    }, async () => (await this.fallback.markDeparted(key, intervalMs, now), 0));
  }

  /** `work` on the key's file state under its lock; `fallback` (memory only) when the folder cannot be used. */
  private async withState(
    key: string,
    work: (state: SlotState, write: (state: SlotState) => Promise<void>) => Promise<number>,
    fallback: () => Promise<number>,
  ): Promise<number> {
    const dir = typeof this.dir === 'string' ? this.dir : this.dir();
    const file = join(dir, `${safeName(key)}.json`);
    try {
      await mkdir(dir, { recursive: true });
      return await this.withLock(`${file}.lock`, async () => work(await readState(file), (state) => writeFile(file, JSON.stringify(state))));
    } catch {
      return fallback();
    }
  }

  private async withLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        await mkdir(lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (await isStale(lock)) await rm(lock, { recursive: true, force: true });
        else if (Date.now() > deadline) throw new Error(`pacing lock ${lock} is busy`);
        else await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
      }
    }
    try {
      return await work();
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/** The next free start and when the last request was sent (files of older versions have no `sent`). */
interface SlotState {
  next: number;
  sent?: number;
}

/** The key's state as its file holds it; nothing reserved when there is no file yet or a torn one. */
async function readState(file: string): Promise<SlotState> {
  try {
    const { next, sent } = JSON.parse(await readFile(file, 'utf8')) as { next?: unknown; sent?: unknown };
    const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
    return { next: finite(next) ? next : 0, ...(finite(sent) ? { sent } : {}) };
  } catch {
    return { next: 0 }; // no file yet, or a torn one: nothing reserved
  }
}

async function isStale(lock: string): Promise<boolean> {
  try {
    return Date.now() - (await stat(lock)).mtimeMs > STALE_LOCK_MS;
  } catch {
    return false; // gone already: the next mkdir will tell
  }
}

function safeName(key: string): string {
  return key.replace(/[^A-Za-z0-9._-]+/g, '_');
}
