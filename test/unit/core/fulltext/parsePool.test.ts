// Parsing off the main thread (dist/parseWorker.js): the same documents as in-process, errors with
// their reasons, limits on pages, text and memory, and aborts that stop a long document. The
// hostile documents are generated here. Time and memory figures are in `npm run bench`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  parseJatsOffThread,
  parsePdfOffThread,
  parseTeiOffThread,
  parseWorkersStarted,
  prewarmParseWorker,
  prewarmXmlReader,
  stopIdleParseWorkers,
  type OffThreadOptions,
} from '../../../../src/core/fulltext/parsePool';
import { parseJats } from '../../../../src/core/fulltext/jats';
import { resolveSettings } from '../../../../src/core/settings/index';
import { extractWithPdfjs } from '../../../../src/core/fulltext/pdfjs';
import { parseTei } from '../../../../src/core/fulltext/tei';
import { FulltextError } from '../../../../src/core/fulltext';
import { bodyParagraphs } from '../../../../src/core/fulltext/model';
import { fixturePath } from '../../../standin/server';
import { billionLaughsTei, decompressionBombPdf, textPdf, unbrokenTextPages, xxeTei } from '../../../hostile/documents';

const LIMITS: OffThreadOptions = { maxPages: 300, maxTextChars: 2_000_000, maxMemoryMb: 512 };
const pdf = (name: string) => new Uint8Array(readFileSync(fixturePath('pdf', name)));

async function rejectsWith(promise: Promise<unknown>, reason: string, message: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof FulltextError, String(error));
    assert.equal(error.reason, reason);
    assert.match(error.message, message);
    return true;
  });
}

