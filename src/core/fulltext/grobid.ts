// The client of a local GROBID server. Calls go through the HttpClient (5xx, such as GROBID's
// 503 "busy", are retried there with backoff). This module adds what is GROBID-specific: a
// cached liveness probe, bounded concurrency, one deadline per document (retries included),
// consolidation kept off so nothing leaves the machine, and a TEI cache keyed by the PDF's
// SHA-512 (net/contentDigest.ts: the HTTP cache's index holds it for a cached PDF, so a re-run
// finds the TEI without reading the PDF) so a re-run never reprocesses a paper.
import PQueue from 'p-queue';
import type { Settings } from '../settings/index';
import { contentDigest } from '../net/contentDigest';
import { TEI_KEY_PREFIX } from '../net/cacheSweep';
import type { CoreDeps } from '../deps';
import { HttpError, isAbortError, TimeoutError, TooLargeError } from '../net/types';
import { FulltextError } from './errors';
import type { FulltextDocument } from './model';
import { parseOptions, parseTeiOffThread } from './parsePool';
import { readStoredText, storeText } from '../net/readings';
import { readStoredDocument, writeStoredDocument } from './pdfjsCache';

/** How long a liveness answer is trusted. */
export const ALIVE_TTL_MS = 60_000;

/** The processFulltextDocument form fields (besides `input`): local only, sentences on. */
const GROBID_PARAMS: Readonly<Record<string, string>> = {
  consolidateHeader: '0',
  consolidateCitations: '0',
  segmentSentences: '1',
};

/**
 * Cache-key version: bump when the parameters or the TEI → model mapping change meaning, or the
 * key does (v1 was keyed by SHA-256; v2 by SHA-512).
 */
const TEI_CACHE_VERSION = 'v2';

export function grobidEnabled(settings: Settings): boolean {
  return settings['grobid.enabled'] && settings['grobid.url'].trim() !== '';
}

/** Per-attempt timeout of a processing call: a paper takes GROBID seconds, not milliseconds. */
function grobidTimeoutMs(settings: Settings): number {
  return Math.max(settings['http.timeoutMs'], 1) * 6;
}

function probeTimeoutMs(settings: Settings): number {
  return Math.min(Math.max(settings['http.timeoutMs'], 1), 3_000);
}

function baseUrl(settings: Settings): string {
  return settings['grobid.url'].trim().replace(/\/+$/, '');
}

// ---- liveness ---------------------------------------------------------------------------

const probes = new Map<string, { alive: Promise<boolean>; at: number; settled?: boolean }>();
/** The error status a GROBID URL's last probe got: it runs, but refuses (a proxy's 401/403) or fails. */
const probeStatuses = new Map<string, string>();

/** Forgets cached liveness answers (tests; or after the user changes settings). */
export function resetGrobidState(): void {
  probes.clear();
  probeStatuses.clear();
  queues.clear();
}

function remember(settings: Settings, alive: boolean): void {
  probes.set(baseUrl(settings), { alive: Promise.resolve(alive), at: Date.now(), settled: alive });
}

/** True only when this process saw GROBID answer within ALIVE_TTL_MS; no request is made. */
export function grobidKnownAlive(settings: Settings): boolean {
  if (!grobidEnabled(settings)) return false;
  const cached = probes.get(baseUrl(settings));
  return cached !== undefined && cached.settled === true && Date.now() - cached.at < ALIVE_TTL_MS;
}

/** GET /api/isalive, answered from a cache for ALIVE_TTL_MS; concurrent callers share one probe. */
export function isGrobidAlive(deps: CoreDeps): Promise<boolean> {
  if (!grobidEnabled(deps.settings)) return Promise.resolve(false);
  const url = baseUrl(deps.settings);
  const cached = probes.get(url);
  if (cached && Date.now() - cached.at < ALIVE_TTL_MS) return cached.alive;
  // A probe queued behind long documents would time out and call a busy GROBID dead.
  if (queueFor(deps.settings).pending > 0) return Promise.resolve(true);
  const alive = probe(url, deps);
  const entry: { alive: Promise<boolean>; at: number; settled?: boolean } = { alive, at: Date.now() };
  probes.set(url, entry);
  alive.then((answer) => (entry.settled = answer), () => undefined);
  return alive;
}

