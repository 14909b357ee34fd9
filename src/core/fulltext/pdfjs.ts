// In-process PDF text extraction with pdfjs-dist, the fallback when no GROBID runs. pdfjs is
// imported lazily (it is an esbuild external, several MB) so activating the extension or
// running a search without full text never loads it. In Node pdfjs runs its "worker" on the
// main thread; we hand it the worker module ourselves (globalThis.pdfjsWorker) so it never has
// to resolve a workerSrc path relative to a bundle.
import { readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { FulltextError } from './errors';
import { pageLines, type Line, type PageRuns, type TextRun } from './layout';
import type { FulltextDocument } from './model';
import type { EmbeddedFonts } from './pdfWarmup';
import { buildDocument } from './paragraphs';
import { symbolFontText } from './symbolFont';

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<Pdfjs> | undefined;

/** Loads pdfjs-dist once, on first use. */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const holder = globalThis as { pdfjsWorker?: unknown };
    if (!holder.pdfjsWorker) {
      const workerModule = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
      holder.pdfjsWorker = await import(workerModule);
    }
    return pdfjs;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * pdfjs reads glyph data for the 14 standard fonts (often not embedded) from its package; in
 * Node it takes a directory path. Undefined when the package cannot be located.
 */
function standardFontDataDir(): string | undefined {
  try {
    return join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + sep;
  } catch {
    return undefined;
  }
}

/**
 * Two CFF font programs for the made-up PDF of the warm-up (pdfWarmup.ts): pdfjs-dist's Foxit
 * serif fonts, which are bare CFF despite their .pfb name. Undefined when they cannot be read.
 */
export function warmupFonts(): EmbeddedFonts | undefined {
  const dir = standardFontDataDir();
  if (!dir) return undefined;
  try {
    return { regular: readFileSync(join(dir, 'FoxitSerif.pfb')), bold: readFileSync(join(dir, 'FoxitSerifBold.pfb')) };
  } catch {
    return undefined;
  }
}

export interface PdfjsOptions {
  signal?: AbortSignal;
  /** Stop after this many pages (very long theses and books). */
  maxPages?: number;
  /** Stop after the page on which the text read passes this many characters. */
  maxChars?: number;
  /** Told what was left out when a limit stopped the reading. */
  onLimit?: (note: string) => void;
}

/** Below this many letters per page on average, the PDF is taken to have no text layer. */
const MIN_LETTERS_PER_PAGE = 50;

/** A PDF's text as a FulltextDocument; FulltextError for encrypted, corrupt or image-only PDFs. */
export async function extractWithPdfjs(bytes: Uint8Array, options: PdfjsOptions = {}): Promise<FulltextDocument> {
  let truncated: string | undefined;
  const pages = await readPages(bytes, { ...options, onLimit: (note) => (truncated = note) });
  const letters = pages.reduce((n, page) => n + page.runs.reduce((m, run) => m + countLetters(run.text), 0), 0);
  if (letters < MIN_LETTERS_PER_PAGE * pages.length) {
    throw new FulltextError('no-text', 'the PDF has no text layer (a scanned document?); OCR is not attempted');
  }
  const lines: Line[] = pages.flatMap(pageLines);
  const document = buildDocument(lines);
  if (document.sections.length === 0) {
    throw new FulltextError('no-text', 'no paragraphs of text could be recovered from the PDF');
  }
  return truncated ? { ...document, truncated } : document;
}

/** The text runs of every page, with rotated text (such as arXiv's side stamp) left out. */
export async function readPages(bytes: Uint8Array, options: PdfjsOptions = {}): Promise<PageRuns[]> {
  const pdfjs = await loadPdfjs();
  // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    useSystemFonts: false,
    disableFontFace: true,
    // Stated, not defaulted: pdfjs takes an Electron utility process (VS Code's extension host)
    // for a browser, and there these browser-only paths must stay off too.
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    standardFontDataUrl: standardFontDataDir(),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  const onAbort = () => void task.destroy();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const pdf = await task.promise.catch((error: unknown) => {
      throw openError(error);
    });
    const count = Math.min(pdf.numPages, options.maxPages ?? Infinity);
    const maxChars = options.maxChars ?? Infinity;
    const pages: PageRuns[] = [];
    let chars = 0;
    for (let number = 1; number <= count; number++) {
      // Between pages: a cancel (or the run's deadline) stops a long document here.
      options.signal?.throwIfAborted();
      if (chars > maxChars) {
        options.onLimit?.(`read only the first ${number - 1} of ${pdf.numPages} pages, which hold over ${maxChars.toLocaleString('en-US')} characters (fulltext.maxTextChars)`);
        break;
      }
      const page = await pdf.getPage(number);
      const [x0, y0, x1, y1] = page.view;
      const content = await page.getTextContent();
      const runs: TextRun[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const text = symbolFontText(item.str);
        if (text === '') continue;
        const [a, b, c, d, e, f] = item.transform as number[];
        if (Math.abs(b) > 0.01 || Math.abs(c) > 0.01 || a <= 0 || d <= 0) continue; // rotated or mirrored
        runs.push({ text, x: e - x0, y: f - y0, width: item.width, size: Math.hypot(c, d), font: item.fontName });
      }
      pages.push({ number, width: x1 - x0, height: y1 - y0, runs });
      for (const run of runs) chars += run.text.length;
      page.cleanup();
    }
    if (count < pdf.numPages && chars <= maxChars) {
      options.onLimit?.(`read only the first ${count} of ${pdf.numPages} pages (fulltext.maxPages)`);
    }
    return pages;
  } catch (error) {
    options.signal?.throwIfAborted();
    throw error instanceof FulltextError ? error : openError(error);
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await task.destroy().catch(() => undefined);
  }
}

function openError(error: unknown): FulltextError {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    return new FulltextError('encrypted', 'the PDF is encrypted and needs a password to open', { cause: error });
  }
  return new FulltextError('corrupt', `the PDF could not be read (${message || name || 'invalid structure'})`, { cause: error });
}

function countLetters(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}
