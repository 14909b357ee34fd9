// The stand-in's response plumbing: a service's latency (the answer held back, then written in
// order), the moment an answer is ended, and a request's body read whole.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Waits `ms`, or less when the client leaves first: a held request keeps no timer alive. */
export function heldBack(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    res.once('close', () => {
      clearTimeout(timer);
      done();
    });
  });
}

/**
 * The response as a handler sees it while its latency runs: what it writes (head, chunks, end) is
 * written once `held` is over, in order, and dropped if the client has left. A chunk written
 * meanwhile reports a full buffer, and 'drain' follows the release, so a streaming handler waits.
 */
export function writesAfter(res: ServerResponse, held: Promise<void>): ServerResponse {
  let released = false;
  let full = false;
  const queue: (() => void)[] = [];
  void held.then(() => {
    released = true;
    if (res.destroyed) return;
    for (const write of queue.splice(0)) write();
    if (full) res.emit('drain');
  });
  const later = (method: 'writeHead' | 'write' | 'end', busy: () => unknown) => (...args: unknown[]) => {
    if (released) return Reflect.apply(res[method], res, args);
    queue.push(() => Reflect.apply(res[method], res, args));
    return busy();
  };
  // writeHead and end return the response, so that a chained call is held back too.
  const deferred: Record<string, (...args: unknown[]) => unknown> = {
    writeHead: later('writeHead', () => answer),
    write: later('write', () => !(full = true)),
    end: later('end', () => answer),
  };
  const answer: ServerResponse = new Proxy(res, {
    get(target, property) {
      if (typeof property === 'string' && property in deferred) return deferred[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return answer;
}

/**
 * Calls `stamp` as the answer is ended, not on 'finish': 'finish' waits for the socket's write to
 * complete, and on a loaded machine the client had read the answer and sent its next request first.
 */
export function stampEnd(res: ServerResponse, stamp: () => void): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    if (!res.destroyed && !res.writableEnded) stamp();
    return end(...args);
  }) as ServerResponse['end'];
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
