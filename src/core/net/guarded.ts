// The HttpClient one run uses: the shared client, seen through the run's circuit breakers. A
// request to a service whose circuit is open fails at once (cached answers are still served);
// a request in flight when its circuit opens stops waiting, and the request whose refusal (401,
// 403) opened it is answered as the later ones are. Each caller gets a ServiceUnavailableError
// naming the service, never an AbortError it would take for a cancel.
import type { CircuitBreakers } from './breaker';
import { isAbortError, type HttpClient, type HttpRequest, type HttpResponse } from './types';

export function guardHttp(inner: HttpClient, breakers: CircuitBreakers): HttpClient {
  return {
    remember: inner.remember?.bind(inner),
    cachedDigest: inner.cachedDigest?.bind(inner),
    cacheDir: inner.cacheDir,
    async request(request: HttpRequest): Promise<HttpResponse> {
      const key = breakers.keyOf(request.service, request.url);
      const tripped = breakers.signal(key);
      // Once open, the circuit's signal has fired: only the caller's may stop a cache lookup.
      const own = breakers.isOpen(key) ? undefined : tripped;
      const signal = request.signal && own ? AbortSignal.any([request.signal, own]) : (request.signal ?? own);
      try {
        return await inner.request({
          ...request,
          signal,
          beforeNetwork: () => {
            request.beforeNetwork?.();
            breakers.check(key);
          },
          onAttempt: (error) => {
            request.onAttempt?.(error);
            breakers.record(key, request.service, request.url, error);
          },
        });
      } catch (error) {
        // The caller's own signal (a cancel, the run's deadline, a per-download deadline) wins.
        if (request.signal?.aborted) throw error;
        // Stopped because the circuit opened (by this request's failure or another's).
        if (tripped.aborted && isAbortError(error)) throw breakers.openError(key) ?? error;
        // The refusal that opened it: this caller hears what the later ones will, so the run says it once.
        const open = breakers.openError(key);
        if (open && open.cause === error) throw open;
        throw error;
      }
    },
  };
}
