// A paper read before is found by the digest the HTTP cache's index holds for its PDF
// (net/contentDigest.ts): a repeat neither reads nor hashes the PDF, with or without GROBID. The
// key follows the bytes, old-scheme entries are never read, and a cache entry that names no digest
// falls back to reading the PDF. Real PDFs and TEI from test/fixtures, through the stand-in.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import cacache from 'cacache';
import { getFulltext, readPdfFile, resetGrobidState } from '../../../../src/core/fulltext';
import { teiCacheKey } from '../../../../src/core/fulltext/grobid';
import { pdfjsCacheKey } from '../../../../src/core/fulltext/pdfjsCache';
import { readingWritesSettled } from '../../../../src/core/net/readings';
import { makeResponse } from '../../../../src/core/net/body';
import { cacheKey, ResponseCache } from '../../../../src/core/net/cache';
import { sweepCache } from '../../../../src/core/net/cacheSweep';
import { contentDigest } from '../../../../src/core/net/contentDigest';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import type { Settings } from '../../../../src/core/settings/index';
import type { PaperRecord } from '../../../../src/core/types';
import { fixturePath } from '../../../standin/server';
import { installFiles } from '../../../standin/files';
import { useGrobidStandIn } from '../../../helpers/grobidHarness';

/** One run's reading: as a run does, it ends once what it read is on disk (readingWritesSettled). */
async function run(...args: Parameters<typeof getFulltext>): ReturnType<typeof getFulltext> {
  const result = await getFulltext(...args);
  await readingWritesSettled();
  return result;
}

const PAPER = 'naacl2018-semantic-scholar-literature-graph-cs';
const OTHER = 'acl2020-specter-cs';
const pdfBytes = (name: string) => new Uint8Array(readFileSync(fixturePath('pdf', `${name}.pdf`)));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const limits = (settings: Settings) => ({ maxPages: settings['fulltext.maxPages'], maxTextChars: settings['fulltext.maxTextChars'] });
const MARKED = { title: '', abstract: 'Marked: an entry of the old key scheme', sections: [], captions: [], references: [] };

