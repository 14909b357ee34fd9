// The HttpClient every remote call goes through: cache → per-service pacing queue → fetch with a
// per-attempt timeout, wrapped in p-retry. Aborting the caller's signal cancels whatever stage
// the request is in (queue wait, in-flight fetch, retry backoff) and rejects with an AbortError.
import pRetry from 'p-retry';
import { version } from '../../../package.json';
import type { Settings } from '../settings';
import { makeResponse, readBody, toHttpResponse } from './body';
import { cacheKey, resolveCacheDir, ResponseCache } from './cache';
import { assertFetchableUrl, describeNetworkError, UnsupportedUrlError } from './errors';
import { scheduleSweep } from './cacheSweep';
import { pacingPolicyFor, SHARED_PACING, type PacingRegistry } from './pacing';
import {
  HttpError,
  isAbortError,
  RateLimitedError,
  TimeoutError,
  TooLargeError,
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
}

export interface HttpClientOptions {
  userAgent?: string;
  /** Overrides settings 'cache.dir'; an empty string switches the cache off. */
  cacheDir?: string;
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

const MAX_ERROR_BODY_CHARS = 64 * 1024;

export function createHttpClient(settings: Settings, options: HttpClientOptions = {}): CountingHttpClient {
  const fetchImpl = options.fetchImpl ?? fetch;
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

  async function attempt(request: HttpRequest): Promise<HttpResponse> {
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
      const response = await fetchImpl(request.url, {
        method: request.method ?? 'GET',
        headers: requestHeaders(request, userAgent),
        body: request.body as BodyInit | undefined,
        redirect: 'follow',
        signal: controller.signal,
      });
      clearTimeout(headersTimer);
      if (response.status === 204) {
        request.onAttempt?.(undefined);
        return toHttpResponse(response, new Uint8Array(), false);
      }
      const body = await readBody(response, request.maxBytes ?? maxResponseBytes);
      if (!response.ok) throw statusError(request, response, body);
      request.onAttempt?.(undefined);
      return toHttpResponse(response, body, false);
    } catch (caught) {
      if (request.signal?.aborted) throw abortErrorFor(request.signal);
      const error = timedOut
        ? new TimeoutError(`${hostOf(request.url)} did not answer within ${limitMs} ms (${request.url}).`)
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
      policy: pacingPolicyFor(request.service, settings),
      slotKey: hostOf(request.url),
      signal: request.signal,
      run: () => attempt(request),
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

  async function request(request: HttpRequest): Promise<HttpResponse> {
    if (request.signal?.aborted) throw abortErrorFor(request.signal);
    assertFetchableUrl(request.url, request.service);
    const method = request.method ?? 'GET';
    const cacheable = cache !== undefined && method === 'GET' && request.cache !== false;
    const key = cacheKey(method, request.url, request.accept);
    if (cacheable) {
      const hit = await cache.get(key);
      if (hit) {
        stats.cacheHits++;
        if (NOT_FOUND.includes(hit.status)) throw notFoundFromCache(request, hit);
        return makeResponse(hit.status, hit.url, hit.headers, hit.body, true);
      }
    }
    request.beforeNetwork?.();
    try {
      const response = await withRetries(request);
      if (cacheable && response.status >= 200 && response.status < 300 && response.status !== 204) {
        await cache.put(key, response, { kind: isEmptyAnswer(request, response) ? 'empty' : 'ok', service: request.service });
      }
      return response;
    } catch (error) {
      if (request.signal?.aborted) throw abortErrorFor(request.signal);
      if (cacheable && request.cacheNotFound && error instanceof HttpError && NOT_FOUND.includes(error.status)) {
        const body = new TextEncoder().encode(error.bodyText);
        const entry = { status: error.status, url: error.url, headers: {}, body };
        await cache.put(key, entry, { kind: 'notFound', service: request.service });
      }
      throw error;
    }
  }

  return { request, stats };
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

/** Statuses by which an authority says it has no such record: worth remembering. */
const NOT_FOUND = [404, 410];

function notFoundFromCache(request: HttpRequest, hit: { status: number; url: string; body: Uint8Array }): HttpError {
  return new HttpError(
    `${hostOf(request.url)} answered HTTP ${hit.status} for ${request.url} (remembered from an earlier run)`,
    hit.status,
    hit.url,
    new TextDecoder().decode(hit.body),
  );
}

function requestHeaders(request: HttpRequest, userAgent: string): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': userAgent };
  if (request.accept) headers.accept = request.accept;
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  return headers;
}

function isRetryable(error: Error, request: HttpRequest): boolean {
  if (isAbortError(error) || error instanceof TooLargeError || error instanceof UnsupportedUrlError) return false;
  if (error instanceof HttpError) {
    return error.status === 429 || error.status >= 500 || (request.retryStatuses ?? []).includes(error.status);
  }
  return true; // network failures and timeouts are worth another try
}

/** Retry-After (ms) that came with a failed response, kept beside the error it caused. */
const retryAfterByError = new WeakMap<HttpError, number>();

function retryAfterOf(error: HttpError): number | undefined {
  return retryAfterByError.get(error);
}

function statusError(request: HttpRequest, response: Response, body: Uint8Array): HttpError {
  const host = hostOf(request.url);
  const bodyText = new TextDecoder().decode(body).slice(0, MAX_ERROR_BODY_CHARS);
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  if (response.status === 429) {
    const hint =
      retryAfterMs !== undefined
        ? `it asks to wait ${Math.ceil(retryAfterMs / 1000)} s`
        : 'no Retry-After given; wait a minute before trying again';
    const error = new RateLimitedError(`Rate limited by ${host} (HTTP 429): ${hint}.`, 429, response.url || request.url, bodyText);
    if (retryAfterMs !== undefined) retryAfterByError.set(error, retryAfterMs);
    return error;
  }
  const reason = response.statusText ? ` ${response.statusText}` : '';
  const error = new HttpError(
    `${host} answered HTTP ${response.status}${reason} for ${request.url}`,
    response.status,
    response.url || request.url,
    bodyText,
  );
  if (retryAfterMs !== undefined && response.status >= 500) retryAfterByError.set(error, retryAfterMs);
  return error;
}

export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function abortErrorFor(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && isAbortError(reason)) return reason;
  return new DOMException('The request was cancelled.', 'AbortError');
}

function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortErrorFor(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortErrorFor(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
