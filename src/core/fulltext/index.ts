// Full text for a candidate, as one FulltextDocument whatever the route: the server's own JATS
// (bioRxiv/medRxiv) when it has one, else its PDF through a local GROBID when one is enabled and
// alive, else pdfjs in-process, else the abstract alone with the reason why.
// Nothing here throws for a bad paper: every failure becomes a warning and a fallback.
import { readFile, stat } from 'node:fs/promises';
import type { FulltextKind, PaperRecord } from '../types';
import type { CoreDeps } from '../deps';
import { DEFAULT_SETTINGS, type Settings } from '../settings/index';
import { HttpError, isAbortError } from '../net/types';
import { FulltextError, type FulltextFailure } from './errors';
import { cachedGrobidDocument, grobidDocument, grobidDownNotice, grobidEnabled, grobidKnownAlive, isGrobidAlive } from './grobid';
import { pdfjsCacheKey, readStoredPdfjsReading, rememberPdfjsFailure, writeStoredDocument, type PdfjsReadingLimits } from './pdfjsCache';
import { contentDigest } from '../net/contentDigest';
import type { FulltextDocument } from './model';
import { arxivPdfLink, cachedRecordPdfDigest, downloadRecordPdf } from './pdfSource';
import { cachedJatsReading, readRecordJats } from './jatsSource';
import { parseTei } from './tei';
import { parseJatsOffThread, parseOptions, parsePdfOffThread, parseTeiOffThread } from './parsePool';

export type { FulltextDocument, Paragraph, Section } from './model';
export { FulltextError, type FulltextFailure } from './errors';
export { pdfUrlCandidates } from './pdfSource';
export { resetGrobidState } from './grobid';
export { prewarmParseWorker } from './parsePool';
export { readingWritesSettled } from '../net/readings';

export interface FulltextResult {
  kind: FulltextKind;
  document: FulltextDocument;
  /** What went wrong with this paper: GROBID failed on it, or only the abstract could be had. */
  warning?: string;
  /** Information, not a problem: e.g. GROBID is not running, so pdfjs read the PDF. */
  notice?: string;
  /**
   * The failure behind `warning` may not happen again on the same answers (a parse worker's crash,
   * GROBID's): a result built on it is not kept for a repeat (pipeline/resultCache.ts).
   */
  transient?: boolean;
  /**
   * The arXiv id whose PDF was read for a journal or proceedings record that names its arXiv
   * version (pdfSource's arxivPdfLink): the passages are the preprint's, not the published text's.
   */
  arxivVersion?: string;
}

/** A document holding only the record's abstract (and title): the last fallback. */
export function abstractOnlyDocument(record: { title?: string; abstract?: string }): FulltextDocument {
  return { title: record.title, abstract: record.abstract, sections: [], captions: [], references: [] };
}

/** What the fallback scores: a record without an abstract is known by its title alone. */
function fallbackScoredOn(record: PaperRecord): string {
  return record.abstract?.trim() ? 'scored on the abstract only' : 'scored on its title alone (the record has no abstract)';
}

/** The candidate's full text; falls back to its abstract, with the reason, when none can be had. */
export async function getFulltext(record: PaperRecord, deps: CoreDeps): Promise<FulltextResult> {
  try {
    // A paper read before is found from the HTTP cache's index: a repeat reads no PDF at all.
    const cached = await cachedReadingOfRecord(record, deps);
    const result = cached.result ?? (await readRecordJatsOrPdf(record, deps, cached.absent));
    // The record's title and abstract stand in for what the PDF reader could not find.
    const { title, abstract } = result.document;
    return { ...result, document: { ...result.document, title: record.title || title, abstract: abstract || record.abstract } };
  } catch (error) {
    if (isAbortError(error) || deps.signal?.aborted) throw error;
    return {
      kind: 'abstract',
      document: abstractOnlyDocument(record),
      warning: `full text unavailable (${describe(error)}); ${fallbackScoredOn(record)}`,
      transient: !isLastingFailure(error),
    };
  }
}

/**
 * A PDF's text: GROBID when enabled and alive, else pdfjs. Throws FulltextError when neither
 * can read it (encrypted, corrupt, no text layer); `warning` says why GROBID was not used.
 */
