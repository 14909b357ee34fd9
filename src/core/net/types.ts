// The one door to the network. Every remote call in the core goes through an HttpClient,
// which owns timeouts, retries with backoff, per-service pacing, the User-Agent, the
// on-disk cache and cancellation. Stages never call fetch() themselves.

/** Names a remote service, so pacing and retry policy follow the service, not the URL. */
export type ServiceName =
  | 'arxiv'
  | 'arxivBibtex'
  | 'europepmc'
  | 'biorxiv'
  | 'doi'
  | 'crossref'
  | 'dblp'
  | 'semanticscholar'
  | 'openalex'
  | 'datacite'
  | 'grobid'
  | 'pdf'
  | 'llm';

export interface HttpRequest {
  service: ServiceName;
  url: string;
  method?: 'GET' | 'POST';
  accept?: string;
  headers?: Record<string, string>;
  body?: FormData | string | Uint8Array;
  /** Overrides the client's default timeout for this call. */
  timeoutMs?: number;
  /**
   * A shorter limit for the response to begin (its headers), for answers that may take long to
   * download but not to start (PDFs): a host that never answers then costs this, not `timeoutMs`.
   */
  headersTimeoutMs?: number;
  signal?: AbortSignal;
  /** Cache the response body (GET only). Default true for GET. */
  cache?: boolean;
  /**
   * False when the caller has just found the cache without this answer (a `cacheOnly` request or
   * `cachedDigest` that missed): the request goes to the network without asking the disk again,
   * and its answer is still stored. On a first run each such read is a file miss that yields to
   * whatever else is waiting before the request can leave.
   */
  cacheRead?: boolean;
  /**
   * Also remember a 404/410 answer (an authority saying it has no such record) for a day, so
   * that a repeated run asks nothing at all. Only for lookups by identifier, never for searches.
   */
  cacheNotFound?: boolean;
  /**
   * True when a successful body means "nothing found" (a search with no hits): such an answer
   * is cached for an hour instead of `cache.ttlHours`, since new papers may match soon.
   */
  isEmpty?: (body: string) => boolean;
  /**
   * False for a successful answer that is not the service's (a maintenance page sent with 200):
   * it is returned, for the caller to refuse, but never cached, so the next run asks again.
   */
  isUsable?: (body: string) => boolean;
  /** Reject bodies larger than this (Content-Length and streamed size). */
  maxBytes?: number;
  /** Retry on these statuses too (e.g. GROBID's 503 is already covered; extra ones here). */
  retryStatuses?: number[];
  /**
   * A refused connection is the answer, not a hiccup worth retrying: a local service's liveness
   * probe, where nothing listening means it is not running (retrying would only delay the fallback).
   */
  refusedIsFinal?: boolean;
  /**
   * Answer from the on-disk cache or not at all: a miss throws NotCachedError and nothing is sent
   * (a batch asks its list request only for what no earlier answer holds).
   */
  cacheOnly?: boolean;
  /**
   * Told after each attempt that reached the network (not cache hits, not the caller's own
   * cancellation): undefined when the service answered, else the error. The run's circuit
   * breaker listens here, so it sees the first timeout, not only the last of the retries.
   */
  onAttempt?: (error: Error | undefined) => void;
  /**
   * Called when the cache has no answer, before anything is sent; throws to refuse the request
   * (the run's open circuit), so answers cached earlier are still served for a dead service.
   */
  beforeNetwork?: () => void;
  /**
   * The answer is handed back before it is written to the disk cache, and the write finishes
   * behind it: for a search, whose answer is all that stands between the claim and the first
   * candidates (a fresh process's first cache write costs tens of ms). A later request for the
   * same answer through this client waits for the write.
   */
  storeInBackground?: boolean;
  /**
   * Takes the request back while it waits for its turn (its service's queue, its start slot): it
   * rejects with an AbortError and is never sent. Once sent it runs to its answer, unlike
   * `signal`: a service that serves one request at a time (Crossref) is still serving it, so its
   * slot is not ours to give to the next request before the answer.
   */
  withdraw?: AbortSignal;
}

/**
 * How a lookup by identifier uses the cache: read it first (the default), answer from it alone
 * ('only'), or go straight to the network because the caller has just found nothing there ('skip-read').
 */
export type CacheUse = 'read' | 'only' | 'skip-read';

export function cacheUseOptions(use: CacheUse): Pick<HttpRequest, 'cacheOnly' | 'cacheRead'> {
  return { cacheOnly: use === 'only', cacheRead: use !== 'skip-read' };
}

export interface HttpResponse {
  status: number;
  /** Final URL after redirects. */
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
  fromCache: boolean;
  text(): string;
}

export interface HttpClient {
  /**
   * Resolves with any 2xx response (and 204). Throws HttpError for other statuses after
   * retries (network errors, 429 and 5xx are retried; other 4xx are not), RateLimitedError
   * for a final 429, TimeoutError, and an AbortError when the signal fires.
   */
  request(request: HttpRequest): Promise<HttpResponse>;
  /**
   * Keeps an answer that came another way (a record read out of a list answer) under `request`'s
   * cache key, as if `request` had been answered: a later run finds it without asking. A 404/410
   * is kept only for a request that says `cacheNotFound`. Absent where there is no cache.
   */
  remember?(request: HttpRequest, answer: HttpResponse | HttpError): Promise<void>;
  /**
   * What the cache holds for `request` (a GET), named by its body's SHA-512 (net/contentDigest.ts)
   * and read from the cache's index alone: the body is neither read nor checked. Undefined when
   * nothing, or only an expired answer, is cached. Work derived from a body (a PDF's reading) is
   * found by it without reading the body. Absent where there is no cache.
   */
  cachedDigest?(request: HttpRequest): Promise<CachedDigest | undefined>;
  /**
   * Resolves once every cache write under way (those of `storeInBackground` requests included)
   * has finished. Absent where there is no cache.
   */
  storesSettled?(): Promise<void>;
  /**
   * The folder this client keeps answers in; absent where there is no cache. Work derived from an
   * answer (its reading) is kept beside it, and only where the answer itself can be.
   */
  readonly cacheDir?: string;
}

/** A cached answer as its index knows it: status and content digest, no body. */
export interface CachedDigest {
  status: number;
  /** SHA-512 of the body, lowercase hex (net/contentDigest.ts). */
  digest: string;
}

/** A `cacheOnly` request the cache could not answer; nothing was sent. */
export class NotCachedError extends Error {
  override name = 'NotCachedError';
}

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    message: string,
    readonly status: number,
    readonly url: string,
    readonly bodyText: string,
    /** The service the request was made to, so a message can say "Crossref", not the host or mirror it went through. */
    readonly service?: ServiceName,
  ) {
    super(message);
  }
}

export class RateLimitedError extends HttpError {
  override name = 'RateLimitedError';
}

export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

export class TooLargeError extends Error {
  override name = 'TooLargeError';
}

/** True for the error an aborted signal produces, whatever threw it. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'CanceledError');
}

/** How requests to one service are paced: at most `concurrency` at once, `intervalMs` apart. */
export interface PacingPolicy {
  concurrency: number;
  /** Minimum milliseconds between two request starts; 0 = no spacing. */
  intervalMs: number;
}
