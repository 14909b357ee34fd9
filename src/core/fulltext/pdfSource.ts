// Which PDF to read for a record, and fetching it safely: through the HttpClient (timeout,
// retries, cache), with a size limit, and refusing anything that is not really a PDF, since
// publishers answer a missing or paywalled PDF with an HTML page, often labelled as a PDF.
import type { PaperRecord } from '../types';
import type { Settings } from '../settings/index';
import type { CoreDeps } from '../deps';
import { cacheUseOptions, HttpError, isAbortError, NotCachedError, TimeoutError, TooLargeError, type CacheUse } from '../net/types';
import { FulltextError } from './errors';
import { looksLikeHtml } from '../net/html';
import { grobidKnownAlive } from './grobid';
import { prewarmParseWorker } from './parsePool';

/** The Accept of every PDF request: part of the cache key, so the same for a download and a digest lookup. */
const PDF_ACCEPT = 'application/pdf';

/** How long a PDF download may take: PDFs are bigger than API answers. */
function pdfTimeoutMs(settings: Settings): number {
  return Math.max(settings['http.timeoutMs'], 1) * 3;
}

function maxPdfBytes(settings: Settings): number {
  return Math.round(settings['fulltext.maxPdfMb'] * 1024 * 1024);
}

/**
 * The limits of a full-text download (a PDF, or a preprint's JATS from the same host): a body may
 * take a while to arrive, but a host that does not answer at all is dead.
 */
export function fulltextDownloadLimits(settings: Settings): { timeoutMs: number; headersTimeoutMs: number; maxBytes: number } {
  return { timeoutMs: pdfTimeoutMs(settings), headersTimeoutMs: Math.max(settings['http.timeoutMs'], 1), maxBytes: maxPdfBytes(settings) };
}

/**
 * Open-access PDF URLs for a record, best first: for bioRxiv/medRxiv the server's own
 * `.full.pdf` of the known version, then the link the source gave (arXiv `title="pdf"`,
 * Europe PMC `fullTextUrlList` pdf), else one derived from an arXiv abstract page.
 */
export function pdfUrlCandidates(record: PaperRecord, settings: Settings): string[] {
  const urls: string[] = [];
  const versionless = versionlessRxivLink(record, settings);
  if (versionless) {
    const version = record.version?.replace(/^v/i, '');
    // The versionless link serves the latest version: a fallback, and the link a run used when
    // its PDF went out before the bioRxiv API named the version (found in the cache by it).
    urls.push(...(version ? [versionless.replace(/\.full\.pdf$/, `v${version}.full.pdf`), versionless] : [versionless]));
  }
  if (record.pdfUrl) urls.push(record.pdfUrl);
  // Derived from the abstract page only when the source gave no PDF link: a second URL on the
  // same site would only repeat the first one's failure, at the cost of another timeout.
  const fromAbs = record.url?.match(/^(https?:\/\/.+?)\/abs\/(.+?)$/);
  if (record.source === 'arxiv' && fromAbs && !record.pdfUrl) urls.push(`${fromAbs[1]}/pdf/${fromAbs[2]}`);
  const arxivVersion = arxivPdfLink(record, settings);
  if (arxivVersion) urls.push(arxivVersion);
  return [...new Set(urls)];
}

/**
 * arXiv's PDF of a journal or proceedings record that names its arXiv version (DBLP's CoRR twin,
 * Semantic Scholar's `externalIds.ArXiv`): open where the publisher's copy rarely is, so the card
 * is read in full rather than on its title. Last, after any link the record's own source gave.
 */
export function arxivPdfLink(record: PaperRecord, settings: Settings): string | undefined {
  const base = settings['sources.arxivPdf.url'].replace(/\/+$/, '');
  if (record.source === 'arxiv' || !record.arxivId || !base) return undefined;
  return `${base}/${record.arxivId}`;
}

