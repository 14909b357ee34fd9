// Full text for a candidate, as one FulltextDocument whatever the route: a local GROBID when one
// is enabled and alive, else pdfjs in-process, else the abstract alone with the reason why.
// Nothing here throws for a bad paper: every failure becomes a warning and a fallback.
import { readFile } from 'node:fs/promises';
import type { FulltextKind, PaperRecord } from '../types';
import type { CoreDeps } from '../deps';
import { isAbortError } from '../net/types';
import { FulltextError } from './errors';
import { cachedGrobidDocument, grobidDocument, grobidEnabled, isGrobidAlive } from './grobid';
import type { FulltextDocument } from './model';
import { downloadFirstPdf, pdfUrlCandidates } from './pdfSource';
import { extractWithPdfjs } from './pdfjs';
import { parseTei } from './tei';

export type { FulltextDocument, Paragraph, Section } from './model';
export { FulltextError, type FulltextFailure } from './errors';
export { pdfUrlCandidates } from './pdfSource';
export { resetGrobidState } from './grobid';

export interface FulltextResult {
  kind: FulltextKind;
  document: FulltextDocument;
  /** What went wrong with this paper: GROBID failed on it, or only the abstract could be had. */
  warning?: string;
  /** Information, not a problem: e.g. GROBID is not running, so pdfjs read the PDF. */
  notice?: string;
}

/** A document holding only the record's abstract (and title): the last fallback. */
export function abstractOnlyDocument(record: Pick<PaperRecord, 'title' | 'abstract'>): FulltextDocument {
  return { title: record.title, abstract: record.abstract, sections: [], captions: [], references: [] };
}

/** The candidate's full text; falls back to its abstract, with the reason, when none can be had. */
export async function getFulltext(record: PaperRecord, deps: CoreDeps): Promise<FulltextResult> {
  try {
    const { bytes } = await downloadFirstPdf(pdfUrlCandidates(record, deps.settings), deps);
    const result = await fulltextFromPdfBytes(bytes, deps);
    // The record's title and abstract stand in for what the PDF reader could not find.
    const { title, abstract } = result.document;
    return { ...result, document: { ...result.document, title: record.title || title, abstract: abstract || record.abstract } };
  } catch (error) {
    if (isAbortError(error) || deps.signal?.aborted) throw error;
    return {
      kind: 'abstract',
      document: abstractOnlyDocument(record),
      warning: `full text unavailable (${describe(error)}); scored on the abstract only`,
    };
  }
}

/**
 * A PDF's text: GROBID when enabled and alive, else pdfjs. Throws FulltextError when neither
 * can read it (encrypted, corrupt, no text layer); `warning` says why GROBID was not used.
 */
export async function fulltextFromPdfBytes(bytes: Uint8Array, deps: CoreDeps): Promise<FulltextResult> {
  const result: FulltextResult = { kind: 'pdfjs', document: abstractOnlyDocument({ title: '' }) };
  if (grobidEnabled(deps.settings)) {
    // A PDF GROBID read before needs no GROBID at all, not even the liveness probe.
    const cached = await cachedGrobidDocument(bytes, deps);
    if (cached) return { kind: 'grobid', document: cached };
    if (await isGrobidAlive(deps)) {
      try {
        return { kind: 'grobid', document: await grobidDocument(bytes, deps) };
      } catch (error) {
        if (isAbortError(error) || deps.signal?.aborted) throw error;
        result.warning = `${describe(error)}; read the PDF in-process instead`;
      }
    } else {
      result.notice = `GROBID at ${deps.settings['grobid.url']} is not running; read the PDF in-process`;
    }
  }
  try {
    result.document = await extractWithPdfjs(bytes, { signal: deps.signal });
  } catch (error) {
    // Keep GROBID's failure in the message: it is part of why this paper has no full text.
    if (error instanceof FulltextError && result.warning) {
      throw new FulltextError(error.reason, `${error.message}; before that, ${result.warning.split(';')[0]}`, { cause: error });
    }
    throw error;
  }
  return result;
}

/** A GROBID TEI document (e.g. `citefinder score --tei`); throws FulltextError('malformed-tei'). */
export function fulltextFromTei(xml: string): FulltextDocument {
  return parseTei(xml);
}

/** Reads and parses a TEI file from disk. */
export async function readTeiFile(path: string): Promise<FulltextDocument> {
  return parseTei(await readFile(path, 'utf8'));
}

/** Reads a PDF file from disk and extracts it with pdfjs (no network involved). */
export async function readPdfFile(path: string, signal?: AbortSignal): Promise<FulltextDocument> {
  return extractWithPdfjs(new Uint8Array(await readFile(path)), { signal });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
