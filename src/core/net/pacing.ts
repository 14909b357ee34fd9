// Per-service pacing. Each service gets one p-queue that bounds its concurrent requests; arXiv
// also gets start slots one interval apart (one request every 3 s, one connection at a time).
// Slots come from a SlotStore: the process-wide registry keeps them in files under the user's
// cache directory, so concurrent claims, BibTeX, full text, and other citefinder processes all
// share arXiv's pace. Tests pass their own registry so fake clocks never leak between them.
import PQueue from 'p-queue';
import { join } from 'node:path';
import type { Settings } from '../settings/index';
import type { ServiceName } from './types';
import { defaultCacheDir } from './cache';
import { FileSlots, MemorySlots, type SlotStore } from './slots';
import { abortableDelay } from './abort';
import { AnnouncedLimits } from './announcedLimits';

export type { PacingPolicy } from './types';
import type { PacingPolicy } from './types';

/** Concurrency for services with no etiquette of their own: polite but not serial. */
const DEFAULT_CONCURRENCY = 5;

/**
 * Extra spacing on top of arXiv's interval. A request that reuses a warm connection reaches the
 * server sooner after it is sent than one that opens a new connection, so requests sent exactly
 * 3 s apart can arrive a few ms under 3 s and earn a 429.
 */
export function pacingMarginMs(intervalMs: number): number {
  return intervalMs > 0 ? Math.max(100, Math.round(intervalMs * 0.05)) : 0;
}

export function pacingPolicyFor(service: ServiceName, settings: Settings): PacingPolicy {
  switch (service) {
    case 'arxiv': {
      const interval = Math.max(0, settings['sources.arxiv.intervalMs']);
      return { concurrency: 1, intervalMs: interval + pacingMarginMs(interval) };
    }
    case 'dblp': {
      // DBLP's FAQ asks for "at least one or two seconds" between requests and answers a faster
      // client with 429 + Retry-After. The default (1 s + margin, one connection, one timetable
      // for every process) is the floor of that ask: a .bib of 300 CS entries then takes about
      // six minutes rather than twelve, and a 429 is still honoured should DBLP want more.
      const interval = Math.max(0, settings['sources.dblp.intervalMs']);
      return { concurrency: 1, intervalMs: interval + pacingMarginMs(interval) };
    }
    case 'semanticscholar': {
      // A key allows one request a second; the keyless pool is shared by everyone and answers
      // 429 long before that, so no client of ours goes faster either way.
      const interval = Math.max(0, settings['sources.semanticscholar.intervalMs']);
      return { concurrency: 1, intervalMs: interval + pacingMarginMs(interval) };
    }
    case 'openalex':
      // A key allows ten requests a second; two at a time stays well inside it.
      return { concurrency: 2, intervalMs: 0 };
    case 'arxivBibtex':
      // arxiv.org asks automated clients to go gently; one connection, no extra spacing.
      return { concurrency: 1, intervalMs: 0 };
    case 'grobid':
      return { concurrency: Math.max(1, settings['grobid.concurrency']), intervalMs: 0 };
    case 'pdf':
      return { concurrency: Math.max(1, settings['fulltext.concurrency']), intervalMs: 0 };
    default:
      return { concurrency: DEFAULT_CONCURRENCY, intervalMs: 0 };
  }
}

export interface PacedTask<T> {
  service: ServiceName;
  policy: PacingPolicy;
  /** Whose timetable the slots come from: the host, so a mirror is paced apart from arXiv. */
  slotKey: string;
  signal?: AbortSignal;
  /** Takes the task out of its queue, or its slot's wait, until it is sent; after that only `signal` stops it. */
  withdraw?: AbortSignal;
  /** Sends the request; `departed` is called when it has left (the paced host's timetable takes that time). */
  run: (departed: () => void) => Promise<T>;
}

export class PacingRegistry {
  private readonly queues = new Map<string, PQueue>();
  /** Rate and concurrency limits the services announced in their answers (Crossref's headers). */
  readonly announced = new AnnouncedLimits();

  constructor(private readonly slots: SlotStore = new MemorySlots()) {}

  /** Runs the task in its service's queue, after its start slot when the service is spaced. */
  run<T>(task: PacedTask<T>): Promise<T> {
    const queue = this.queueFor(task.service, task.policy.concurrency);
    const { signal, sent } = untilSent(task.signal, task.withdraw);
    const key = `${task.service}-${task.slotKey}`;
    return queue.add(
      async () => {
        if (task.policy.intervalMs > 0) {
          const start = await this.slots.reserve(key, task.policy.intervalMs, Date.now());
          await abortableDelay(start - Date.now(), signal);
          // Spaced from the last request actually sent, not only from the slot: see markSent.
          for (let wait = 1; wait > 0; ) {
            wait = (await this.slots.markSent?.(key, task.policy.intervalMs, Date.now())) ?? 0;
            await abortableDelay(wait, signal);
          }
        }
        // The queue holds this slot until the answer (p-queue lets an aborted task's slot go).
        sent();
        const departed = () => void this.slots.markDeparted?.(key, task.policy.intervalMs, Date.now());
        return task.run(task.policy.intervalMs > 0 ? departed : () => {});
      },
      { signal },
    );
  }

  private queueFor(service: ServiceName, concurrency: number): PQueue {
    const key = `${service}|${concurrency}`;
    let queue = this.queues.get(key);
    if (!queue) {
      queue = new PQueue({ concurrency });
      this.queues.set(key, queue);
    }
    return queue;
  }

  /** Requests waiting for their turn, over all services (diagnostics and tests). */
  get pending(): number {
    let total = 0;
    for (const queue of this.queues.values()) total += queue.size;
    return total;
  }
}

/**
 * The signal a queued task waits under: the caller's, or a withdrawal until `sent()` is called.
 * Past that point a withdrawal is ignored, so the service's slot stays taken until it answers.
 */
function untilSent(callers: AbortSignal | undefined, withdraw: AbortSignal | undefined): { signal?: AbortSignal; sent: () => void } {
  if (!withdraw) return { signal: callers, sent: () => {} };
  const leave = new AbortController();
  const onWithdraw = () => leave.abort(withdraw.reason);
  if (withdraw.aborted) onWithdraw();
  else withdraw.addEventListener('abort', onWithdraw, { once: true });
  const sent = () => withdraw.removeEventListener('abort', onWithdraw);
  return { signal: callers ? AbortSignal.any([callers, leave.signal]) : leave.signal, sent };
}

/**
 * The process-wide registry every client uses unless told otherwise. Its arXiv timetable lives
 * in the user's cache directory (not `cache.dir`, which differs between the CLI and the
 * extension), so every citefinder process of this user keeps one pace.
 */
export const SHARED_PACING = new PacingRegistry(new FileSlots(() => join(defaultCacheDir(), 'pacing')));
