// Messages between the main thread (parsePool.ts) and the parse worker (parseWorker.ts).
import type { FulltextFailure } from './errors';
import type { FulltextDocument } from './model';

export interface ParseLimits {
  maxPages: number;
  maxTextChars: number;
}

export type ParseRequest =
  | ({ type: 'parse'; id: number; limits: ParseLimits } & ({ kind: 'pdf'; bytes: Uint8Array } | { kind: 'tei' | 'jats'; xml: string }))
  | { type: 'abort'; id: number }
  /** Read made-up XML until a real job comes, so the XML code is compiled when it does (xmlWarmup.ts). */
  | { type: 'warm-xml' }
  /** Read a made-up PDF until a real job comes, so pdf.js's parser and the layout code are compiled (pdfWarmup.ts). */
  | { type: 'warm-pdf' }
  /** End the worker, from inside, between two steps of its work (parsePool.stopIdleParseWorkers says why). */
  | { type: 'close' };

/** What a worker is told as it starts. */
export interface ParseWorkerData {
  /** Load pdf.js at once (a PDF is coming), or on the first PDF job (a worker started for XML). */
  loadPdfjs: boolean;
}

export interface SerialisedError {
  name: string;
  message: string;
  reason?: FulltextFailure;
}

export type ParseReply = { id: number; ok: true; document: FulltextDocument } | { id: number; ok: false; error: SerialisedError };
