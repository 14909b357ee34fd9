// The parse worker (bundled as dist/parseWorker.js): reads PDFs with pdfjs and GROBID TEI off the
// main thread, so a long or hostile document never blocks the extension host or a Ctrl-C. One job
// at a time; an abort message stops a PDF between pages. Limits on pages and text are applied
// here; memory is watched from the main thread (parsePool.ts), which can stop this worker.
import * as nodeModule from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { extractWithPdfjs, loadPdfjs, warmupFonts } from './pdfjs';
import { parseTei } from './tei';
import { parseJats } from './jats';
import { limitDocument } from './limits';
import { madeUpJats } from './xmlWarmup';
import { madeUpPdf } from './pdfWarmup';
import { FulltextError } from './errors';
import type { ParseReply, ParseRequest, ParseWorkerData, SerialisedError } from './parseProtocol';

const port = parentPort;
if (!port) throw new Error('parseWorker.js runs only as a worker thread.');

/**
 * Readings of the made-up article until a real job comes, at most this many. In a new process a
 * reading took 25, 10, 7, 6 … ms and settled at ~4 ms from about the 15th (out/xr scratch timing;
 * with fast-xml-parser 40, 24, 21, 12 … and ~7): the reader is compiled fully only then. Twenty
 * are ~130 ms of a worker's time during a download of hundreds; three (as before) left the medRxiv
 * claim's four real readings ~30 ms slower in the bench.
 */
const WARM_XML_ROUNDS = 20;
/** Readings of the made-up PDF until a real job comes (warmPdf). */
const WARM_PDF_ROUNDS = 2;

const jobs = new Map<number, AbortController>();
/** Aborted by the first real job: the warm-ups stop, a PDF's reading between its pages. */
const realJob = new AbortController();

// V8's compiled code of pdfjs is kept between processes (Node's compile cache, in the temp folder,
// checked against each file's contents): a new worker loads it in ~80 ms instead of ~130. It is
// turned on for this worker thread only (Node ≥ 22.1), never for the process that started it.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// pdf.js inflates a large stream with the platform's DecompressionStream (Node's zlib) when there is
// one, else in JavaScript: the same text, and no slower on the fixture papers (out/scratch timing,
// docs/measurements.md). A worker stopped from outside while a zlib stream is half made aborts its
// whole process in Node 24 ("close before init", node_zlib.cc), and a worker is stopped on a cancel
// or over its memory limit: so JavaScript, in this thread only.
(globalThis as { DecompressionStream?: unknown }).DecompressionStream = undefined;

// pdfjs is several MB of modules: loading it as the worker starts (prewarmed while the search and
// the PDF download are under way) keeps its second off the path of the first PDF. A worker started
// for XML (a JATS on its way) leaves it: ~15 MB and 80–130 ms of CPU that reading XML never needs.
const startedFor = workerData as ParseWorkerData | undefined;
if (startedFor?.loadPdfjs !== false) void loadPdfjs().catch(() => undefined); // a failure shows on the first real parse

port.on('message', (message: ParseRequest) => {
  if (message.type === 'abort') {
    jobs.get(message.id)?.abort(new DOMException('The parse was cancelled.', 'AbortError'));
    return;
  }
  if (message.type === 'warm-xml') {
    void warmXml();
    return;
  }
  if (message.type === 'warm-pdf') {
    void warmPdf();
    return;
  }
  // In a worker, process.exit ends this thread only, here, where no native stream is half made.
  if (message.type === 'close') process.exit(0);
  realJob.abort();
  void run(message);
});

/** Reads a made-up JATS a few times, yielding between readings and stopping when a real job comes. */
async function warmXml(): Promise<void> {
  const xml = madeUpJats();
  for (let round = 0; round < WARM_XML_ROUNDS && !realJob.signal.aborted; round++) {
    try {
      parseJats(xml);
    } catch {
      return; // never expected; the real job says what is wrong
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Reads a made-up PDF twice, stopping between pages when a real job comes. In new processes the
 * stand-in's bioRxiv PDF's first parse took a median 424 ms cold, 375 after two readings of the
 * two-page PDF with standard fonts, 268 after six pages with two CFF fonts embedded; five readings
 * did worse, still running when the real PDF came (docs/measurements.md, "A warm-up PDF with
 * embedded fonts"; bench/firstParse.ts measures it).
 */
async function warmPdf(): Promise<void> {
  const pdf = madeUpPdf(warmupFonts());
  for (let round = 0; round < WARM_PDF_ROUNDS && !realJob.signal.aborted; round++) {
    try {
      await extractWithPdfjs(pdf, { signal: realJob.signal });
    } catch {
      return; // stopped for a real job (or never expected: the real job says what is wrong)
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function run(request: Extract<ParseRequest, { type: 'parse' }>): Promise<void> {
  const controller = new AbortController();
  jobs.set(request.id, controller);
  let reply: ParseReply;
  try {
    const { limits } = request;
    const document =
      request.kind === 'pdf'
        ? await extractWithPdfjs(request.bytes, { signal: controller.signal, maxPages: limits.maxPages, maxChars: limits.maxTextChars })
        : request.kind === 'jats' ? parseJats(request.xml) : parseTei(request.xml);
    reply = { id: request.id, ok: true, document: limitDocument(document, limits.maxTextChars) };
  } catch (error) {
    reply = { id: request.id, ok: false, error: serialise(error) };
  } finally {
    jobs.delete(request.id);
  }
  port!.postMessage(reply);
}

function serialise(error: unknown): SerialisedError {
  if (error instanceof FulltextError) return { name: error.name, message: error.message, reason: error.reason };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