describe('the cached reading is found by the PDF cache entry’s digest', function () {
  this.timeout(60_000);
  const h = useGrobidStandIn('reading-key', { 'http.retries': 0 }, [(s) => installFiles(s)]);
  const noGrobid = { 'grobid.enabled': false };

  function record(name = PAPER): PaperRecord {
    return { id: 'arxiv:1805.02262', source: 'arxiv', title: 'Construction of the Literature Graph', authors: ['Waleed Ammar'],
      abstract: 'We describe a deployed scalable system.', pdfUrl: `${h.standIn.url}/files/pdf/${name}.pdf` };
  }
  const pdfKey = (paper: PaperRecord) => cacheKey('GET', paper.pdfUrl!, 'application/pdf');

  /** Deletes the cached PDF's body, keeping its index line: whatever reads the body then misses and asks the network. */
  async function dropPdfBody(paper: PaperRecord): Promise<void> {
    const info = await cacache.get.info(h.cacheDir, pdfKey(paper));
    assert.ok(info, 'the first run cached the PDF');
    rmSync(info.path);
  }

  it('pdfjs: a repeat reads no PDF, and gives what the first run gave', async () => {
    const paper = record();
    const first = await run(paper, h.deps(noGrobid));
    assert.equal(first.kind, 'pdfjs');
    assert.ok(first.document.sections.length > 0);
    await dropPdfBody(paper);
    h.standIn.requests.length = 0;
    const again = await run(paper, h.deps(noGrobid));
    assert.deepEqual(again, first);
    assert.deepEqual(h.standIn.requests.map((r) => r.path), [], 'the PDF body was not read (it is gone): nothing asked');
  });

  it('GROBID: a repeat reads no PDF, asks nothing (not even the probe), and gives what the first run gave', async () => {
    const paper = record();
    const first = await run(paper, h.deps());
    assert.equal(first.kind, 'grobid');
    await dropPdfBody(paper);
    resetGrobidState(); // a new process
    h.standIn.requests.length = 0;
    const again = await run(paper, h.deps());
    assert.deepEqual(again, first);
    assert.deepEqual(h.standIn.requests.map((r) => r.path), []);
    assert.equal(h.grobid.uploads.length, 1);
  });

  it('a changed PDF under the same link gets its own reading', async () => {
    const paper = record();
    const deps = h.deps(noGrobid);
    const first = await run(paper, deps);
    // The link now serves another paper (a new version), kept in the cache as a download would be.
    const other = pdfBytes(OTHER);
    await deps.http.remember!({ service: 'pdf', url: paper.pdfUrl!, accept: 'application/pdf' },
      makeResponse(200, paper.pdfUrl!, { 'content-type': 'application/pdf' }, other, false));
    h.standIn.requests.length = 0;
    const again = await run(paper, h.deps(noGrobid));
    assert.equal(again.kind, 'pdfjs');
    assert.deepEqual(again.document.sections, (await readPdfFile(fixturePath('pdf', `${OTHER}.pdf`))).sections);
    assert.notDeepEqual(again.document.sections, first.document.sections);
    assert.deepEqual(h.standIn.requests.map((r) => r.path), [], 'the new PDF came from the cache');
    const stored = await cacache.get.info(h.cacheDir, pdfjsCacheKey(contentDigest(other), limits(deps.settings)));
    assert.ok(stored, 'the new reading is kept under the new bytes’ digest');
  });

  it('a pdfjs reading stored under the old key scheme (p1, SHA-256) is not used', async () => {
    const paper = record();
    const { settings } = h.deps(noGrobid);
    const old = `citefinder:pdfjs-document:p1:${settings['fulltext.maxPages']}:${settings['fulltext.maxTextChars']}:${sha256(pdfBytes(PAPER))}`;
    await cacache.put(h.cacheDir, old, JSON.stringify(MARKED));
    const read = await run(paper, h.deps(noGrobid));
    assert.equal(read.kind, 'pdfjs');
    assert.notEqual(read.document.abstract, MARKED.abstract);
    assert.ok(read.document.sections.length > 0);
  });

  it('a GROBID reading stored under the old key scheme (v1, SHA-256) is not used: GROBID reads the PDF', async () => {
    const paper = record();
    const old = `citefinder:grobid-tei:v1:${sha256(pdfBytes(PAPER))}`;
    await cacache.put(h.cacheDir, old, '<TEI/>');
    await cacache.put(h.cacheDir, `${old}:d2`, JSON.stringify(MARKED));
    const read = await run(paper, h.deps());
    assert.equal(read.kind, 'grobid');
    assert.notEqual(read.document.abstract, MARKED.abstract);
    assert.equal(h.grobid.uploads.length, 1);
    assert.ok(await cacache.get.info(h.cacheDir, teiCacheKey(contentDigest(pdfBytes(PAPER)))), 'the TEI is kept under the new key');
  });

  it('a PDF entry that names no digest of ours (foreign, written without our metadata) falls back to the download', async () => {
    const paper = record();
    const first = await run(paper, h.deps(noGrobid));
    await cacache.put(h.cacheDir, pdfKey(paper), Buffer.from('not what the HTTP cache writes'));
    h.standIn.requests.length = 0;
    const again = await run(paper, h.deps(noGrobid));
    assert.deepEqual(again, first, 'the download’s bytes find the stored reading');
    assert.deepEqual(h.standIn.requests.map((r) => r.service), ['files'], 'the PDF was downloaded again');
  });

  it('a torn stored reading falls back to reading the cached PDF, and is mended', async () => {
    const paper = record();
    const deps = h.deps(noGrobid);
    const first = await run(paper, deps);
    const key = pdfjsCacheKey(contentDigest(pdfBytes(PAPER)), limits(deps.settings));
    await cacache.put(h.cacheDir, key, '{"sections": [');
    h.standIn.requests.length = 0;
    const again = await run(paper, h.deps(noGrobid));
    assert.deepEqual(again, first);
    assert.deepEqual(h.standIn.requests, []);
    assert.equal(JSON.parse((await cacache.get(h.cacheDir, key)).data.toString('utf8')).sections.length, first.document.sections.length);
  });

  it('is kept only where the client keeps answers: a client without a cache keeps no reading', async () => {
    const deps = h.deps(noGrobid);
    const uncached = { ...deps, http: createHttpClient(deps.settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) };
    assert.equal(uncached.settings['cache.dir'], h.cacheDir, 'the settings name the folder');
    const read = await run(record(), uncached);
    assert.equal(read.kind, 'pdfjs');
    assert.deepEqual(Object.keys(await cacache.ls(h.cacheDir)), []);
    await run(record(), deps);
    assert.ok((await cacache.get.info(h.cacheDir, pdfjsCacheKey(contentDigest(pdfBytes(PAPER)), limits(deps.settings)))), 'kept beside its PDF');
  });

  it('the cache sweep evicts the readings with the PDFs, before any answer', async () => {
    const paper = record();
    await run(paper, h.deps()); // PDF, TEI and GROBID's document
    await run(record(OTHER), h.deps(noGrobid)); // PDF and pdfjs reading
    const hour = 3_600_000;
    const searchAnswer = makeResponse(200, 'https://example.org/search', {}, new Uint8Array(1_000).fill(1), false);
    await new ResponseCache(h.cacheDir, 168 * hour).put('search', searchAnswer, { kind: 'ok', service: 'arxiv' });
    const report = await sweepCache(h.cacheDir, { ttlMs: 168 * hour, maxBytes: 5_000 });
    assert.equal(report.evicted, 5);
    assert.deepEqual(Object.keys(await cacache.ls(h.cacheDir)), ['search']);
  });
});
