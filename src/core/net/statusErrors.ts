// What a failed answer means: the error a status becomes (429 says so, with the wait asked for),
// the Retry-After kept beside it, whether another try is worth it, and a remembered "no such
// record". Split from http.ts, which sends; this file only judges what came back.
import { hostOf, NetworkError, UnsupportedUrlError, withoutSecrets } from './errors';
import { HttpError, isAbortError, RateLimitedError, TooLargeError, type HttpRequest } from './types';
import type { WireAnswer } from './transport';

const MAX_ERROR_BODY_CHARS = 64 * 1024;

/** Statuses by which an authority says it has no such record: worth remembering. */
export const NOT_FOUND = [404, 410];

export function notFoundFromCache(request: HttpRequest, hit: { status: number; url: string; body: Uint8Array }): HttpError {
  return new HttpError(
    `${hostOf(request.url)} answered HTTP ${hit.status} for ${withoutSecrets(request.url)} (remembered from an earlier run)`,
    hit.status,
    hit.url,
    new TextDecoder().decode(hit.body),
    request.service,
  );
}

export function isRetryable(error: Error, request: HttpRequest): boolean {
  if (isAbortError(error) || error instanceof TooLargeError || error instanceof UnsupportedUrlError) return false;
  if (request.refusedIsFinal && error instanceof NetworkError && error.failure === 'refused') return false;
  if (error instanceof HttpError) {
    return error.status === 429 || error.status >= 500 || (request.retryStatuses ?? []).includes(error.status);
  }
  return true; // network failures and timeouts are worth another try
}

/** Retry-After (ms) that came with a failed response, kept beside the error it caused. */
const retryAfterByError = new WeakMap<HttpError, number>();

export function retryAfterOf(error: HttpError): number | undefined {
  return retryAfterByError.get(error);
}

export function statusError(request: HttpRequest, response: WireAnswer): HttpError {
  const host = hostOf(request.url);
  const bodyText = new TextDecoder().decode(response.body).slice(0, MAX_ERROR_BODY_CHARS);
  const retryAfterMs = parseRetryAfter(response.headers['retry-after'] ?? null);
  if (response.status === 429) {
    const hint =
      retryAfterMs !== undefined
        ? `it asks to wait ${Math.ceil(retryAfterMs / 1000)} s`
        : 'no Retry-After given; wait a minute before trying again';
    const error = new RateLimitedError(`Rate limited by ${host} (HTTP 429): ${hint}.`, 429, response.url || request.url, bodyText, request.service);
    if (retryAfterMs !== undefined) retryAfterByError.set(error, retryAfterMs);
    return error;
  }
  const reason = response.statusText ? ` ${response.statusText}` : '';
  const error = new HttpError(
    `${host} answered HTTP ${response.status}${reason} for ${withoutSecrets(request.url)}`,
    response.status,
    response.url || request.url,
    bodyText,
    request.service,
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
