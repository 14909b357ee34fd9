// A fetch Response's body read under a size limit (transport.ts), and the HttpResponse record.
import { TooLargeError, type HttpResponse } from './types';
import { withoutSecrets } from './errors';

/** Reads the body, refusing more than `maxBytes` (declared or streamed). */
export async function readBody(response: Response, maxBytes: number | undefined): Promise<Uint8Array> {
  const limit = maxBytes ?? Infinity;
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw new TooLargeError(`${withoutSecrets(response.url)} is ${megabytes(declared)}, over the ${megabytes(limit)} limit.`);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new TooLargeError(`${withoutSecrets(response.url)} sent more than the ${megabytes(limit)} limit.`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;
}

export function makeResponse(
  status: number,
  url: string,
  headers: Record<string, string>,
  body: Uint8Array,
  fromCache: boolean,
): HttpResponse {
  return { status, url, headers, body, fromCache, text: () => new TextDecoder().decode(body) };
}
