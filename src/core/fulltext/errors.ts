// Why a paper's full text could not be had. Every failure on the full-text path becomes one
// FulltextError with a machine-readable reason, so the pipeline can fall back (GROBID → pdfjs →
// abstract) and tell the user, in one sentence, what went wrong.

export type FulltextFailure =
  | 'no-pdf' // the record names no PDF we can fetch
  | 'download-failed' // network error or HTTP error status
  | 'timeout'
  | 'not-pdf' // HTML (or anything else) served where a PDF was expected
  | 'too-large' // over settings['fulltext.maxPdfMb']
  | 'encrypted' // needs a password to open
  | 'corrupt' // not a readable PDF
  | 'no-text' // scanned pages without a text layer, or nothing extractable
  | 'malformed-tei' // GROBID answer that is not well-formed TEI
  | 'malformed-jats' // bioRxiv/medRxiv JATS that is not a well-formed JATS article (or declares entities)
  | 'grobid-down' // GROBID not reachable / not alive
  | 'grobid-failed' // GROBID answered with an error status
  | 'grobid-timeout'
  | 'grobid-no-text'; // GROBID answered 204: nothing could be extracted

export class FulltextError extends Error {
  override name = 'FulltextError';
  constructor(
    readonly reason: FulltextFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