async function probe(url: string, deps: CoreDeps): Promise<boolean> {
  // One deadline over all attempts: a GROBID that is not there must not hold up the pipeline.
  const deadline = AbortSignal.timeout(probeTimeoutMs(deps.settings));
  const signal = deps.signal ? AbortSignal.any([deps.signal, deadline]) : deadline;
  try {
    const response = await deps.http.request({
      service: 'grobid',
      url: `${url}/api/isalive`,
      cache: false,
      timeoutMs: probeTimeoutMs(deps.settings),
      // Nothing listening on GROBID's port means it is not running: pdfjs reads the PDF at once.
      refusedIsFinal: true,
      signal,
    });
    probeStatuses.delete(url);
    return response.status === 200 && response.text().trim().toLowerCase() !== 'false';
  } catch (error) {
    if (deps.signal?.aborted) {
      probes.delete(url); // the caller gave up; that says nothing about GROBID
      throw error;
    }
    if (error instanceof HttpError) probeStatuses.set(url, `HTTP ${error.status}`);
    else probeStatuses.delete(url);
    return false;
  }
}

/**
 * Why GROBID is not used, for a notice: "is not running", or, when something answered its
 * liveness check with an error status (a 403 from an authenticating proxy), that status.
 */
export function grobidDownNotice(settings: Settings): string {
  const status = probeStatuses.get(baseUrl(settings));
  const why = status ? `answered its liveness check with ${status}` : 'is not running';
  return `GROBID at ${settings['grobid.url']} ${why}; read the PDF in-process`;
}

// ---- processing -------------------------------------------------------------------------

const queues = new Map<string, PQueue>();

function queueFor(settings: Settings): PQueue {
  const concurrency = Math.max(1, settings['grobid.concurrency']);
  const key = `${baseUrl(settings)}|${concurrency}`;
  let queue = queues.get(key);
  if (!queue) queues.set(key, (queue = new PQueue({ concurrency })));
  return queue;
}

/** `pdfDigest` is the PDF's `contentDigest`. */
export function teiCacheKey(pdfDigest: string): string {
  return `${TEI_KEY_PREFIX}${TEI_CACHE_VERSION}:${pdfDigest}`;
}

/**
 * The parsed document, kept beside its TEI (same key prefix, so the cache sweep treats it as
 * TEI): reading TEI again costs 15–45 ms a paper, JSON well under one. Bump DOCUMENT_VERSION
 * whenever parseTei changes what it builds.
 */
const DOCUMENT_VERSION = 'd2';

function documentCacheKey(teiKey: string): string {
  return `${teiKey}:${DOCUMENT_VERSION}`;
}

/** The document from the cache, when GROBID read the PDF of this `contentDigest` before; undefined otherwise. */
export async function cachedGrobidDocument(pdfDigest: string, deps: CoreDeps): Promise<FulltextDocument | undefined> {
  const cacheDir = deps.http.cacheDir;
  if (!cacheDir) return undefined;
  const key = teiCacheKey(pdfDigest);
  // A torn or foreign reading: the TEI is parsed again.
  const stored = await readStoredDocument(cacheDir, documentCacheKey(key));
  if (stored) return stored;
  const tei = await readStoredText(cacheDir, key);
  if (tei === undefined) return undefined;
  const document = await parseTeiOffThread(tei, parseOptions(deps.settings, deps.signal));
  void cacheDocument(cacheDir, key, document); // behind: see processAndRead
  return document;
}

function cacheDocument(dir: string, teiKey: string, document: FulltextDocument): Promise<void> {
  return writeStoredDocument(dir, documentCacheKey(teiKey), document);
}

/** The same PDF asked for twice at once (a preprint and its published copy) is read once. */
const inFlight = new Map<string, Promise<FulltextDocument>>();

/**
 * Full text of a PDF through GROBID, from the TEI cache when this PDF was processed before.
 * `pdfDigest` is the PDF's `contentDigest`, when the caller has it already.
 */
