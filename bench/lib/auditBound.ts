// The physical bound of a cold cite audit: what the network and the services' etiquette force for
// the works a project cites, whatever plan the code chose. Every work is resolved at once (arXiv
// ids in one id_list request, each DOI at Crossref, then the bioRxiv API for a bioRxiv DOI); a
// DOI'd work with neither abstract nor PDF is read through its arXiv version, which takes a second
// arXiv request: arXiv's etiquette (one request every 3 s) puts it 3 s after the first, and a
// search cannot share the id_list request (arXiv answers the two together with their
// intersection). A published work with no open full text of its own is asked of Europe PMC by its
// DOI once its record is known. Then each work's PDF, at most `pdfConcurrency` at a time
// (fulltext.concurrency, one queue for every PDF host), and its reading (GROBID's time, or pdfjs's
// parse) when it was served, at most `readingConcurrency` at a time (grobid.concurrency, or the
// parse workers). Both
// queues are of equal jobs, so starting each job as early as it can is the best order there is.
// Margins and retries citefinder adds, and requests it makes beyond these, count against it.

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
  /** A published work with no full text of its own: Europe PMC is asked by its DOI (PMC's full text, PubMed's abstract). */
  asksEuropePmc?: boolean;
  label: string;
}

export interface AuditLatency {
  arxiv: number;
  pdf: number;
  europepmc: number;
}

export interface AuditBound {
  ms: number;
  /** The constraint that sets it, for the report. */
  chain: string;
}

export interface AuditLimits {
  arxivSpacingMs: number;
  pdfConcurrency: number;
  readingConcurrency: number;
  /**
   * For a plan that asks Crossref one DOI a request: when each DOI is known (ms), each request's
   * latency, and the concurrency Crossref announces. Absent: the DOIs share requests
   * (`/works?filter=doi:…,doi:…`, same-name filters OR'd), so Crossref's queue forces nothing.
   */
  crossrefOnePerDoi?: { readyMs: number[]; latencyMs: number; concurrency: number };
}

export function auditBound(works: BoundWork[], latency: AuditLatency, limits: AuditLimits): AuditBound {
  const { arxivSpacingMs } = limits;
  const chains: AuditBound[] = [];
  const pdfJobs: { readyMs: number; readingMs?: number }[] = [];
  const fetchPdf = (readyMs: number, readingMs: number | undefined, label: string) => {
    pdfJobs.push({ readyMs, readingMs });
    const read = readingMs === undefined ? ' (refused)' : ` → reading (${readingMs} ms)`;
    chains.push({ ms: readyMs + latency.pdf + (readingMs ?? 0), chain: `${label} → PDF${read}` });
  };
  for (const work of works) {
    chains.push({ ms: work.resolvedMs, chain: `${work.label} lookup` });
    if (work.hasPdf) fetchPdf(work.resolvedMs, work.readingMs, work.label);
    // Asked as soon as the record shows no open PDF of its own.
    if (work.asksEuropePmc) chains.push({ ms: work.resolvedMs + latency.europepmc, chain: `${work.label} lookup → Europe PMC by its DOI` });
    if (!work.needsArxivVersion) continue;
    // The second arXiv request: after the spacing, and after the work's own record.
    const searched = Math.max(arxivSpacingMs, work.resolvedMs) + latency.arxiv;
    chains.push({ ms: searched, chain: `${work.label} lookup → arXiv's next slot (${arxivSpacingMs} ms) → its arXiv version` });
    if (work.version?.hasPdf) fetchPdf(searched, work.version.readingMs, `${work.label} → arXiv version`);
  }
  // The PDF queue, then the reading queue for the PDFs served.
  const downloads = pdfJobs.map((job) => ({ ...job, doneMs: 0 })).sort((a, b) => a.readyMs - b.readyMs);
  const downloaded = schedule(downloads.map((d) => d.readyMs), latency.pdf, limits.pdfConcurrency);
  downloads.forEach((d, i) => (d.doneMs = downloaded[i]!));
  if (downloads.length) chains.push({ ms: Math.max(...downloaded), chain: `${downloads.length} PDFs, ${limits.pdfConcurrency} at a time (fulltext.concurrency)` });
  const perDoi = limits.crossrefOnePerDoi;
  if (perDoi?.readyMs.length) {
    const asked = schedule(perDoi.readyMs, perDoi.latencyMs, perDoi.concurrency);
    chains.push({ ms: Math.max(...asked), chain: `${asked.length} Crossref requests, one DOI each, ${perDoi.concurrency} at a time (its announced concurrency)` });
  }
  const reads = downloads.filter((d) => d.readingMs !== undefined);
  for (const readingMs of new Set(reads.map((r) => r.readingMs!))) {
    // Each distinct reading time on its own: a bound for those PDFs whatever the others take.
    const same = reads.filter((r) => r.readingMs === readingMs);
    const read = schedule(same.map((r) => r.doneMs), readingMs, limits.readingConcurrency);
    chains.push({ ms: Math.max(...read), chain: `${same.length} PDFs read (${readingMs} ms each), ${limits.readingConcurrency} at a time` });
  }
  return chains.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, chain: 'none' });
}

/** When each of these equal jobs ends, started as early as `slots` parallel servers allow, in order of readiness. */
function schedule(readyMs: number[], durationMs: number, slots: number): number[] {
  const free = Array.from({ length: Math.min(Math.max(1, slots), Math.max(1, readyMs.length)) }, () => 0);
  return [...readyMs].sort((a, b) => a - b).map((ready) => {
    const slot = free.indexOf(Math.min(...free));
    free[slot] = Math.max(ready, free[slot]!) + durationMs;
    return free[slot]!;
  });
}
