// Limits a service announces in its answers, followed from then on. Crossref sends
// `X-Rate-Limit-Limit: 5`, `X-Rate-Limit-Interval: 1s` and `X-Concurrency-Limit: 1` (public
// pool; the polite pool announces more) and asks clients to keep within them; it changes them
// under load, so the latest answer wins. A service's own etiquette (arXiv's 3 s, DBLP's 1 s)
// is never loosened by an announcement, only tightened.
import type { PacingPolicy, ServiceName } from './types';

export interface AnnouncedLimit {
  /** Requests allowed per interval. */
  limit?: number;
  intervalMs?: number;
  /** Requests allowed in flight at once. */
  concurrency?: number;
}

/** `1s`, `60s`, `500ms`, `1m`, or a bare number of seconds; undefined for anything else. */
export function parseLimitInterval(value: string | undefined): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/i.exec(value ?? '');
  if (!match) return undefined;
  const unit = (match[2] ?? 's').toLowerCase();
  const ms = Number(match[1]) * (unit === 'ms' ? 1 : unit === 'm' ? 60_000 : 1000);
  return ms > 0 ? ms : undefined;
}

function positiveInteger(value: string | undefined): number | undefined {
  const n = Number(value?.trim());
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** What an answer's headers (lower-case names) announce; undefined when they say nothing. */
export function readAnnouncedLimit(headers: Readonly<Record<string, string>>): AnnouncedLimit | undefined {
  const limit = positiveInteger(headers['x-rate-limit-limit']);
  const intervalMs = parseLimitInterval(headers['x-rate-limit-interval']);
  const concurrency = positiveInteger(headers['x-concurrency-limit']);
  if (limit === undefined && concurrency === undefined) return undefined;
  return { limit, intervalMs: limit !== undefined ? intervalMs ?? 1000 : undefined, concurrency };
}

/** Requests sent any faster than an announced rate would be refused; nothing slower is asked. */
const MAX_ANNOUNCED_SPACING_MS = 10_000;

/**
 * A little over the announced spacing: a request on a warm connection reaches the server sooner
 * after it is sent than one that opens a connection, so exact spacing can arrive a hair too fast.
 */
function withMargin(spacingMs: number): number {
  return Math.ceil(spacingMs + Math.max(10, spacingMs * 0.05));
}

/**
 * What a service is assumed to announce before its first answer: a new process must not open
 * with a burst the service's etiquette forbids. Crossref's public pool, as its recorded answers
 * announce it (test/fixtures/crossref: 5 a second, one at a time); its first answer then says
 * the real limits (the polite pool's are higher) and those are followed from then on.
 */
const ASSUMED_UNTIL_ANNOUNCED: Partial<Record<ServiceName, AnnouncedLimit>> = {
  crossref: { limit: 5, intervalMs: 1000, concurrency: 1 },
};

export class AnnouncedLimits {
  private readonly byService = new Map<ServiceName, AnnouncedLimit>();

  /** Remembers what an answer of `service` announced (nothing when it announced nothing). */
  observe(service: ServiceName, headers: Readonly<Record<string, string>>): void {
    const announced = readAnnouncedLimit(headers);
    if (announced) this.byService.set(service, announced);
  }

  /** `base` tightened to the latest announcement of `service`. */
  policyFor(service: ServiceName, base: PacingPolicy): PacingPolicy {
    const announced = this.byService.get(service) ?? ASSUMED_UNTIL_ANNOUNCED[service];
    if (!announced) return base;
    const spacing =
      announced.limit !== undefined && announced.intervalMs !== undefined
        ? Math.min(MAX_ANNOUNCED_SPACING_MS, withMargin(announced.intervalMs / announced.limit))
        : 0;
    return {
      concurrency: Math.max(1, Math.min(base.concurrency, announced.concurrency ?? base.concurrency)),
      intervalMs: Math.max(base.intervalMs, spacing),
    };
  }

  /** What `service` announced last (diagnostics and tests). */
  latest(service: ServiceName): AnnouncedLimit | undefined {
    return this.byService.get(service);
  }
}