export async function grobidDocument(pdf: Uint8Array, deps: CoreDeps, pdfDigest = contentDigest(pdf)): Promise<FulltextDocument> {
  const cached = await cachedGrobidDocument(pdfDigest, deps);
  if (cached) return cached;
  const key = teiCacheKey(pdfDigest);
  let pending = inFlight.get(key);
  if (!pending) {
    const processing = processAndRead(pdf, key, deps);
    pending = processing.then((read) => read.document);
    inFlight.set(key, pending);
    // Shared until the TEI is on disk: an asker in between neither misses the cache nor sends the PDF again.
    processing.then((read) => read.stored, () => undefined).finally(() => inFlight.delete(key));
  }
  return pending;
}

interface TeiReading {
  document: FulltextDocument;
  /** Resolves once the TEI and its reading are on disk (or could not be written). */
  stored: Promise<unknown>;
}

async function processAndRead(pdf: Uint8Array, key: string, deps: CoreDeps): Promise<TeiReading> {
  const cacheDir = deps.http.cacheDir;
  const tei = await queueFor(deps.settings).add(() => processFulltext(pdf, deps), { signal: deps.signal });
  // In a worker thread; throws on malformed TEI, which is then never cached.
  const document = await parseTeiOffThread(tei, parseOptions(deps.settings, deps.signal)).catch((error: unknown) => {
    if (!(error instanceof FulltextError)) throw error;
    throw new FulltextError(error.reason, `GROBID's answer could not be used: ${error.message}`, { cause: error });
  });
  // Written behind the scoring: the run waits for them at its end (readingWritesSettled), the paper does not.
  const stored = cacheDir ? Promise.all([storeText(cacheDir, key, tei), cacheDocument(cacheDir, key, document)]) : Promise.resolve();
  return { document, stored };
}

/** POST /api/processFulltextDocument; the TEI text, or a FulltextError saying why not. */
export async function processFulltext(pdf: Uint8Array, deps: CoreDeps): Promise<string> {
  const timeoutMs = grobidTimeoutMs(deps.settings);
  const deadline = AbortSignal.timeout(Math.round(timeoutMs * 1.5));
  const signal = deps.signal ? AbortSignal.any([deps.signal, deadline]) : deadline;
  const form = new FormData();
  form.append('input', new Blob([pdf.slice()], { type: 'application/pdf' }), 'paper.pdf');
  for (const [name, value] of Object.entries(GROBID_PARAMS)) form.append(name, value);
  try {
    const response = await deps.http.request({
      service: 'grobid',
      url: `${baseUrl(deps.settings)}/api/processFulltextDocument`,
      method: 'POST',
      accept: 'application/xml',
      body: form,
      timeoutMs,
      signal,
    });
    remember(deps.settings, true);
    if (response.status === 204 || response.body.byteLength === 0) {
      throw new FulltextError('grobid-no-text', 'GROBID could not extract any text from the PDF (HTTP 204)');
    }
    return response.text();
  } catch (error) {
    if (deps.signal?.aborted || (isAbortError(error) && !deadline.aborted)) throw error;
    throw grobidError(error, deps.settings, deadline.aborted);
  }
}

function grobidError(error: unknown, settings: Settings, deadlinePassed: boolean): unknown {
  if (error instanceof FulltextError) return error;
  const url = baseUrl(settings);
  if (deadlinePassed || error instanceof TimeoutError) {
    return new FulltextError('grobid-timeout', `GROBID at ${url} did not answer in time`, { cause: error });
  }
  if (error instanceof TooLargeError) {
    return new FulltextError('too-large', `GROBID's TEI for this PDF is over the ${settings['http.maxResponseMb']} MB limit (http.maxResponseMb)`, { cause: error });
  }
  if (error instanceof HttpError) {
    const busy = error.status === 503 ? ' (still busy after retries)' : '';
    return new FulltextError('grobid-failed', `GROBID at ${url} answered HTTP ${error.status}${busy}`, { cause: error });
  }
  remember(settings, false); // connection refused or reset: skip GROBID for a while
  const message = error instanceof Error ? error.message : String(error);
  return new FulltextError('grobid-down', `GROBID at ${url} is unreachable: ${message}`, { cause: error });
}
