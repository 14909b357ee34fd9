// The pdfjs reading of a PDF is kept like GROBID's TEI (fulltext/pdfjsCache.ts): a repeat of the
// same paper without GROBID reads nothing again, and asks nothing, not even GROBID's probe.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import cacache from 'cacache';
import { fulltextFromPdfBytes, resetGrobidState } from '../../../../src/core/fulltext';
import { isGrobidAlive } from '../../../../src/core/fulltext/grobid';
import { pdfjsCacheKey, readStoredDocument, readStoredPdfjsReading, rememberPdfjsFailure, writeStoredDocument } from '../../../../src/core/fulltext/pdfjsCache';
import { FulltextError } from '../../../../src/core/fulltext/errors';
import { parseWorkersStarted, stopIdleParseWorkers } from '../../../../src/core/fulltext/parsePool';
import { readingWritesSettled } from '../../../../src/core/net/readings';
import { contentDigest } from '../../../../src/core/net/contentDigest';
import { fixturePath } from '../../../standin/server';
import { useGrobidStandIn } from '../../../helpers/grobidHarness';

const SPECTER = readFileSync(fixturePath('pdf', 'acl2020-specter-cs.pdf'));

describe('the pdfjs document cache', function () {
  this.timeout(30_000);
  const h = useGrobidStandIn('pdfjs-cache', { 'http.retries': 0 });
  const grobidRequests = () => h.standIn.requests.filter((r) => r.service === 'grobid').length;

  it('reads a PDF pdfjs read before from the cache: no probe, no parse, the same document', async () => {
    h.grobid.setMode('down');
    const first = await fulltextFromPdfBytes(new Uint8Array(SPECTER), h.deps());
    assert.equal(first.kind, 'pdfjs');
    assert.match(first.notice ?? '', /not running/);
    assert.ok(grobidRequests() >= 1, 'the first reading probed GROBID');
    await readingWritesSettled(); // a run ends once its readings are on disk
    const key = pdfjsCacheKey(contentDigest(SPECTER), { maxPages: h.deps().settings['fulltext.maxPages'], maxTextChars: h.deps().settings['fulltext.maxTextChars'] });
    const stored = JSON.parse((await cacache.get(h.cacheDir, key)).data.toString('utf8'));
    assert.deepEqual(stored, first.document, 'the reading is stored under the PDF bytes’ digest');

    // A new process: nothing remembered about GROBID, only the disk cache.
    resetGrobidState();
    h.standIn.requests.length = 0;
    // What comes back is what is stored: an entry changed on disk shows through, so nothing was parsed.
    const marked = { ...stored, title: 'Read from the cache' };
    await cacache.put(h.cacheDir, key, JSON.stringify(marked));
    const again = await fulltextFromPdfBytes(new Uint8Array(SPECTER), h.deps());
    assert.equal(again.kind, 'pdfjs');
    assert.deepEqual(again.document, marked);
    assert.equal(h.standIn.requests.length, 0, 'no request at all, not even the GROBID probe');
  });

  it('remembers a PDF that yields no text by its digest: a repeat parses nothing and fails alike', async () => {
    const scanned = new Uint8Array(readFileSync(fixturePath('pdf', 'bad/scanned-image-only-naacl2018-p1.pdf')));
    const deps = h.deps({ 'grobid.enabled': false });
    const noText = (e: unknown) => e instanceof FulltextError && e.reason === 'no-text';
    await stopIdleParseWorkers();
    const cold = parseWorkersStarted();
    const first = await fulltextFromPdfBytes(scanned, deps).catch((e: unknown) => e);
    assert.ok(noText(first), String(first));
    assert.ok(parseWorkersStarted() > cold, 'the first reading parsed the PDF');
    await readingWritesSettled();
    // A new process: no worker alive.
    await stopIdleParseWorkers();
    const workers = parseWorkersStarted();
    const sameFailure = (e: unknown) => noText(e) && (e as Error).message === (first as Error).message;
    await assert.rejects(fulltextFromPdfBytes(scanned, deps), sameFailure);
    assert.equal(parseWorkersStarted(), workers, 'no parse worker was started for the repeat');
    // A failure the worker may not repeat (a crash, the memory limit) is not kept.
    const other = pdfjsCacheKey('another-digest', { maxPages: 1, maxTextChars: 1 });
    await rememberPdfjsFailure(h.cacheDir, other, new FulltextError('corrupt', 'the document reader stopped (exit code 1)'));
    assert.equal(await readStoredPdfjsReading(h.cacheDir, other), undefined);
  });

  it('reads the PDF again when the stored entry is torn, and mends it', async () => {
    const settings = h.deps({ 'grobid.enabled': false });
    const key = pdfjsCacheKey(contentDigest(SPECTER), { maxPages: settings.settings['fulltext.maxPages'], maxTextChars: settings.settings['fulltext.maxTextChars'] });
    await cacache.put(h.cacheDir, key, '{"sections": [');
    const read = await fulltextFromPdfBytes(new Uint8Array(SPECTER), settings);
    assert.ok(read.document.sections.length > 0);
    await readingWritesSettled();
    assert.deepEqual(JSON.parse((await cacache.get(h.cacheDir, key)).data.toString('utf8')), read.document);
  });

  it('other limits are another reading', () => {
    const bytes = new Uint8Array(SPECTER);
    const digest = contentDigest(bytes);
    const tenPages = pdfjsCacheKey(digest, { maxPages: 10, maxTextChars: 1000 });
    assert.notEqual(tenPages, pdfjsCacheKey(digest, { maxPages: 20, maxTextChars: 1000 }));
    assert.notEqual(tenPages, pdfjsCacheKey(contentDigest(bytes.slice(1)), { maxPages: 10, maxTextChars: 1000 }));
  });

  it('asks GROBID, not the stored pdfjs reading, once this process has seen GROBID answer', async () => {
    h.grobid.setMode('down');
    await fulltextFromPdfBytes(new Uint8Array(SPECTER), h.deps());
    resetGrobidState();
    h.grobid.setMode('ok');
    assert.equal(await isGrobidAlive(h.deps()), true);
    const read = await fulltextFromPdfBytes(new Uint8Array(SPECTER), h.deps());
    assert.equal(read.kind, 'grobid');
    assert.equal(h.grobid.uploads.length, 1);
  });

  it('keeps nothing with the cache off', async () => {
    const deps = h.deps({ 'grobid.enabled': false, 'cache.enabled': false });
    await fulltextFromPdfBytes(new Uint8Array(SPECTER), deps);
    assert.deepEqual(await cacache.ls(h.cacheDir), {});
  });

  it('settles every reading being written: one stored and not awaited is on disk once readingWritesSettled resolves', async () => {
    const document = { title: 'A reading', sections: [], captions: [], references: [] };
    const writes = ['a', 'b', 'c'].map((k) => writeStoredDocument(h.cacheDir, `citefinder:pdfjs-document:test:${k}`, document));
    await readingWritesSettled();
    for (const k of ['a', 'b', 'c']) assert.deepEqual(await readStoredDocument(h.cacheDir, `citefinder:pdfjs-document:test:${k}`), document);
    await Promise.all(writes);
  });
});
