// The pdfjs reading of a PDF, kept like GROBID's TEI: keyed by the SHA-512 of the PDF's bytes
// (net/contentDigest.ts, the digest the HTTP cache's index already holds for the PDF, so a repeat
// finds the reading without reading the PDF) and the limits that shaped the reading. A repeat of
// the same paper without GROBID reads nothing again: the JSON comes back in a few ms where pdfjs
// takes a second. A failure the PDF's bytes decide (no text layer, no paragraphs, a password) is
// kept the same way, so a repeat does not parse it again to fail again; one the worker or the
// settings may change (a crash, over the memory limit) is tried again next time.
// The store (net/readings.ts) is shared with the JATS readings, GROBID's TEI and arXiv answers'
// records: a run waits for all of their writes at its end.
import { readStoredJson, storeText } from '../net/readings';
import { FulltextError, type FulltextFailure } from './errors';
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

/**
 * A stored pdfjs outcome: the reading, undefined on a miss, or the stored failure thrown as the
 * FulltextError the parse threw.
 */
export async function readStoredPdfjsReading(dir: string, key: string): Promise<FulltextDocument | undefined> {
  const stored = await readStoredJson(dir, key, isReadingOrFailure);
  if (stored && 'failure' in stored) throw new FulltextError(stored.failure.reason, stored.failure.message);
  return stored;
}

/** Failures the PDF's bytes decide, whatever the worker: the same bytes fail the same way. */
const LASTING_FAILURES: ReadonlySet<FulltextFailure> = new Set(['no-text', 'encrypted']);

interface StoredFailure {
  failure: { reason: FulltextFailure; message: string };
}

/** Stores a parse failure that would happen again (LASTING_FAILURES); other errors are not kept. */
export async function rememberPdfjsFailure(dir: string, key: string, error: unknown): Promise<void> {
  if (!(error instanceof FulltextError) || !LASTING_FAILURES.has(error.reason)) return;
  const stored: StoredFailure = { failure: { reason: error.reason, message: error.message } };
  await storeText(dir, key, JSON.stringify(stored));
}

function isReadingOrFailure(value: unknown): value is FulltextDocument | StoredFailure {
  return isDocument(value) || isFailure(value);
}

function isFailure(value: unknown): value is StoredFailure {
  const failure = (value as StoredFailure | null)?.failure;
  return typeof failure?.message === 'string' && LASTING_FAILURES.has(failure.reason);
}

function isDocument(value: unknown): value is FulltextDocument {
  const document = value as FulltextDocument | null;
  return Array.isArray(document?.sections) && Array.isArray(document.captions) && Array.isArray(document.references);
}

/** Stores a reading; a read-only or full disk costs speed next time, never this result. */
export async function writeStoredDocument(dir: string, key: string, document: FulltextDocument): Promise<void> {
  await storeText(dir, key, JSON.stringify(document));
}
