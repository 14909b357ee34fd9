// bioRxiv/medRxiv's own full text, JATS XML (the `.source.xml` the bioRxiv API names), read
// before the PDF: the server's sections and paragraphs as the authors' text has them, where
// pdf.js must rebuild them from glyph positions, at a small part of the cost (no PDF parse).
// Fetched as a PDF is (same host, same queue and limits), parsed in a worker as GROBID's TEI is,
// and its reading kept by the XML's digest so a repeat reads nothing again.
import type { PaperRecord } from '../types';
import type { CoreDeps } from '../deps';
import { isAbortError } from '../net/types';
import { contentDigest } from '../net/contentDigest';
import { JATS_KEY_PREFIX } from '../net/cacheSweep';
import { derivedFromCache } from '../net/readings';
import type { FulltextDocument } from './model';
import { parseJatsOffThread, parseOptions, prewarmXmlReader } from './parsePool';
import { readStoredDocument, writeStoredDocument } from './pdfjsCache';
import { downloadDeadline, fulltextDownloadLimits } from './pdfSource';

/** Bump whenever parseJats changes what it builds. */
const JATS_DOCUMENT_VERSION = 'j2'; // j2: sub-section heads name their top-level section
const JATS_ACCEPT = 'application/xml';

function jatsCacheKey(xmlDigest: string, maxTextChars: number): string {
  return `${JATS_KEY_PREFIX}${JATS_DOCUMENT_VERSION}:${maxTextChars}:${xmlDigest}`;
}

function request(url: string, deps: CoreDeps, signal: AbortSignal, cacheRead: boolean, beforeNetwork: () => void) {
  return deps.http.request({
    // The PDF's queue: the same host, and its pacing and concurrency (fulltext.concurrency).
    service: 'pdf',
    url,
    accept: JATS_ACCEPT,
    ...fulltextDownloadLimits(deps.settings),
    signal,
    cacheNotFound: true,
    cacheRead,
    storeInBackground: true, // its reading waits for the bytes, not for their copy on disk
    beforeNetwork,
  });
}

/**
 * The record's JATS reading, or undefined when it has none to give (no link, the server's
 * refusal, an HTML page, a document without body paragraphs): the PDF is read instead. A link in
 * `knownAbsent` (the cache was just asked about it and holds no answer) is not read from it again.
 */
export async function readRecordJats(
  record: PaperRecord,
  deps: CoreDeps,
  knownAbsent: ReadonlySet<string> = new Set(),
): Promise<FulltextDocument | undefined> {
  if (!record.jatsUrl) return undefined;
  const download = downloadDeadline(deps.settings, deps.signal);
  try {
    // When it must come from the network, its reading will be made in a worker (one: XML readings
    // run one at a time, parsePool.ts), which compiles its XML code on made-up JATS meanwhile.
    const cacheRead = !knownAbsent.has(record.jatsUrl);
    const response = await request(record.jatsUrl, deps, download.signal, cacheRead, () => prewarmXmlReader(deps.settings));
    return await jatsDocument(response.body, deps);
  } catch (error) {
    if (download.expired()) return undefined; // the PDF is read instead, within its own deadline
    if (isAbortError(error) || deps.signal?.aborted) throw error;
    return undefined;
  }
}

/**
 * The stored reading of the record's JATS, found from the cache alone. `absent`: its link, when the
 * cache holds no answer for it (for `readRecordJats`'s `knownAbsent`).
 */
export async function cachedJatsReading(record: PaperRecord, deps: CoreDeps): Promise<{ reading?: FulltextDocument; absent: string[] }> {
  if (!record.jatsUrl) return { absent: [] };
  const request = { service: 'pdf' as const, url: record.jatsUrl, accept: JATS_ACCEPT };
  const keyOf = (digest: string) => jatsCacheKey(digest, deps.settings['fulltext.maxTextChars']);
  const { reading, absent } = await derivedFromCache(deps.http, request, keyOf, readStoredDocument);
  return { reading, absent: absent ? [record.jatsUrl] : [] };
}

async function jatsDocument(body: Uint8Array, deps: CoreDeps): Promise<FulltextDocument | undefined> {
  const cacheDir = deps.http.cacheDir;
  const key = cacheDir ? jatsCacheKey(contentDigest(body), deps.settings['fulltext.maxTextChars']) : undefined;
  // An HTML page (a bot check, a login) is refused by parseJats: the PDF is tried instead.
  const parsing = parseJatsOffThread(new TextDecoder().decode(body), parseOptions(deps.settings, deps.signal));
  // Marked handled at once: it may fail while the lookup below is awaited (it is awaited after).
  parsing.catch(() => undefined);
  // Looked up while the worker parses (a reading whose HTTP entry aged out is still found): on a
  // first run a miss, which must not hold the parse back. A hit leaves the parse to finish unread.
  const stored = cacheDir && key ? await readStoredDocument(cacheDir, key) : undefined;
  if (stored) return stored;
  const document = await parsing;
  if (document.sections.length === 0) return undefined;
  // Written behind the scoring: the run waits for it at its end (readingWritesSettled), the paper does not.
  if (cacheDir && key) void writeStoredDocument(cacheDir, key, document);
  return document;
}
