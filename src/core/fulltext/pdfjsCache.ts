// The pdfjs reading of a PDF, kept like GROBID's TEI: keyed by the SHA-512 of the PDF's bytes
// (net/contentDigest.ts, the digest the HTTP cache's index already holds for the PDF, so a repeat
// finds the reading without reading the PDF) and the limits that shaped the reading. A repeat of
// the same paper without GROBID reads nothing again: the JSON comes back in a few ms where pdfjs
// takes a second. Only a whole, successful reading is kept: a failure (encrypted, no text layer,
// over the memory limit) is tried again next time, as the limits or the worker may differ.
// The store itself (readStoredDocument, storeText and the tracking of writes under way) also keeps
// JATS readings, GROBID's TEI and arXiv answers' records (sources/arxivFeedCache.ts): every reading
// a run waits for at its end goes through it.
import cacache from 'cacache';
import { PDFJS_KEY_PREFIX } from '../net/cacheSweep';
import type { FulltextDocument } from './model';

/**
 * Bump whenever the pdfjs path (layout, paragraphs, windows) changes what it builds, or the key
 * does (p1 was keyed by SHA-256; p2 by SHA-512).
 */
export const PDFJS_DOCUMENT_VERSION = 'p2';

export interface PdfjsReadingLimits {
  maxPages: number;
  maxTextChars: number;
}

/** The reading's key; `pdfDigest` is the PDF's `contentDigest`. */
export function pdfjsCacheKey(pdfDigest: string, limits: PdfjsReadingLimits): string {
  return `${PDFJS_KEY_PREFIX}${PDFJS_DOCUMENT_VERSION}:${limits.maxPages}:${limits.maxTextChars}:${pdfDigest}`;
}

/** A stored reading (pdfjs's, or a JATS one: jatsSource.ts), or undefined on a miss or an entry that is not a document. */
export async function readStoredDocument(dir: string, key: string): Promise<FulltextDocument | undefined> {
  let text: string;
  try {
    text = (await cacache.get(dir, key)).data.toString('utf8');
  } catch {
    return undefined; // a miss, or an unreadable cache: read the PDF again
  }
  try {
    const value = JSON.parse(text) as FulltextDocument;
    return Array.isArray(value?.sections) && Array.isArray(value.captions) && Array.isArray(value.references) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Stores a reading; a read-only or full disk costs speed next time, never this result. */
export async function writeStoredDocument(dir: string, key: string, document: FulltextDocument): Promise<void> {
  await storeText(dir, key, JSON.stringify(document));
}

/** Writes of readings (and GROBID's TEI) under way: a run cancelled meanwhile waits for them. */
const writing = new Set<Promise<void>>();

/** Stores text under `key`, never failing (see writeStoredDocument); tracked until it is on disk. */
export function storeText(dir: string, key: string, text: string): Promise<void> {
  const write: Promise<void> = cacache.put(dir, key, text).then(() => undefined, () => undefined);
  writing.add(write);
  void write.finally(() => writing.delete(write));
  return write;
}

/**
 * Resolves once every reading being written is on disk. A run ends with it, done or cancelled:
 * a cancelled run's papers may still be storing what they read, and the cache must be whole
 * (and its folder removable) when the run has returned.
 */
export async function readingWritesSettled(): Promise<void> {
  while (writing.size > 0) await Promise.all(writing);
}