export async function fulltextFromPdfBytes(bytes: Uint8Array, deps: CoreDeps): Promise<FulltextResult> {
  const result: FulltextResult = { kind: 'pdfjs', document: abstractOnlyDocument({ title: '' }) };
  const cacheDir = deps.http.cacheDir;
  const digest = cacheDir ? contentDigest(bytes) : undefined;
  const known = digest === undefined ? undefined : await cachedReading(digest, deps);
  if (known) return known;
  const pdfjsKey = digest === undefined ? undefined : pdfjsCacheKey(digest, readingLimits(deps.settings));
  if (grobidEnabled(deps.settings)) {
    if (await isGrobidAlive(deps)) {
      try {
        return withLimitNote({ kind: 'grobid', document: await grobidDocument(bytes, deps, digest) });
      } catch (error) {
        if (isAbortError(error) || deps.signal?.aborted) throw error;
        result.warning = `${describe(error)}; read the PDF in-process instead`;
        result.transient = true;
      }
    } else {
      result.notice = grobidDownNotice(deps.settings);
    }
  }
  try {
    // With GROBID enabled, a stored pdfjs reading was passed over above only because GROBID had just
    // answered; it failed or went down since, so the stored reading serves. Without GROBID it was a miss.
    const read = cacheDir && pdfjsKey && grobidEnabled(deps.settings) ? await readStoredPdfjsReading(cacheDir, pdfjsKey) : undefined;
    // In a worker thread: a long or hostile PDF must not block the caller, and Cancel stops it.
    result.document = read ?? (await parsePdfOffThread(bytes, parseOptions(deps.settings, deps.signal)).catch((error: unknown) => {
      if (cacheDir && pdfjsKey) void rememberPdfjsFailure(cacheDir, pdfjsKey, error);
      throw error;
    }));
    // Written behind the scoring: the run waits for it at its end (readingWritesSettled), the paper does not.
    if (!read && cacheDir && pdfjsKey) void writeStoredDocument(cacheDir, pdfjsKey, result.document);
  } catch (error) {
    // Keep GROBID's failure in the message: it is part of why this paper has no full text.
    if (error instanceof FulltextError && result.warning) {
      throw new FulltextError(error.reason, `${error.message}; before that, ${result.warning.split(';')[0]}`, { cause: error });
    }
    throw error;
  }
  return withLimitNote(result);
}

/**
 * The server's JATS when it has one (no PDF is then fetched); else the PDF's reading. The links in
 * `absent` were just found missing from the cache: their requests go out without reading it again.
 */
async function readRecordJatsOrPdf(record: PaperRecord, deps: CoreDeps, absent: ReadonlySet<string>): Promise<FulltextResult> {
  const jats = await readRecordJats(record, deps, absent);
  if (jats) return withLimitNote({ kind: 'jats', document: jats });
  try {
    const { url, bytes } = await downloadRecordPdf(record, deps, absent);
    return ofVersionRead(await fulltextFromPdfBytes(bytes, deps), record, url, deps);
  } catch (error) {
    if (!record.jatsUrl || isAbortError(error) || deps.signal?.aborted) throw error;
    // Say that the JATS was tried too: a malformed PMC `fullTextXML` is no silent fallback.
    throw new Error(`its JATS full text could not be read, and ${describe(error)}`, { cause: error });
  }
}

/**
 * The record's JATS's or PDF's reading, found from the cache alone (see `cachedReading`), and the
 * links (JATS, PDFs) the cache holds no answer for, so that no later step asks it about them again.
 */
async function cachedReadingOfRecord(record: PaperRecord, deps: CoreDeps): Promise<{ result?: FulltextResult; absent: Set<string> }> {
  if (!deps.http.cacheDir) return { absent: new Set() };
  // Side by side: on a first run both are misses, and each lookup costs a cold process a few ms.
  const [jats, pdf] = await Promise.all([cachedJatsReading(record, deps), cachedRecordPdfDigest(record, deps)]);
  const absent = new Set([...jats.absent, ...pdf.absent]);
  if (jats.reading) return { result: withLimitNote({ kind: 'jats', document: jats.reading }), absent };
  const reading = pdf.digest === undefined ? undefined : await cachedReading(pdf.digest, deps);
  return { result: reading && ofVersionRead(reading, record, pdf.url, deps), absent };
}

/** The reading, saying so when the PDF at `url` was the record's arXiv version rather than its own copy. */
function ofVersionRead(result: FulltextResult, record: PaperRecord, url: string | undefined, deps: CoreDeps): FulltextResult {
  const arxivVersion = url !== undefined && url === arxivPdfLink(record, deps.settings) ? record.arxivId : undefined;
  return arxivVersion ? { ...result, arxivVersion } : result;
}