describe('parsing in a worker thread', function () {
  it('reads a PDF and a TEI exactly as in-process', async () => {
    const bytes = pdf('acl2020-specter-cs.pdf');
    assert.deepEqual(await parsePdfOffThread(bytes, LIMITS), await extractWithPdfjs(bytes));
    const xml = readFileSync(fixturePath('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml'), 'utf8');
    assert.deepEqual(await parseTeiOffThread(xml, LIMITS), parseTei(xml));
    assert.equal(bytes.byteLength > 0, true, "the caller's bytes are not taken by the worker");
  });

  it('a worker told to compile its XML reader (made-up JATS) reads the real JATS that comes meanwhile, as in-process', async () => {
    await stopIdleParseWorkers();
    const settings = resolveSettings({}, {});
    const started = parseWorkersStarted();
    prewarmXmlReader(settings);
    const xml = readFileSync(fixturePath('jats', 'pntd.0002065.xml'), 'utf8');
    // Sent while the worker starts and reads the made-up article: the warm-up yields to it.
    assert.deepEqual(await parseJatsOffThread(xml, LIMITS), parseJats(xml));
    prewarmXmlReader(settings); // once per worker, and it is idle again: nothing new starts
    assert.deepEqual(await parseJatsOffThread(xml, LIMITS), parseJats(xml));
    assert.equal(parseWorkersStarted() - started, 1, 'the JATS went to the worker that was told to warm up');
    // Started for XML, it did not load pdf.js; a PDF that comes its way after all is still read whole.
    const bytes = pdf('acl2020-specter-cs.pdf');
    assert.deepEqual(await parsePdfOffThread(bytes, LIMITS), await extractWithPdfjs(bytes));
    assert.equal(parseWorkersStarted() - started, 1);
  });

  it('workers told a PDF is coming (one reading a made-up PDF) read the real one that comes meanwhile, as in-process', async () => {
    await stopIdleParseWorkers();
    const started = parseWorkersStarted();
    prewarmParseWorker(resolveSettings({}, {}), { all: true });
    const spawned = parseWorkersStarted() - started;
    assert.ok(spawned >= 1, 'a worker starts ahead of the PDF');
    const bytes = pdf('jneuroengrehab2016-fes-hand-opening.pdf');
    // Sent while the first worker starts and reads the made-up PDF: the warm-up yields to it.
    assert.deepEqual(await parsePdfOffThread(bytes, LIMITS), await extractWithPdfjs(bytes));
    assert.equal(parseWorkersStarted() - started, spawned, 'read by a worker started ahead of it');
  });

  it('workers reading a made-up PDF end themselves when the process is done, none stopped from outside', async () => {
    // Stopped from outside while pdf.js makes a native decompression stream, a worker aborts its
    // whole process as Node cleans the stream up: a CLI run crashed so at its exit.
    await stopIdleParseWorkers();
    const started = parseWorkersStarted();
    prewarmParseWorker(resolveSettings({}, {}), { all: true });
    const spawned = parseWorkersStarted() - started;
    assert.ok(spawned >= 1);
    assert.deepEqual(await stopIdleParseWorkers(), { endedThemselves: spawned, stopped: 0 });
    assert.deepEqual(await stopIdleParseWorkers(), { endedThemselves: 0, stopped: 0 }, 'none is left');
  });

  it('brings back the reason of a bad document', async () => {
    await rejectsWith(parsePdfOffThread(pdf('bad/encrypted-aes256-naacl2018-p1.pdf'), LIMITS), 'encrypted', /needs a password/);
    await rejectsWith(parseTeiOffThread(xxeTei(), LIMITS), 'malformed-tei', /declares a DOCTYPE/);
    await rejectsWith(parseTeiOffThread(billionLaughsTei(), LIMITS), 'malformed-tei', /declares a DOCTYPE/);
  });

  it('reads 2,000 pages without a paragraph break up to the page limit, in paragraph-sized pieces', async function () {
    this.timeout(60_000); // 2,000 pages of pdfjs: slow, not racy, on a loaded machine
    const document = await parsePdfOffThread(textPdf(unbrokenTextPages(2000)), LIMITS);
    assert.equal(document.truncated, 'read only the first 300 of 2000 pages (fulltext.maxPages)');
    const paragraphs = bodyParagraphs(document);
    assert.ok(paragraphs.length > 100, `${paragraphs.length} pieces`);
    assert.ok(paragraphs.every(({ paragraph }) => paragraph.text.length <= 5000));
  });

  it('stops at the text limit and says so', async () => {
    const document = await parsePdfOffThread(textPdf(unbrokenTextPages(60)), { ...LIMITS, maxTextChars: 50_000 });
    const chars = bodyParagraphs(document).reduce((n, { paragraph }) => n + paragraph.text.length, 0);
    assert.ok(chars <= 50_000, `${chars} characters`);
    assert.match(document.truncated ?? '', /pages, which hold over 50,000 characters \(fulltext\.maxTextChars\)/);
  });

  it('stops a decompression bomb at the memory limit, and the next document is read as usual', async () => {
    const bomb = await decompressionBombPdf(200);
    assert.ok(bomb.byteLength < 2 * 1024 * 1024, `${bomb.byteLength} bytes on disk`);
    await rejectsWith(parsePdfOffThread(bomb, { ...LIMITS, maxMemoryMb: 96 }), 'too-large', /more than 96 MB of memory \(fulltext\.maxParseMemoryMb\)/);
    // Full-suite runs share the process's array-buffer count with other tests, so the next
    // document gets room; what matters is that the pool still reads after a stopped worker.
    const after = await parsePdfOffThread(pdf('acl2020-specter-cs.pdf'), LIMITS);
    assert.ok(after.sections.length > 0);
  });

  it('stops a long PDF when aborted, with an AbortError, and keeps working afterwards', async () => {
    const controller = new AbortController();
    const long = parsePdfOffThread(textPdf(unbrokenTextPages(600)), {
      ...LIMITS,
      maxPages: 5000,
      maxTextChars: 100_000_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(long, (error: unknown) => error instanceof Error && error.name === 'AbortError');
    const signal = AbortSignal.abort();
    await assert.rejects(parseTeiOffThread('<TEI/>', { ...LIMITS, signal }), (error: unknown) => (error as Error).name === 'AbortError');
    assert.ok((await parsePdfOffThread(pdf('acl2020-specter-cs.pdf'), LIMITS)).sections.length > 0);
  });
});
