// Static files for the full-text path: the real fixture PDFs, the bad-input PDFs, and the
// HTML pages publishers serve instead of a PDF (once labelled application/pdf, once honestly as
// text/html). Also answers bioRxiv/medRxiv `.full.pdf` content paths with a real paper PDF.
//
//   /files/pdf/<name>.pdf          test/fixtures/pdf/<name>.pdf (and /files/pdf/bad/<name>.pdf)
//   /files/html-as-pdf.pdf         an HTML page with Content-Type: application/pdf
//   /files/paywall.html            the same page as text/html
//   /files/octet/<name>.pdf        a fixture PDF as application/octet-stream (still a PDF)
//   /files/arxiv/pdf/<id>[v<n>]    where the arXiv stand-in points its PDF links: the real PDF of
//                                  that paper when one is recorded (ARXIV_PDF_BY_ID), else 404 with
//                                  a sentence saying so (the demo's cards then say "abstract only")
//   {biorxiv,medrxiv}-content/<doi>[v<n>].full.pdf 404, as for a preprint with no PDF; with
//                                  { anyPreprintPdf: true } the BMC fixture paper instead (for
//                                  full-text tests; never in the demo, where it would show
//                                  paragraphs of an unrelated paper)
//   {biorxiv,medrxiv}-content/early/<date>/<id>.source.xml   the JATS full text the bioRxiv API
//                                  names: 404, or with { preprintJats: true } a real JATS article
//                                  (a PLOS paper from PubMed Central; the same reasons as above)
import { existsSync, readFileSync } from 'node:fs';
import { normalize } from 'node:path';
import { fixturePath, send, type StandIn } from './server';

/** A login/paywall page, as publishers return for a PDF link without access. */
export const PAYWALL_HTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Access options</title></head>
<body><h1>Access this article</h1><p>Log in or purchase access to download the PDF.</p></body></html>
`;

/** The fixture served for any bioRxiv/medRxiv `.full.pdf` path. */
export const RXIV_STAND_IN_PDF = 'jneuroengrehab2016-fes-hand-opening.pdf';
/** The fixture served for any bioRxiv/medRxiv `.source.xml` path (test/fixtures/jats). */
export const RXIV_STAND_IN_JATS = 'pntd.0002065.xml';

/**
 * arXiv ids whose paper we hold as a real PDF (test/fixtures/pdf). Only the same paper: the
 * ACL Anthology camera-ready of arXiv:1805.02262 (NAACL 2018, N18-3011), whose arXiv entry is
 * test/fixtures/arxiv-atom/built_idlist_1805.02262_*.
 */
export const ARXIV_PDF_BY_ID: Readonly<Record<string, string>> = {
  '1805.02262': 'naacl2018-semantic-scholar-literature-graph-cs.pdf',
};

export interface FilesOptions {
  /** Serve the BMC fixture paper for every bioRxiv/medRxiv `.full.pdf` path. */
  anyPreprintPdf?: boolean;
  /** Serve the JATS fixture for every bioRxiv/medRxiv `.source.xml` path. */
  preprintJats?: boolean;
}

export function installFiles(standIn: StandIn, options: FilesOptions = {}): void {
  standIn.handle('files', (req, res) => {
    if (req.path === '/html-as-pdf.pdf') return send(res, 200, PAYWALL_HTML, 'application/pdf');
    if (req.path === '/paywall.html') return send(res, 200, PAYWALL_HTML, 'text/html; charset=utf-8');
    const arxiv = /^\/arxiv\/pdf\/(.+?)(v\d+)?(?:\.pdf)?$/.exec(req.path);
    if (arxiv) {
      const name = ARXIV_PDF_BY_ID[arxiv[1]!];
      if (!name) return send(res, 404, `Stand-in: no PDF of arXiv:${arxiv[1]} is recorded.`);
      return send(res, 200, readFileSync(fixturePath('pdf', name)), 'application/pdf');
    }
    const pdf = /^\/(pdf|octet)\/(.+\.pdf)$/.exec(req.path);
    const file = pdf && fixtureFile(pdf[2]);
    if (!pdf || !file) return send(res, 404, 'Not found');
    send(res, 200, readFileSync(file), pdf[1] === 'octet' ? 'application/octet-stream' : 'application/pdf');
  });
  for (const service of ['biorxivContent', 'medrxivContent'] as const) {
    standIn.handle(service, (req, res) => {
      if (/^\/early\/\d{4}\/\d\d\/\d\d\/[\w.]+\.source\.xml$/.test(req.path)) {
        if (!options.preprintJats) return send(res, 404, 'Not found');
        return send(res, 200, readFileSync(fixturePath('jats', RXIV_STAND_IN_JATS)), 'application/xml');
      }
      if (!options.anyPreprintPdf || !/^\/10\.\d+\/.+?(v\d+)?\.full\.pdf$/.test(req.path)) {
        return send(res, 404, 'Not found');
      }
      send(res, 200, readFileSync(fixturePath('pdf', RXIV_STAND_IN_PDF)), 'application/pdf');
    });
  }
}

/** test/fixtures/pdf/<relative>, refusing paths that climb out of it. */
function fixtureFile(relative: string): string | undefined {
  const clean = normalize(decodeURIComponent(relative));
  if (clean.startsWith('..') || clean.includes('/../')) return undefined;
  const path = fixturePath('pdf', clean);
  return existsSync(path) ? path : undefined;
}