/**
 * What fulltextFromPdfBytes gives for the PDF of this `contentDigest` without asking anything:
 * GROBID's reading when GROBID is enabled and read this PDF before (not even the liveness probe is
 * needed); else pdfjs's reading (or its lasting failure, thrown), unless this process has just seen GROBID answer (then GROBID's
 * better reading is had). Undefined when neither is stored or the cache is off.
 */
async function cachedReading(pdfDigest: string, deps: CoreDeps): Promise<FulltextResult | undefined> {
  const cacheDir = deps.http.cacheDir;
  if (!cacheDir) return undefined;
  if (grobidEnabled(deps.settings)) {
    const cached = await cachedGrobidDocument(pdfDigest, deps);
    if (cached) return withLimitNote({ kind: 'grobid', document: cached });
    if (grobidKnownAlive(deps.settings)) return undefined;
  }
  // A PDF pdfjs could not read (no text layer, no paragraphs) throws its stored failure here.
  const read = await readStoredPdfjsReading(cacheDir, pdfjsCacheKey(pdfDigest, readingLimits(deps.settings)));
  return read ? withLimitNote({ kind: 'pdfjs', document: read }) : undefined;
}

function readingLimits(settings: Settings): PdfjsReadingLimits {
  return { maxPages: settings['fulltext.maxPages'], maxTextChars: settings['fulltext.maxTextChars'] };
}

/** A GROBID TEI document (e.g. `citefinder score --tei`); throws FulltextError('malformed-tei'). */
export function fulltextFromTei(xml: string): FulltextDocument {
  return parseTei(xml);
}

/**
 * Reads and parses a TEI file from disk, in a worker. A file larger than GROBID would be allowed
 * to answer (http.maxResponseMb) is refused unread.
 */
export async function readTeiFile(path: string, settings: Settings = DEFAULT_SETTINGS, signal?: AbortSignal): Promise<FulltextDocument> {
  return parseTeiOffThread(await readXmlFile(path, 'TEI', settings), parseOptions(settings, signal));
}

/** Reads and parses a bioRxiv/medRxiv JATS file from disk, in a worker, with the TEI's size limit. */
export async function readJatsFile(path: string, settings: Settings = DEFAULT_SETTINGS, signal?: AbortSignal): Promise<FulltextDocument> {
  return parseJatsOffThread(await readXmlFile(path, 'JATS', settings), parseOptions(settings, signal));
}

async function readXmlFile(path: string, what: 'TEI' | 'JATS', settings: Settings): Promise<string> {
  const limitMb = settings['http.maxResponseMb'];
  const { size } = await stat(path);
  if (size > limitMb * 1024 * 1024) {
    throw new FulltextError('too-large', `the ${what} is ${(size / 1024 / 1024).toFixed(1)} MB, over the ${limitMb} MB limit (http.maxResponseMb)`);
  }
  return readFile(path, 'utf8');
}

/** Reads a PDF file from disk and extracts it with pdfjs in a worker (no network involved). */
export async function readPdfFile(path: string, signal?: AbortSignal, settings: Settings = DEFAULT_SETTINGS): Promise<FulltextDocument> {
  return parsePdfOffThread(new Uint8Array(await readFile(path)), parseOptions(settings, signal));
}

/** A document cut short by a limit says so in the paper's warning. */
function withLimitNote(result: FulltextResult): FulltextResult {
  const note = result.document.truncated;
  if (!note) return result;
  return { ...result, warning: result.warning ? `${result.warning}; ${note}` : note };
}

/** The error's message without its closing full stop, as it goes inside a longer sentence. */
function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
}

/** Failures a repeat meets again on the same cached answers; an HTTP status is judged by its answer's key. */
const LASTING_FAILURES: ReadonlySet<FulltextFailure> = new Set(['no-pdf', 'not-pdf', 'too-large', 'encrypted', 'no-text', 'malformed-jats', 'download-failed']);

function isLastingFailure(error: unknown): boolean {
  if (error instanceof HttpError) return true;
  if (error instanceof FulltextError) return LASTING_FAILURES.has(error.reason);
  return error instanceof Error && error.cause !== undefined && isLastingFailure(error.cause);
}
