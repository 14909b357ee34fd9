// The physical bound of one run: the round trips the network forces, whatever plan the code
// chose. First candidates need one search round trip of the primary repository (after the wait
// arXiv's 3 s etiquette forces when another process asked it just before). The whole run needs
// that plus its longest dependent chain after it: a candidate's BibTeX (its authorities in the
// prescribed order, each asked only when the one before could not answer), or its PDF and then
// GROBID. Requests the code adds beyond these count against it, never in the bound.
import type { Candidate, FindResult } from '../../src/core/types';

export type Latency = Record<'arxiv' | 'europepmc' | 'biorxiv' | 'doi' | 'arxivBibtex' | 'pdf' | 'grobid', number>;

export interface BoundInput {
  result: FindResult;
  latency: Latency;
  /** ms the run had to wait before arXiv would take its first request (0 when not arXiv). */
  forcedArxivWaitMs: number;
  /** How many candidates get full text (settings fulltext.topK). */
  fulltextTopK: number;
}

export interface Bound {
  firstMs: number;
  totalMs: number;
  /** What the longest chain after the search was, for the report. */
  chain: string;
}

export function physicalBound(input: BoundInput): Bound {
  const { result, latency } = input;
  const search = result.routing.primary === 'arxiv' ? latency.arxiv + input.forcedArxivWaitMs : latency.europepmc;
  let chainMs = 0;
  let chain = 'none';
  const topK = [...result.candidates].sort((a, b) => b.retrievalScore - a.retrievalScore).slice(0, input.fulltextTopK);
  for (const candidate of result.candidates) {
    const bib = bibtexChain(candidate, latency);
    if (bib.ms > chainMs) [chainMs, chain] = [bib.ms, `BibTeX via ${bib.path}`];
  }
  // arxiv.org/bibtex takes one request at a time: the fallbacks that cannot be avoided queue,
  // from the moment the first of them has been refused by every authority before it.
  const fallbacks = result.candidates.filter((c) => c.arxivId && !(c.bibtexSource && /10\.48550/i.test(c.bibtexSource)) && !servedByDoi(c));
  if (fallbacks.length > 1) {
    const before = Math.min(...fallbacks.map((c) => bibtexChain(c, latency).ms - latency.arxivBibtex));
    const queued = before + fallbacks.length * latency.arxivBibtex;
    if (queued > chainMs) [chainMs, chain] = [queued, `${before} ms of authorities, then ${fallbacks.length} arxiv.org/bibtex fallbacks one at a time`];
  }
  for (const candidate of topK) {
    const full = fulltextChain(candidate, latency);
    if (full.ms > chainMs) [chainMs, chain] = [full.ms, full.path];
  }
  return { firstMs: search, totalMs: search + chainMs, chain };
}

function servedByDoi(c: Candidate): boolean {
  return Boolean(c.bibtexSource && [c.doi, c.publishedDoi].some((d) => d && c.bibtexSource!.toLowerCase().includes(d.toLowerCase())));
}

/** The authorities in the prescribed order, up to the one that answered (all, when none did). */
function bibtexChain(c: Candidate, latency: Latency): { ms: number; path: string } {
  const steps: { name: string; ms: number; served: (source: string) => boolean }[] = [];
  const enrichedPublished = c.source !== 'arxiv' && c.publishedDoi !== undefined;
  for (const doi of new Set([c.publishedDoi, c.doi].filter((d): d is string => Boolean(d)))) {
    if (doi.toLowerCase().startsWith('10.48550/')) continue;
    // A journal DOI of a bioRxiv/medRxiv preprint is known only from the bioRxiv API's answer.
    const ms = latency.doi + (enrichedPublished && doi === c.publishedDoi ? latency.biorxiv : 0);
    steps.push({ name: `doi.org ${doi}`, ms, served: (s) => s.toLowerCase().includes(encodeURIComponent(doi).toLowerCase()) || s.toLowerCase().includes(doi.toLowerCase()) });
  }
  if (c.arxivId) {
    steps.push({ name: 'DataCite', ms: latency.doi, served: (s) => /10\.48550/i.test(s) });
    steps.push({ name: 'arxiv.org/bibtex', ms: latency.arxivBibtex, served: (s) => /bibtex/i.test(s) && !/10\.48550/i.test(s) });
  }
  let ms = 0;
  const path: string[] = [];
  for (const step of steps) {
    // The next authority is asked only after this one could not answer.
    ms += step.ms;
    path.push(step.name);
    if (c.bibtexSource && step.served(c.bibtexSource)) break;
  }
  return { ms, path: path.join(' → ') || 'nothing to ask' };
}

function fulltextChain(c: Candidate, latency: Latency): { ms: number; path: string } {
  if (c.fulltext === 'grobid') return { ms: latency.pdf + latency.grobid, path: 'PDF + GROBID' };
  if (c.fulltext === 'pdfjs') return { ms: latency.pdf, path: 'PDF (read in-process)' };
  // Abstract only: the PDF was asked for and refused, when the record named one.
  return c.pdfUrl || (c.source !== 'arxiv' && c.doi) ? { ms: latency.pdf, path: 'PDF (refused)' } : { ms: 0, path: 'none' };
}
