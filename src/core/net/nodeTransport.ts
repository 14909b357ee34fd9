// One HTTP attempt over node:http / node:https. fetch() loads its own HTTP client (undici) on
// first use, which a new CLI process pays on its first search request (42–61 ms measured, against
// 9–14 ms for node:http: docs/measurements.md); node:http is already in the process. It does what
// fetch did for us: keep-alive connections, redirects (at most 20, http(s) only), gzip / deflate /
// brotli answers, a size limit while reading, and cancellation. Socket failures are reported in
// fetch's shape (TypeError "fetch failed" or "terminated" with the cause), which errors.ts words.
import * as http from 'node:http';
import * as https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate, constants as zlib } from 'node:zlib';
import type { Readable } from 'node:stream';
import { TooLargeError } from './types';
import { withoutSecrets } from './errors';
import { megabytes } from './body';
import type { Transport, WireAnswer, WireHead, WireRequest } from './transport';

const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Idle connections are unref'd by Node's agent, so they never keep a finished CLI alive.
const AGENTS = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

export const nodeTransport: Transport = async (request) => {
  let current = { url: request.url, method: request.method, body: request.body as string | Uint8Array | undefined };
  for (let hop = 0; ; hop++) {
    const answer = await exchange(request, current.url, current.method, current.body, hop > 0);
    const location = REDIRECTS.has(answer.status) ? answer.headers.location : undefined;
    if (location === undefined) return answer;
    if (hop === MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error(`more than ${MAX_REDIRECTS} redirects`) });
    const next = new URL(location, current.url);
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw new TypeError('fetch failed', { cause: new Error(`redirected to a ${next.protocol} URL`) });
    }
    // As fetch does: a 303, or a 301/302 after a POST, is followed with a GET and no body.
    const toGet = answer.status === 303 || ((answer.status === 301 || answer.status === 302) && current.method === 'POST');
    current = { url: next.href, method: toGet ? 'GET' : current.method, body: toGet ? undefined : current.body };
  }
};

/** One request and its answer; a redirect's body is skipped, not read. */
function exchange(
  request: WireRequest,
  url: string,
  method: string,
  body: string | Uint8Array | undefined,
  redirected: boolean,
): Promise<WireAnswer> {
  const { signal } = request;
  return new Promise<WireAnswer>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const target = new URL(url);
    const agent = AGENTS[target.protocol as keyof typeof AGENTS];
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...request.headers };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const client = target.protocol === 'https:' ? https : http;
    const outgoing = client.request(target, { method, headers, agent });
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      outgoing.destroy();
      reject(error);
    };
    const onAbort = () => fail(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', (error) => fail(new TypeError('fetch failed', { cause: error })));
    outgoing.on('response', (incoming) => {
      const head: WireHead = {
        status: incoming.statusCode ?? 0,
        statusText: incoming.statusMessage ?? '',
        url,
        redirected,
        headers: flatHeaders(incoming.headers),
      };
      const finish = (bytes: Uint8Array) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        resolve({ ...head, body: bytes });
      };
      if (REDIRECTS.has(head.status) && head.headers.location !== undefined) {
        incoming.resume();
        return finish(new Uint8Array());
      }
      request.onHeaders?.(head);
      readLimited(incoming, head, request.maxBytes).then(finish, fail);
    });
    // The first hop's departure is the one a paced host sees.
    if (!redirected) outgoing.once('finish', () => request.onSent?.());
    outgoing.end(body);
  });
}

/** The body, decoded as its Content-Encoding says, refused past `maxBytes` (declared or read). */
async function readLimited(incoming: http.IncomingMessage, head: WireHead, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(head.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    incoming.destroy();
    throw new TooLargeError(`${withoutSecrets(head.url)} is ${megabytes(declared)}, over the ${megabytes(maxBytes)} limit.`);
  }
  if (head.status === 204 || head.status === 304) {
    incoming.resume();
    return new Uint8Array();
  }
  const stream = decoded(incoming, head.headers['content-encoding']);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.byteLength;
      if (total > maxBytes) {
        incoming.destroy();
        throw new TooLargeError(`${withoutSecrets(head.url)} sent more than the ${megabytes(maxBytes)} limit.`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof TooLargeError) throw error;
    throw new TypeError('terminated', { cause: error });
  }
  const whole = Buffer.concat(chunks, total);
  return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
}

function decoded(incoming: http.IncomingMessage, encoding: string | undefined): Readable {
  // Lenient flushing, as fetch is: a stream cut at its very end still yields what it holds.
  const options = { flush: zlib.Z_SYNC_FLUSH, finishFlush: zlib.Z_SYNC_FLUSH };
  const coding = encoding?.trim().toLowerCase();
  const decoder = coding === 'gzip' || coding === 'x-gzip' ? createGunzip(options)
    : coding === 'deflate' ? createInflate(options)
      : coding === 'br' ? createBrotliDecompress({ flush: zlib.BROTLI_OPERATION_FLUSH, finishFlush: zlib.BROTLI_OPERATION_FLUSH })
        : undefined;
  if (!decoder) return incoming;
  incoming.on('error', (error) => decoder.destroy(error));
  return incoming.pipe(decoder);
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
