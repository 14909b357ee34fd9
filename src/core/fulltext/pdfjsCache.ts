// The pdfjs reading of a PDF, kept like GROBID's TEI: keyed by the SHA-512 of the PDF's bytes
// (net/contentDigest.ts, the digest the HTTP cache's index already holds for the PDF, so a repeat
// finds the reading without reading the PDF) and the limits that shaped the reading. A repeat of
// the same paper without GROBID reads nothing again: the JSON comes back in a few ms where pdfjs
// takes a second. Only a whole, successful reading is kept: a failure (encrypted, no text layer,
// over the memory limit) is tried again next time, as the limits or the worker may differ.
// The store (net/readings.ts) is shared with the JATS readings, GROBID's TEI and arXiv answers'
// records: a run waits for all of their writes at its end.
import { readStoredJson, storeText } from '../net/readings';
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
export function readStoredDocument(dir: string, key: string): Promise<FulltextDocument | undefined> {
  return readStoredJson(dir, key, isDocument);
}

function isDocument(value: unknown): value is FulltextDocument {
  const document = value as FulltextDocument | null;
  return Array.isArray(document?.sections) && Array.isArray(document.captions) && Array.isArray(document.references);
}

/** Stores a reading; a read-only or full disk costs speed next time, never this result. */
export async function writeStoredDocument(dir: string, key: string, document: FulltextDocument): Promise<void> {
  await storeText(dir, key, JSON.stringify(document));
}
