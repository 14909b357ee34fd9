// Which cached answers one run's result was built from. A result kept for a repeat
// (pipeline/resultCache.ts) may only be served while every one of them would still be served
// from the cache, so the run notes each answer's cache key here; a failure the next run would
// meet differently (a timeout, a refused connection, an open circuit, a cap's abort) spoils it.
import { cacheKey } from './cache';
import { NotCachedError, HttpError, isAbortError, type HttpClient, type HttpRequest } from './types';
import { wrapRequests } from './wrapClient';

export class AnswerLedger {
  /** Cache keys of the answers the run used: asked, read by digest, or kept from a list. */
  readonly keys = new Set<string>();
  /** Why the result may not be kept, or undefined while it may. */
  spoiled?: string;

  wrap(inner: HttpClient): HttpClient {
    const client = wrapRequests(inner, async (request) => {
      try {
        const response = await inner.request(request);
        this.note(request);
        return response;
      } catch (error) {
        this.failed(request, error);
        throw error;
      }
    });
    const { cachedDigest, remember } = inner;
    if (cachedDigest) {
      client.cachedDigest = async (request) => {
        const digest = await cachedDigest.call(inner, request);
        // A reading found by its answer's digest was built from that answer.
        if (digest) this.note(request);
        return digest;
      };
    }
    if (remember) {
      // A record read out of a list answer: the list is not kept, the record is, under its own key.
      client.remember = (request, answer) => (this.note(request), remember.call(inner, request, answer));
    }
    return client;
  }

  private note(request: HttpRequest): void {
    // Answers the cache never keeps (a list, GROBID's POST) leave what they bring under other keys.
    if ((request.method ?? 'GET') !== 'GET' || request.cache === false) return;
    this.keys.add(cacheKey('GET', request.url, request.accept));
  }

  private failed(request: HttpRequest, error: unknown): void {
    // A status is an answer: kept (a remembered 404) or not, the store's check of its key says.
    if (error instanceof HttpError) return this.note(request);
    // A cache-only miss sends nothing; a withdrawn request was replaced by a newer plan.
    if (error instanceof NotCachedError) return;
    if (isAbortError(error) && request.withdraw?.aborted) return;
    // A liveness probe (GROBID's): nothing listening is its answer. What the run read without the
    // service is kept as readings, which a repeat in a new process takes without probing.
    if (request.refusedIsFinal) return;
    this.spoiled ??= `${request.service}: ${error instanceof Error ? error.name : 'failure'}`;
  }
}
