// The physical bound of a cold cite audit: what the network and the services' etiquette force for
// the works a project cites, whatever plan the code chose. Every work is resolved at once (arXiv
// ids in one id_list request, each DOI at Crossref, then the bioRxiv API for a bioRxiv DOI); a
// DOI'd work with neither abstract nor PDF is read through its arXiv version, which takes a second
// arXiv request: arXiv's etiquette (one request every 3 s) puts it 3 s after the first, and a
// search cannot share the id_list request (arXiv answers the two together with their
// intersection). Then each work's PDF, at most `pdfConcurrency` at a time (fulltext.concurrency,
// one queue for every PDF host), and its reading (GROBID's time, or pdfjs's parse) when it was served. Margins and
// retries citefinder adds, and requests it makes beyond these, count against it.

export interface BoundWork {
  /** ms from the first request until the work's record is known. */
  resolvedMs: number;
  /** The work has a PDF link to try (arXiv's, a bioRxiv content URL). */
  hasPdf: boolean;
  /** How long reading its PDF takes when it is served (GROBID's time, or pdfjs's parse); undefined: refused. */
  readingMs?: number;
  /** No abstract and no PDF: its arXiv version is searched for. */
  needsArxivVersion: boolean;
  /** The arXiv version found has a PDF to try (and it is served). */
  version?: { hasPdf: boolean; readingMs?: number };
  label: string;
}

export interface AuditLatency {
  arxiv: number;
  pdf: number;
}

export interface AuditBound {
  ms: number;
  /** The constraint that sets it, for the report. */
  chain: string;
}

export function auditBound(works: BoundWork[], latency: AuditLatency, arxivSpacingMs: number, pdfConcurrency: number): AuditBound {
  const chains: AuditBound[] = [];
  const pdfJobs: number[] = [];
  const fetchPdf = (readyMs: number, readingMs: number | undefined, label: string) => {
    pdfJobs.push(readyMs);
    const read = readingMs === undefined ? ' (refused)' : ` → reading (${readingMs} ms)`;
    chains.push({ ms: readyMs + latency.pdf + (readingMs ?? 0), chain: `${label} → PDF${read}` });
  };
  for (const work of works) {
    chains.push({ ms: work.resolvedMs, chain: `${work.label} lookup` });
    if (work.hasPdf) fetchPdf(work.resolvedMs, work.readingMs, work.label);
    if (!work.needsArxivVersion) continue;
    // The second arXiv request: after the spacing, and after the work's own record.
    const searched = Math.max(arxivSpacingMs, work.resolvedMs) + latency.arxiv;
    chains.push({ ms: searched, chain: `${work.label} lookup → arXiv's next slot (${arxivSpacingMs} ms) → its arXiv version` });
    if (work.version?.hasPdf) fetchPdf(searched, work.version.readingMs, `${work.label} → arXiv version`);
  }
  // The PDF queue: the jobs ready at or after r cannot all finish before r + rounds × one PDF.
  for (const ready of new Set(pdfJobs)) {
    const after = pdfJobs.filter((r) => r >= ready).length;
    const ms = ready + Math.ceil(after / pdfConcurrency) * latency.pdf;
    chains.push({ ms, chain: `${after} PDFs ready at ${ready} ms, ${pdfConcurrency} at a time (fulltext.concurrency)` });
  }
  return chains.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, chain: 'none' });
}
