// A client that changes how requests are sent and forwards everything else (the cache's
// remember, digest and pending writes) to the client it wraps.
import type { HttpClient, HttpRequest, HttpResponse } from './types';

export function wrapRequests(inner: HttpClient, request: (request: HttpRequest) => Promise<HttpResponse>): HttpClient {
  return {
    remember: inner.remember?.bind(inner),
    cachedDigest: inner.cachedDigest?.bind(inner),
    storesSettled: inner.storesSettled?.bind(inner),
    cacheDir: inner.cacheDir,
    request,
  };
}
