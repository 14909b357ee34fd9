// PDFs and TEI are parsed in worker threads (parseWorker.ts, bundled as dist/parseWorker.js):
// a 200-page PDF must not block the extension host, and Cancel must not wait for it. Workers are
// kept for a while and reused (pdfjs loads once per worker). Each job is watched: its memory (JS
// heap and array buffers, as a decompression bomb inflates) is read every few ms, and over
// `fulltext.maxParseMemoryMb` the worker is stopped; an abort stops it between pages, or at once
// when it does not answer.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import PQueue from 'p-queue';
import { FulltextError } from './errors';
import type { FulltextDocument } from './model';
import type { ParseLimits, ParseReply, ParseRequest, ParseWorkerData, SerialisedError } from './parseProtocol';
import type { Settings } from '../settings/index';

export interface OffThreadOptions extends ParseLimits {
  maxMemoryMb: number;
  signal?: AbortSignal;
}

/** The limits of the settings, for a parse that `signal` may stop. */
export function parseOptions(settings: Settings, signal?: AbortSignal): OffThreadOptions {
  return {
    maxPages: settings['fulltext.maxPages'],
    maxTextChars: settings['fulltext.maxTextChars'],
    maxMemoryMb: settings['fulltext.maxParseMemoryMb'],
    signal,
  };
}

const IDLE_MS = 15_000;
const WATCH_MS = 20;
/** How long an aborted job may take to stop at its next page before its worker is stopped. */
const ABORT_GRACE_MS = 100;
/** How long an idle worker asked to end itself may take (a warm-up's page in progress) before it is stopped. */
const CLOSE_GRACE_MS = 10_000;
const MAX_WORKERS = Math.max(1, Math.min(4, availableParallelism()));
/** Prewarmed workers that read a made-up PDF while the real ones download: a core is left to the main thread. */
const PDF_WARMUPS = Math.max(1, availableParallelism() - 1);

interface Slot {
  worker: Worker;
  memoryMb: number;
  idleTimer?: ReturnType<typeof setTimeout>;
  /** It was sent made-up XML to read (prewarmXmlReader), so XML jobs go to it. */
  xmlWarm: boolean;
  /** It loaded pdf.js as it started, so PDF jobs go to it first. */
  pdfjs: boolean;
}

let workerPath: string | undefined;
let workersStarted = 0;

/** How many parse workers this process has started (tests: a repeat whose readings are cached starts none). */
export function parseWorkersStarted(): number {
  return workersStarted;
}

/** dist/parseWorker.js, found from the bundle that runs (dist/, dist/bench/, out/test/unit/ and its subfolders). */
function workerFile(): string {
  if (workerPath) return workerPath;
  for (let dir = __dirname, i = 0; i < 8; i++, dir = dirname(dir)) {
    for (const candidate of [join(dir, 'parseWorker.js'), join(dir, 'dist', 'parseWorker.js')]) {
      if (existsSync(candidate)) return (workerPath = candidate);
    }
  }
  throw new Error(`the document reader (parseWorker.js) is missing beside ${__dirname}; run the build again`);
}

const idle: Slot[] = [];
const waiting: (() => void)[] = [];
let busy = 0;
let nextId = 1;

/** The PDF's text, read in a worker; FulltextError as extractWithPdfjs would throw. */
export function parsePdfOffThread(bytes: Uint8Array, options: OffThreadOptions): Promise<FulltextDocument> {
  // A copy the worker can own: the caller's bytes (often a view into the cache's buffer) stay put.
  const own = bytes.slice();
  return runJob({ kind: 'pdf', bytes: own }, options, [own.buffer as ArrayBuffer]);
}

/**
 * XML readings take tens of ms: one at a time, on one worker. Side by side, two cold workers
 * contend for the two cores and four JATS took 124–141 ms where one worker took 104–114.
 */
const xmlLane = new PQueue({ concurrency: 1 });

/** A GROBID TEI document, read in a worker; FulltextError('malformed-tei') as parseTei would throw. */
export function parseTeiOffThread(xml: string, options: OffThreadOptions): Promise<FulltextDocument> {
  return xmlLane.add(() => runJob({ kind: 'tei', xml }, options, []), { signal: options.signal });
}

