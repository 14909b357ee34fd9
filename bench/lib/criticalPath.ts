// The least time a run's round trips could take, read off the stand-in's request log.
// A request is taken to wait on every answer that arrived just before it was sent (within
// TRIGGER_SLACK_MS: the CPU work between an answer and the request it triggers); arXiv requests
// also wait for arXiv's pacing interval after the previous one. Each request then costs its
// service's injected latency, so the bound counts dependent round trips and pacing, never the
// pipeline's own overhead. A request triggered after longer CPU work counts as independent,
// which can only shorten the bound, never flatter the ratio.
import type { LoggedRequest } from '../../test/standin/server';

export const TRIGGER_SLACK_MS = 50;

export interface IdealSchedule {
  /** Ideal end time of each request, ms after the run started; same order as the input. */
  ends: number[];
  /** The last ideal end: the critical path of round trips. */
  criticalMs: number;
}

export function idealSchedule(
  requests: LoggedRequest[],
  latencyOf: (service: string) => number,
  arxivIntervalMs: number,
): IdealSchedule {
  const order = requests.map((_, i) => i).sort((a, b) => requests[a]!.at - requests[b]!.at);
  const starts: number[] = new Array(requests.length).fill(0);
  const ends: number[] = new Array(requests.length).fill(0);
  // arXiv is asked one request at a time, each at least the interval after the previous one.
  let previousArxiv: { start: number; end: number } | undefined;
  for (const i of order) {
    const request = requests[i]!;
    let start = 0;
    for (const j of order) {
      const before = requests[j]!;
      if (j === i || before.endAt === undefined) continue;
      if (before.endAt <= request.at && request.at - before.endAt <= TRIGGER_SLACK_MS) start = Math.max(start, ends[j]!);
    }
    if (request.service === 'arxiv' && previousArxiv) {
      start = Math.max(start, previousArxiv.start + arxivIntervalMs, previousArxiv.end);
    }
    starts[i] = start;
    ends[i] = start + latencyOf(request.service);
    if (request.service === 'arxiv') previousArxiv = { start, end: ends[i]! };
  }
  return { ends, criticalMs: Math.max(0, ...ends) };
}
