// The HttpClient every remote call goes through: cache → per-service pacing queue → one attempt
// on the wire (transport.ts: node:http, or fetch for forms) with a per-attempt timeout, in p-retry.
// Aborting the caller's signal cancels whatever stage the request is in (queue wait, the request
// in flight, retry backoff) and rejects with an AbortError.
import pRetry from 'p-retry';
import { version } from '../../../package.json';
import type { Settings } from '../settings/index';
import { makeResponse } from './body';
import { fetchTransport, preferredTransport } from './transport';
import { nodeTransport } from './nodeTransport';
import { cacheKey, resolveCacheDir, ResponseCache } from './cache';
import { assertFetchableUrl, describeNetworkError, hostOf, withoutSecrets } from './errors';
import { abortableDelay, abortErrorFor } from './abort';
import { isRetryable, NOT_FOUND, notFoundFromCache, retryAfterOf, statusError } from './statusErrors';
import { scheduleSweep } from './cacheSweep';
import { pacingPolicyFor, SHARED_PACING, type PacingRegistry } from './pacing';
import { userAgentFor } from './userAgent';
import { InFlightRequests } from './inFlight';
import {
  HttpError,
  NotCachedError,
  TimeoutError,
  type CachedDigest,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
  type ServiceName,
} from './types';

export const USER_AGENT = `citefinder/${version} (+https://github.com/citefinder/citefinder)`;

/** Network requests actually sent versus answers served from the on-disk cache. */
export interface HttpStats {
  /** Attempts sent to the network (retries included). */
  network: number;
  cacheHits: number;
  retries: number;
  networkByService: Partial<Record<ServiceName, number>>;
}

export interface CountingHttpClient extends HttpClient {
  readonly stats: HttpStats;
  storesSettled(): Promise<void>;
}

export interface HttpClientOptions {
  userAgent?: string;
  /** Overrides settings 'cache.dir'; an empty string switches the cache off. */
  cacheDir?: string;
  /** Sends every attempt through this fetch instead of node:http. */
  fetchImpl?: typeof fetch;
  /** Clock for cache TTLs; defaults to Date.now. */
  now?: () => number;
  /**
   * Delay before the background cache sweep (expired entries, size cap), at most one an hour
   * per cache folder; false for none. Default 60 s: after startup, off every request's path.
   */
  sweepAfterMs?: number | false;
  /** Pacing queues; defaults to the process-wide registry so all clients share arXiv's pace. */
  pacing?: PacingRegistry;
  /** First retry delay; later ones double (with jitter). */
  backoffMs?: number;
  /** A Retry-After longer than this is not waited for: the request fails as rate limited. */
  maxRetryAfterMs?: number;
}