/** bioRxiv/medRxiv's `{doi}.full.pdf`, which serves the preprint's latest version. */
function versionlessRxivLink(record: PaperRecord, settings: Settings): string | undefined {
  const content = rxivContentBase(record, settings);
  return content && record.doi ? `${content.replace(/\/+$/, '')}/${record.doi}.full.pdf` : undefined;
}

function rxivContentBase(record: PaperRecord, settings: Settings): string | undefined {
  if (record.source === 'biorxiv') return settings['sources.biorxivContent.url'];
  if (record.source === 'medrxiv') return settings['sources.medrxivContent.url'];
  return undefined;
}

/**
 * One deadline over all attempts of a full-text download (PDF or JATS), so a host that trickles
 * never holds a candidate for minutes; `expired` tells it from the caller's own cancel.
 */
export function downloadDeadline(settings: Settings, callerSignal?: AbortSignal): { signal: AbortSignal; expired: () => boolean } {
  const deadline = AbortSignal.timeout(Math.round(pdfTimeoutMs(settings) * 1.5));
  return {
    signal: callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline,
    expired: () => deadline.aborted && !callerSignal?.aborted,
  };
}

/** Downloads one PDF; throws FulltextError with the reason when it cannot be had. */
async function downloadPdf(url: string, deps: CoreDeps, cacheUse: CacheUse = 'read'): Promise<Uint8Array> {
  const { signal, expired } = downloadDeadline(deps.settings, deps.signal);
  let response;
  try {
    response = await deps.http.request({
      service: 'pdf',
      url,
      accept: PDF_ACCEPT,
      ...fulltextDownloadLimits(deps.settings),
      signal,
      cacheNotFound: true,
      ...cacheUseOptions(cacheUse),
      storeInBackground: true, // its reading waits for the bytes, not for their copy on disk
    });
  } catch (error) {
    if (expired()) {
      throw new FulltextError('timeout', `the PDF download timed out (${url})`, { cause: error });
    }
    throw downloadError(error, url, deps.settings);
  }
  checkIsPdf(response.body, response.headers['content-type'], url);
  return response.body;
}

/**
 * The record's PDF from the first of its links that has it (pdfUrlCandidates); the first failure's
 * reason is kept if all fail. What an earlier run found under any of the links is read from the
 * cache before anything is asked: whether the bioRxiv API had named the version when that run's
 * PDF went out or not, a repeat asks nothing. A link in `knownAbsent` (the cache was just asked
 * about it and holds no answer) is neither read from the cache again nor before its request.
 */
export async function downloadRecordPdf(
  record: PaperRecord,
  deps: CoreDeps,
  knownAbsent: ReadonlySet<string> = new Set(),
): Promise<{ url: string; bytes: Uint8Array }> {
  const urls = pdfUrlCandidates(record, deps.settings);
  if (urls.length === 0) throw new FulltextError('no-pdf', 'no open-access PDF link is known for this paper');
  const versionless = versionlessRxivLink(record, deps.settings);
  const notCached = new Set(urls.filter((url) => knownAbsent.has(url)));
  for (const url of urls) {
    if (notCached.has(url)) continue;
    try {
      const bytes = await downloadPdf(url, deps, 'only');
      // Its reading was not found in the cache (getFulltext looked first): a worker will make it
      // (pdfjs's, or the one of GROBID's TEI).
      prewarmParseWorker(deps.settings);
      return { url, bytes };
    } catch (error) {
      if (isAbortError(error)) throw error;
      // The versionless link serves the latest version: its remembered 404 says the server has
      // no PDF of this preprint, whichever version a later answer named.
      const remembered = error instanceof FulltextError && error.cause instanceof HttpError;
      if (url === versionless && remembered) throw error;
      if (error instanceof FulltextError && error.cause instanceof NotCachedError) notCached.add(url);
    }
  }
  // A PDF on its way from the network is a reading to come: pdfjs's, a worker each for the PDFs
  // that come together, or, GROBID answering, its TEI's, read in one. Links whose "not found" the
  // cache remembers send nothing, and bring nothing to read.
  if (notCached.size > 0) prewarmParseWorker(deps.settings, { all: !grobidKnownAlive(deps.settings) });
  return downloadFirstPdf(urls, deps, notCached);
}

