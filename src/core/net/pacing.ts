// Per-service pacing. Each service gets one p-queue; arXiv's is a sliding window of one
// request per `sources.arxiv.intervalMs` with one connection at a time. Queues live in a
// registry so that every client in the process (concurrent claims, BibTeX, full text) shares
// the same pace; tests pass their own registry so fake clocks never leak between them.
import PQueue from 'p-queue';
import type { Settings } from '../settings';
import type { ServiceName } from './types';

export interface PacingPolicy {
  concurrency: number;
  /** Minimum milliseconds between two request starts; 0 = no spacing. */
  intervalMs: number;
}

/** Concurrency for services with no etiquette of their own: polite but not serial. */
const DEFAULT_CONCURRENCY = 5;

export function pacingPolicyFor(service: ServiceName, settings: Settings): PacingPolicy {
  switch (service) {
    case 'arxiv':
      return { concurrency: 1, intervalMs: Math.max(0, settings['sources.arxiv.intervalMs']) };
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

export class PacingRegistry {
  private readonly queues = new Map<string, PQueue>();

  queueFor(service: ServiceName, policy: PacingPolicy): PQueue {
    const key = `${service}|${policy.concurrency}|${policy.intervalMs}`;
    let queue = this.queues.get(key);
    if (!queue) {
      queue =
        policy.intervalMs > 0
          ? new PQueue({
              concurrency: policy.concurrency,
              interval: policy.intervalMs,
              intervalCap: 1,
              strict: true,
            })
          : new PQueue({ concurrency: policy.concurrency });
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

/** The process-wide registry every client uses unless told otherwise. */
export const SHARED_PACING = new PacingRegistry();