export function createHttpClient(settings: Settings, options: HttpClientOptions = {}): CountingHttpClient {
  // The global fetch is looked up when a form is sent, never before: naming it loads its client.
  const transport = options.fetchImpl
    ? fetchTransport(options.fetchImpl)
    : preferredTransport(nodeTransport, fetchTransport((input, init) => fetch(input, init)));
  const userAgent = options.userAgent ?? USER_AGENT;
  const pacing = options.pacing ?? SHARED_PACING;
  const backoffMs = options.backoffMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const cacheDir = resolveCacheDir(settings, options.cacheDir);
  const ttlMs = Math.max(0, settings['cache.ttlHours']) * 3_600_000;
  const cache = cacheDir ? new ResponseCache(cacheDir, ttlMs, options.now) : undefined;
  const sweepAfterMs = options.sweepAfterMs ?? 60_000;
  if (cacheDir && sweepAfterMs !== false) {
    const maxBytes = Math.max(0, settings['cache.maxSizeMb']) * 1024 * 1024;
    scheduleSweep(cacheDir, { ttlMs, maxBytes, now: options.now, delayMs: sweepAfterMs });
  }
  const stats: HttpStats = { network: 0, cacheHits: 0, retries: 0, networkByService: {} };
  // Every answer has a size limit: an endless body must not grow the process without bound.
  const maxResponseBytes = Math.max(1, Math.round(settings['http.maxResponseMb'] * 1024 * 1024));

  async function attempt(request: HttpRequest, onSent?: () => void): Promise<HttpResponse> {
    // A cancel that came while the request waited for its slot (a file-backed timetable's read) has
    // fired its event already: the listener below would never hear it, and the request would go.
    if (request.signal?.aborted) throw abortErrorFor(request.signal);
    const timeoutMs = request.timeoutMs ?? settings['http.timeoutMs'];
    const controller = new AbortController();
    let timedOut = false;
    let limitMs = timeoutMs;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const headersMs = request.headersTimeoutMs;
    const headersTimer = headersMs !== undefined && headersMs < timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          limitMs = headersMs;
          controller.abort();
        }, headersMs)
      : undefined;
    const onCallerAbort = () => controller.abort(request.signal?.reason);
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      stats.network++;
      stats.networkByService[request.service] = (stats.networkByService[request.service] ?? 0) + 1;
      const answer = await transport({
        url: request.url,
        method: request.method ?? 'GET',
        headers: requestHeaders(request, userAgentFor(request.service, userAgent, settings)),
        body: request.body,
        signal: controller.signal,
        maxBytes: request.maxBytes ?? maxResponseBytes,
        onSent,
        onHeaders: (head) => {
          clearTimeout(headersTimer);
          // A limit announced by the host a redirect led to (doi.org → Crossref) is that host's, not ours.
          if (!head.redirected) pacing.announced.observe(request.service, head.headers);
        },
      });
      if (answer.status < 200 || answer.status > 299) throw statusError(request, answer);
      request.onAttempt?.(undefined);
      return makeResponse(answer.status, answer.url, answer.headers, answer.body, false);
    } catch (caught) {
      if (request.signal?.aborted) throw abortErrorFor(request.signal);
      const error = timedOut
        ? new TimeoutError(`${hostOf(request.url)} did not answer within ${limitMs} ms (${withoutSecrets(request.url)}).`)
        : describeNetworkError(caught, request.service, request.url);
      request.onAttempt?.(error instanceof Error ? error : new Error(String(error)));
      throw error;
    } finally {
      clearTimeout(timer);
      clearTimeout(headersTimer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  function paced(request: HttpRequest): Promise<HttpResponse> {
    return pacing.run({
      service: request.service,
      policy: pacing.announced.policyFor(request.service, pacingPolicyFor(request.service, settings)),
      slotKey: hostOf(request.url),
      signal: request.signal,
      withdraw: request.withdraw,
      run: (departed) => attempt(request, departed),
    });
  }

  async function withRetries(request: HttpRequest): Promise<HttpResponse> {
    return pRetry(() => paced(request), {
      retries: Math.max(0, settings['http.retries']),
      factor: 2,
      minTimeout: backoffMs,
      maxTimeout: 30_000,
      randomize: true,
      signal: request.signal,
      shouldRetry: async ({ error, retryDelay }) => {
        if (!isRetryable(error, request)) return false;
        const retryAfterMs = error instanceof HttpError ? retryAfterOf(error) : undefined;
        if (retryAfterMs !== undefined) {
          if (retryAfterMs > maxRetryAfterMs) return false;
          // p-retry will wait `retryDelay`; top it up to what the server asked for.
          await abortableDelay(retryAfterMs - retryDelay, request.signal);
        }
        stats.retries++;
        return true;
      },
    });
  }

  const inFlight = new InFlightRequests();
  /** Cache writes under way, by key: a read of the key waits for its write, and `storesSettled` for them all. */
  const storing = new Map<string, Promise<void>>();
  /**
   * Tracks a cache write; put never rejects (a full disk costs speed, not results). A second write
   * of a key in progress is tracked with the first, so neither is lost to a read or to `storesSettled`.
   */
  function store(key: string, put: Promise<void>): Promise<void> {
    const earlier = storing.get(key);
    const tracked: Promise<void> = (earlier ? Promise.all([earlier, put]).then(() => undefined) : put).finally(() => {
      if (storing.get(key) === tracked) storing.delete(key);
    });
    storing.set(key, tracked);
    return tracked;
  }

  async function request(request: HttpRequest): Promise<HttpResponse> {
    if (request.signal?.aborted) throw abortErrorFor(request.signal);
    assertFetchableUrl(request.url, request.service);
    const method = request.method ?? 'GET';
    const cacheable = cache !== undefined && method === 'GET' && request.cache !== false;
    const key = cacheKey(method, request.url, request.accept);
    if (cacheable && request.cacheRead !== false) {
      await storing.get(key);
      const hit = await cache.get(key);
      if (hit) {
        stats.cacheHits++;
        if (NOT_FOUND.includes(hit.status)) throw notFoundFromCache(request, hit);
        return makeResponse(hit.status, hit.url, hit.headers, hit.body, true);
      }
    }
    if (request.cacheOnly) throw new NotCachedError(`No answer of ${withoutSecrets(request.url)} is cached.`);
    if (method !== 'GET' || request.cache === false) return fromNetwork(request, key, cacheable);
    return inFlight.share(key, request.signal, () => fromNetwork(request, key, cacheable));
  }

  async function fromNetwork(request: HttpRequest, key: string, cacheable: boolean): Promise<HttpResponse> {
    request.beforeNetwork?.();
    try {
      const response = await withRetries(request);
      const keep = response.status >= 200 && response.status < 300 && response.status !== 204 && isUsableAnswer(request, response);
      if (cache && cacheable && keep) {
        const put = store(key, cache.put(key, response, { kind: isEmptyAnswer(request, response) ? 'empty' : 'ok', service: request.service }));
        if (!request.storeInBackground) await put;
      }
      return response;
    } catch (error) {
      if (request.signal?.aborted) throw abortErrorFor(request.signal);
      if (cacheable && error instanceof HttpError) {
        const kept = keepNotFound(request, key, error);
        if (!request.storeInBackground) await kept;
      }
      throw error;
    }
  }

  async function remember(request: HttpRequest, answer: HttpResponse | HttpError): Promise<void> {
    if (!cache || (request.method ?? 'GET') !== 'GET' || request.cache === false) return;
    const key = cacheKey('GET', request.url, request.accept);
    if (answer instanceof HttpError) return keepNotFound(request, key, answer);
    if (isUsableAnswer(request, answer)) await store(key, cache.put(key, answer, { kind: 'ok', service: request.service }));
  }

  /** An authority's "no such record" (404/410), kept when the request asks for it (`cacheNotFound`). */
  async function keepNotFound(request: HttpRequest, key: string, error: HttpError): Promise<void> {
    if (!cache || !request.cacheNotFound || !NOT_FOUND.includes(error.status)) return;
    const body = new TextEncoder().encode(error.bodyText);
    await store(key, cache.put(key, { status: error.status, url: error.url, headers: {}, body }, { kind: 'notFound', service: request.service }));
  }

  async function cachedDigest(request: HttpRequest): Promise<CachedDigest | undefined> {
    if (!cache || (request.method ?? 'GET') !== 'GET' || request.cache === false) return undefined;
    const key = cacheKey('GET', request.url, request.accept);
    // An answer still being written is found, as `request` finds it: a caller told "absent" sends again.
    await storing.get(key);
    return cache.digest(key);
  }

  // A write may start while others finish (an answer stored behind a lookup that is still going): until none is left.
  const storesSettled = async () => {
    while (storing.size > 0) await Promise.all(storing.values());
  };

  return { request, remember, cachedDigest, stats, storesSettled, cacheDir: cache ? cacheDir : undefined };
}

/** The source's own verdict on whether a body is worth keeping; a predicate that throws says no. */
function isUsableAnswer(request: HttpRequest, response: HttpResponse): boolean {
  if (!request.isUsable) return true;
  try {
    return request.isUsable(response.text());
  } catch {
    return false;
  }
}

/** The source's own verdict on a body; a predicate that throws leaves it an ordinary answer. */
function isEmptyAnswer(request: HttpRequest, response: HttpResponse): boolean {
  if (!request.isEmpty) return false;
  try {
    return request.isEmpty(response.text());
  } catch {
    return false;
  }
}

function requestHeaders(request: HttpRequest, userAgent: string): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': userAgent };
  if (request.accept) headers.accept = request.accept;
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  return headers;
}