/** A bioRxiv/medRxiv JATS full text, read in a worker; FulltextError('malformed-jats') as parseJats would throw. */
export function parseJatsOffThread(xml: string, options: OffThreadOptions): Promise<FulltextDocument> {
  return xmlLane.add(() => runJob({ kind: 'jats', xml }, options, []), { signal: options.signal });
}

async function runJob(
  job: { kind: 'pdf'; bytes: Uint8Array } | { kind: 'tei' | 'jats'; xml: string },
  options: OffThreadOptions,
  transfer: ArrayBuffer[],
): Promise<FulltextDocument> {
  options.signal?.throwIfAborted();
  if (busy >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  busy++;
  try {
    options.signal?.throwIfAborted();
    const slot = take(options.maxMemoryMb, job.kind !== 'pdf');
    if (job.kind === 'pdf') slot.pdfjs = true; // loaded by this job, if not before
    const request: ParseRequest = { type: 'parse', id: nextId++, limits: { maxPages: options.maxPages, maxTextChars: options.maxTextChars }, ...job };
    return await runOn(slot, request, options, transfer);
  } finally {
    busy--;
    waiting.shift()?.();
  }
}

/**
 * Starts a worker ahead of the first document, so its start-up (loading pdfjs: ~100 ms in a new
 * process) overlaps the downloads and GROBID instead of following them. With `all`, as many as
 * may parse at once: for PDFs on their way from the network, which come together, and a worker
 * started when they arrive delays its PDF by its whole start-up. Not before: a run whose
 * documents are all in the cache needs none, and on two cores their start-up slows it.
 */
export function prewarmParseWorker(settings: Settings, options: { all?: boolean; forXml?: boolean } = {}): void {
  const memoryMb = settings['fulltext.maxParseMemoryMb'];
  const ready = busy + idle.filter((slot) => slot.memoryMb === memoryMb).length;
  try {
    for (let started = ready; started < (options.all ? MAX_WORKERS : 1); started++) {
      const slot = spawn(memoryMb, !options.forXml);
      // A PDF is on its way: the first worker reads a made-up one meanwhile (pdfWarmup.ts). Only
      // as many as leave a core to the main thread, which handles the answers arriving meanwhile.
      if (!options.forXml && started - ready < PDF_WARMUPS) slot.worker.postMessage({ type: 'warm-pdf' } satisfies ParseRequest);
      putBack(slot);
    }
  } catch {
    // No worker file (a broken build): the first real parse says so.
  }
}

/**
 * A worker for the XML reading about to come, told to read made-up XML (xmlWarmup.ts) while the
 * real document is on the network: a new worker's first readings run cold code, and the download
 * gives it the time to compile. Once per worker; nothing when every worker is busy.
 */
export function prewarmXmlReader(settings: Settings): void {
  prewarmParseWorker(settings, { forXml: true });
  const memoryMb = settings['fulltext.maxParseMemoryMb'];
  const fits = idle.filter((slot) => slot.memoryMb === memoryMb);
  const slot = fits[0];
  if (!slot || fits.some((warmed) => warmed.xmlWarm)) return;
  slot.xmlWarm = true;
  slot.worker.postMessage({ type: 'warm-xml' } satisfies ParseRequest);
}

/**
 * Ends the idle workers now instead of after IDLE_MS: before a CLI process exits, and in tests (the
 * next run starts as a new process would). Each is asked to end itself and waited for (at most
 * CLOSE_GRACE_MS, then stopped). A worker stopped from outside, as Node stops those still running
 * when its process exits, may be stopped while pdf.js is making a native decompression stream,
 * between creating it and initialising it; Node 24 then aborts the whole process as it cleans the
 * stream up ("close before init", node_zlib.cc). A worker reads the message between two steps of
 * its work, where nothing is half made.
 */
export async function stopIdleParseWorkers(): Promise<{ endedThemselves: number; stopped: number }> {
  const stopping = idle.splice(0).map((slot) => new Promise<'ended' | 'stopped'>((resolve) => {
    clearTimeout(slot.idleTimer);
    let stoppedFromOutside = false;
    // Referenced again: the process waits for its workers to end rather than stopping them as it exits.
    slot.worker.ref();
    const late = setTimeout(() => {
      stoppedFromOutside = true;
      void slot.worker.terminate().then(() => resolve('stopped'));
    }, CLOSE_GRACE_MS);
    slot.worker.once('exit', () => {
      clearTimeout(late);
      resolve(stoppedFromOutside ? 'stopped' : 'ended');
    });
    slot.worker.postMessage({ type: 'close' } satisfies ParseRequest);
  }));
  const outcomes = await Promise.all(stopping);
  const endedThemselves = outcomes.filter((o) => o === 'ended').length;
  return { endedThemselves, stopped: outcomes.length - endedThemselves };
}

function take(memoryMb: number, xml: boolean): Slot {
  const ready = idle.findIndex((slot) => slot.memoryMb === memoryMb && (xml ? slot.xmlWarm : slot.pdfjs));
  const index = ready >= 0 ? ready : idle.findIndex((slot) => slot.memoryMb === memoryMb);
  const slot = index >= 0 ? idle.splice(index, 1)[0]! : spawn(memoryMb, !xml);
  clearTimeout(slot.idleTimer);
  slot.worker.ref();
  return slot;
}

/** `loadPdfjs`: load pdf.js as it starts (a PDF is coming); a worker started for XML loads it on its first PDF, if any. */
function spawn(memoryMb: number, loadPdfjs: boolean): Slot {
  // The heap limit is the second line: JS objects past it end the worker, not the process.
  const workerData: ParseWorkerData = { loadPdfjs };
  const worker = new Worker(workerFile(), { resourceLimits: { maxOldGenerationSizeMb: memoryMb }, workerData });
  workersStarted++;
  return { worker, memoryMb, pdfjs: loadPdfjs, xmlWarm: false };
}

function putBack(slot: Slot): void {
  slot.worker.unref();
  slot.idleTimer = setTimeout(() => {
    const at = idle.indexOf(slot);
    if (at >= 0) idle.splice(at, 1);
    void slot.worker.terminate();
  }, IDLE_MS);
  slot.idleTimer.unref();
  idle.push(slot);
}

function runOn(slot: Slot, request: Extract<ParseRequest, { type: 'parse' }>, options: OffThreadOptions, transfer: ArrayBuffer[]): Promise<FulltextDocument> {
  const { worker } = slot;
  const limitBytes = options.maxMemoryMb * 1024 * 1024;
  return new Promise<FulltextDocument>((resolve, reject) => {
    let settled = false;
    let abandoned: ReturnType<typeof setTimeout> | undefined;
    const done = (keepWorker: boolean) => {
      clearInterval(watch);
      clearTimeout(abandoned);
      options.signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keepWorker) putBack(slot);
      else void worker.terminate();
    };
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    const onMessage = (reply: ParseReply) => {
      if (reply.id !== request.id) return;
      done(true);
      settle(() => (reply.ok ? resolve(reply.document) : reject(revive(reply.error))));
    };
    const onError = (error: Error & { code?: string }) => {
      done(false);
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooMuchMemory(options.maxMemoryMb, error) : new FulltextError('corrupt', `the document could not be read (${error.message})`, { cause: error })));
    };
    const onExit = (code: number) => {
      done(false);
      settle(() => reject(new FulltextError('corrupt', `the document reader stopped (exit code ${code})`)));
    };
    const onAbort = () => {
      worker.postMessage({ type: 'abort', id: request.id } satisfies ParseRequest);
      settle(() => reject(abortReason(options.signal)));
      // Stopped at its next page, the worker answers and is kept; otherwise it is ended.
      abandoned = setTimeout(() => done(false), ABORT_GRACE_MS);
    };
    const watch = setInterval(() => {
      worker.getHeapStatistics().then(
        (stats) => {
          if (settled || stats.used_heap_size + stats.external_memory <= limitBytes) return;
          done(false);
          settle(() => reject(tooMuchMemory(options.maxMemoryMb)));
        },
        () => undefined, // the worker is ending already
      );
    }, WATCH_MS);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.postMessage(request, transfer);
  });
}

function tooMuchMemory(mb: number, cause?: unknown): FulltextError {
  return new FulltextError('too-large', `reading the document took more than ${mb} MB of memory (fulltext.maxParseMemoryMb), so it was stopped; a decompression bomb?`, { cause });
}

function revive(error: SerialisedError): Error {
  if (error.reason) return new FulltextError(error.reason, error.message);
  if (error.name === 'AbortError') return new DOMException(error.message, 'AbortError');
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}

function abortReason(signal: AbortSignal | undefined): unknown {
  const reason: unknown = signal?.reason;
  return reason instanceof Error || reason instanceof DOMException ? reason : new DOMException('The parse was cancelled.', 'AbortError');
}