/**
 * The content digest (net/contentDigest.ts) of the PDF `downloadRecordPdf` would take from the
 * cache, read from the cache's index alone: the PDF is neither read nor hashed. No digest when
 * that is not known so: no link's answer cached, the versionless link's remembered 404, or a
 * client without a cache. An answer that is not a PDF has a digest no reading is stored under,
 * so the caller falls back to `downloadRecordPdf`, which refuses it. `url`: the link it is the
 * answer of; `absent`: the links the cache holds no answer for (for `downloadRecordPdf`'s `knownAbsent`).
 */
export async function cachedRecordPdfDigest(
  record: PaperRecord,
  deps: CoreDeps,
): Promise<{ digest?: string; url?: string; absent: string[] }> {
  if (!deps.http.cachedDigest) return { absent: [] };
  const versionless = versionlessRxivLink(record, deps.settings);
  const urls = pdfUrlCandidates(record, deps.settings);
  // Asked side by side (each a file read that misses on a first run), then taken in the links' order.
  const answers = await Promise.all(urls.map((url) => deps.http.cachedDigest?.({ service: 'pdf', url, accept: PDF_ACCEPT })));
  const absent = urls.filter((_, index) => !answers[index]);
  for (const [index, url] of urls.entries()) {
    const cached = answers[index];
    if (!cached) continue;
    if (cached.status >= 200 && cached.status < 300) return { digest: cached.digest, url, absent };
    // A remembered "not found": as in downloadRecordPdf, the next link is tried, unless it was the versionless one.
    if (url === versionless) break;
  }
  return { absent };
}

/**
 * Tries each candidate URL in turn (at least one); the first failure's reason is kept if all fail.
 * A link in `notCached` was just looked up in the cache: its request does not look again.
 */
async function downloadFirstPdf(urls: string[], deps: CoreDeps, notCached: Set<string>): Promise<{ url: string; bytes: Uint8Array }> {
  let firstError: unknown;
  for (const url of urls) {
    try {
      return { url, bytes: await downloadPdf(url, deps, notCached.has(url) ? 'skip-read' : 'read') };
    } catch (error) {
      if (isAbortError(error)) throw error;
      firstError ??= error;
    }
  }
  throw firstError;
}

/** Content type and `%PDF` magic: an HTML page named .pdf must not reach the parser. */
function checkIsPdf(body: Uint8Array, contentType: string | undefined, url: string): void {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (hasPdfMagic(body)) return;
  if (type.includes('html') || looksLikeHtml(new TextDecoder().decode(body.subarray(0, 512)), { xml: true })) {
    throw new FulltextError('not-pdf', `${url} served an HTML page instead of a PDF (content type "${type || 'none'}")`);
  }
  throw new FulltextError('not-pdf', `${url} did not return a PDF (content type "${type || 'none'}", no %PDF header)`);
}

/** The header may follow a little junk; the PDF spec allows it within the first 1024 bytes. */
function hasPdfMagic(body: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(body.subarray(0, 1024));
  return head.includes('%PDF-');
}

function downloadError(error: unknown, url: string, settings: Settings): unknown {
  if (isAbortError(error)) return error;
  if (error instanceof TooLargeError) {
    return new FulltextError('too-large', `the PDF is over the ${settings['fulltext.maxPdfMb']} MB limit (fulltext.maxPdfMb)`, { cause: error });
  }
  if (error instanceof TimeoutError) {
    return new FulltextError('timeout', `the PDF download timed out (${url})`, { cause: error });
  }
  if (error instanceof HttpError) {
    return new FulltextError('download-failed', `the PDF download failed with HTTP ${error.status} (${url})`, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new FulltextError('download-failed', `the PDF download failed: ${message}`, { cause: error });
}
