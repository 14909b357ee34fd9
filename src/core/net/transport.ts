// What carries one HTTP attempt to the wire and back: a request in, the whole answer out (its
// body read under a size limit). http.ts owns everything around it (cache, pacing, retries,
// timeouts). Two carriers: node:http (nodeTransport.ts, the default) and fetch, which sends the
// multipart forms node:http has no encoder for (GROBID's upload) and any fetch a caller injects.
import { readBody } from './body';

export interface WireRequest {
  url: string;
  method: 'GET' | 'POST';
  /** Lower-case names. */
  headers: Record<string, string>;
  body?: FormData | string | Uint8Array;
  signal: AbortSignal;
  /** A larger body (declared or streamed) fails with TooLargeError. */
  maxBytes: number;
  /** Called once the answer's status and headers are in, before its body. */
  onHeaders?: (answer: WireHead) => void;
  /** Called when the request has left: written to the connection (node:http), or handed to fetch. */
  onSent?: () => void;
}

export interface WireHead {
  status: number;
  statusText: string;
  /** The URL that answered, after redirects. */
  url: string;
  redirected: boolean;
  /** Lower-case names. */
  headers: Record<string, string>;
}

export interface WireAnswer extends WireHead {
  body: Uint8Array;
}

export type Transport = (request: WireRequest) => Promise<WireAnswer>;

/** A carrier over `fetch` (the global one, or one a test injects). */
export function fetchTransport(fetchImpl: typeof fetch): Transport {
  return async (request) => {
    request.onSent?.();
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body as BodyInit | undefined,
      redirect: 'follow',
      signal: request.signal,
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    const { status, statusText, redirected } = response;
    const head: WireHead = { status, statusText, url: response.url || request.url, redirected, headers };
    request.onHeaders?.(head);
    if (response.status === 204) return { ...head, body: new Uint8Array() };
    return { ...head, body: await readBody(response, request.maxBytes) };
  };
}

/**
 * node:http for what it can send, fetch for multipart forms. The body's type is told without
 * naming FormData: that global loads fetch's whole client, which is what node:http spares.
 */
export function preferredTransport(nodeTransport: Transport, fallback: Transport): Transport {
  return (request) => {
    const { body } = request;
    const plain = body === undefined || typeof body === 'string' || body instanceof Uint8Array;
    return plain ? nodeTransport(request) : fallback(request);
  };
}
