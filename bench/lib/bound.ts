// The physical bound of one run: the round trips the network and the paper force, whatever plan
// the code chose. First candidates need one search round trip of the fastest lane that found one
// of them (after the wait arXiv's 3 s etiquette forces when another process asked it just before). The whole run
// needs the longest chain that cannot be avoided after the search that found its paper (a paper
// only arXiv found starts its chain when arXiv answers): one BibTeX round trip to the
// authority that holds the entry (preceded by the bioRxiv API's answer when that is where the
// journal DOI comes from), or a paper's PDF and then its reading (GROBID's processing, or pdfjs's
// parse measured on the same PDF, one per core at a time). A bioRxiv/medRxiv paper read from the
// server's JATS counts the cheaper of its two plans: the bioRxiv API's answer (which names the
// JATS), the JATS and its parse; or its PDF read as above (the plan a JATS spares). Redirects
// (doi.org → agency), fallbacks to the next authority and one-at-a-time queues the code chose are
// its own cost, never in the bound.
//
// A queue the service imposes is in the bound, as arXiv's 3 s spacing is: Crossref announces how
// many requests it answers at once (X-Concurrency-Limit: 1 in the public pool, recorded in
// test/fixtures/crossref), so the Crossref requests the product's promises need queue there: one
// list of records (`/works?filter=doi:A,doi:B`) for all the run's Crossref DOIs (their editorial
// notices, retracted or not, and which DOIs Crossref holds at all); one BibTeX (one DOI a request)
// for each work whose BibTeX Crossref serves (its version of record's, else the preprint's own);
// and one more list when a record names a version of record nobody named before it
// (`is-preprint-of`), which can only be asked once that record is read. Those DOIs are known after
// the search, or after the bioRxiv API's answer for a bioRxiv/medRxiv preprint (it names the
// journal version). A DOI the list shows Crossref lacks needs no BibTeX request: asking it anyway
// is the product's cost.
import type { Candidate, FindResult } from '../../src/core/types';
import { normalizeDoi } from '../../src/core/identity/work';
import { isDataciteDoi } from '../../test/standin/doi';

export type Latency = Record<'arxiv' | 'europepmc' | 'biorxiv' | 'bibtex' | 'pdf' | 'grobid' | 'dblp' | 'semanticscholar' | 'openalex', number>;

export interface BoundInput {
  result: FindResult;
  latency: Latency;
  /** ms the run had to wait before arXiv would take its first request (0 when not arXiv). */
  forcedArxivWaitMs: number;
  /** How many candidates get full text (settings fulltext.topK). */
  fulltextTopK: number;
  /** How long pdfjs takes to read the PDF the stand-in serves, in a warm worker. */
  pdfjsParseMs: number;
  /** How long the JATS the stand-in serves takes to parse, in a warm worker. */
  jatsParseMs: number;
  /** Whether a GROBID runs (then a PDF is read by GROBID, not pdfjs). */
  grobid: boolean;
  /** Cores that can read PDFs at once (one parse worker each). */
  cores: number;
  /** Requests Crossref answers at once (its announced X-Concurrency-Limit). */
  crossrefConcurrency: number;
  /** Whether Crossref serves BibTeX for a DOI (the stand-in's holdings; every Crossref DOI in the world). */
  crossrefServesBibtex: (doi: string) => boolean;
}

export interface Bound {
  firstMs: number;
  totalMs: number;
  /** What the longest chain was ("search + …"), for the report. */
  chain: string;
}

/**
 * One search round trip of the fastest lane whose answer held one of the run's candidates: the
 * preprint server routing chose (or another searched beside it), or a published lane (PubMed
 * through Europe PMC, DBLP, Semantic Scholar, OpenAlex). A lane that answered with nothing cannot
 * show a candidate, so its round trip bounds nothing (the stand-in's Semantic Scholar holds no
 * astronomy, and answered the supernova claim 100 ms before Europe PMC with an empty list). With
 * no candidates at all, the fastest lane searched.
 */
function fastestSearch(input: BoundInput): number {
  const { result, latency } = input;
  const laneMs = laneTimes(input);
  const finders = [...new Set(result.candidates.flatMap((c) => c.sources))].filter((s) => s in laneMs).map((s) => laneMs[s]!);
  if (finders.length > 0) return Math.min(...finders);
  const primary = result.routing.primary === 'arxiv' ? laneMs.arxiv! : latency.europepmc;
  const published = (result.lanes ?? []).filter((l) => l.searched && l.lane in laneMs).map((l) => laneMs[l.lane]!);
  return Math.min(primary, ...published);
}

/** When each lane's answer can arrive: its round trip, and arXiv's after the wait its etiquette forces. */
function laneTimes(input: BoundInput): Record<string, number> {
  const { latency } = input;
  return {
    arxiv: latency.arxiv + input.forcedArxivWaitMs, biorxiv: latency.europepmc, medrxiv: latency.europepmc,
    pubmed: latency.europepmc, dblp: latency.dblp, semanticscholar: latency.semanticscholar, openalex: latency.openalex,
  };
}

/**
 * When a candidate can be known at all: the fastest lane that found it (a paper only arXiv found
 * exists for the run once arXiv answers), never before the run's first search.
 */
function arrivalOf(candidate: Candidate, laneMs: Record<string, number>, search: number): number {
  const lanes = candidate.sources.filter((s) => s in laneMs).map((s) => laneMs[s]!);
  return lanes.length ? Math.max(search, Math.min(...lanes)) : search;
}

export function physicalBound(input: BoundInput): Bound {
  const { result, latency } = input;
  const search = fastestSearch(input);
  const laneMs = laneTimes(input);
  // Each chain starts when its candidate can be known; the run ends with the latest of them.
  let totalMs = search;
  let chain = 'search alone';
  const consider = (at: number, link: { ms: number; path: string }) => {
    if (at + link.ms <= totalMs) return;
    totalMs = at + link.ms;
    chain = at > search ? `the answer that found the paper (${at} ms) + ${link.path}` : `search + ${link.path}`;
  };
  for (const candidate of result.candidates) consider(arrivalOf(candidate, laneMs, search), bibtexChain(candidate, latency));
  consider(search, crossrefQueue(result.candidates, input));
  const topK = [...result.candidates].sort((a, b) => b.retrievalScore - a.retrievalScore).slice(0, input.fulltextTopK);
  // PDFs that arrive together are read side by side, one per core: more of them than cores
  // take as many parses one after another.
  // A paper read from its JATS could have been a PDF read the same way (the JATS plan's alternative).
  const pdfReadings = topK.filter((c) => c.fulltext === 'pdfjs' || (c.fulltext === 'jats' && !input.grobid)).length;
  const parsesInLine = Math.ceil(pdfReadings / Math.max(1, input.cores));
  for (const candidate of topK) {
    consider(arrivalOf(candidate, laneMs, search), fulltextChain(candidate, input, Math.max(1, parsesInLine)));
  }
  return { firstMs: search, totalMs, chain };
}

/** One round trip to the authority; the bioRxiv API's answer first when it alone names the journal DOI. */
function bibtexChain(c: Candidate, latency: Latency): { ms: number; path: string } {
  if (!c.doi && !c.publishedDoi && !c.arxivId) return c.dblpKey ? { ms: latency.dblp, path: 'DBLP\'s record' } : { ms: 0, path: 'nothing to ask' };
  const enrichedPublished = c.source !== 'arxiv' && c.publishedDoi !== undefined;
  return enrichedPublished
    ? { ms: latency.biorxiv + latency.bibtex, path: 'bioRxiv API (journal DOI), then one BibTeX round trip' }
    : { ms: latency.bibtex, path: 'one BibTeX round trip' };
}

/** The Crossref requests every candidate needs, answered `crossrefConcurrency` at a time. */
function crossrefQueue(candidates: Candidate[], input: BoundInput): { ms: number; path: string } {
  const { latency } = input;
  const crossrefDoi = (doi: string | undefined) => {
    const normal = normalizeDoi(doi);
    // The stand-in's doi.org names Crossref the agency of every prefix but DataCite's (test/standin/doi.ts).
    return normal && !isDataciteDoi(normal) ? normal : undefined;
  };
  const bibtex = new Set<string>();
  let listed = false;
  let followUp = false;
  let afterBiorxiv = false;
  for (const c of candidates) {
    const dois = [crossrefDoi(c.publishedDoi), crossrefDoi(c.doi)].filter((d): d is string => d !== undefined);
    if (dois.length === 0) continue;
    listed = true;
    const served = dois.find(input.crossrefServesBibtex);
    if (served) bibtex.add(served);
    const named = crossrefDoi(c.versionOfRecord?.doi);
    followUp ||= named !== undefined && !dois.includes(named);
    afterBiorxiv ||= c.source !== 'arxiv' && c.publishedDoi !== undefined;
  }
  if (!listed) return { ms: 0, path: 'none' };
  const lists = followUp ? 2 : 1;
  const turns = Math.ceil((bibtex.size + lists) / Math.max(1, input.crossrefConcurrency));
  const ms = (afterBiorxiv ? latency.biorxiv : 0) + turns * latency.bibtex;
  const what = `${bibtex.size} BibTeX + ${lists} list${lists > 1 ? 's' : ''} of records`;
  return { ms, path: `${afterBiorxiv ? 'bioRxiv API, then ' : ''}Crossref: ${what}, ${input.crossrefConcurrency} at a time` };
}

function fulltextChain(c: Candidate, input: BoundInput, parsesInLine: number): { ms: number; path: string } {
  const { latency } = input;
  if (c.fulltext === 'jats') {
    // PMC names its JATS in the search answer (Europe PMC serves it: its latency); a preprint's
    // comes from the bioRxiv API's.
    const fromPmc = c.pmcid !== undefined && c.sources.includes('pubmed');
    const jats = fromPmc
      ? { ms: latency.europepmc + input.jatsParseMs, path: `PMC's JATS + its parse (${input.jatsParseMs} ms)` }
      : { ms: latency.biorxiv + latency.pdf + input.jatsParseMs, path: `bioRxiv API + JATS + its parse (${input.jatsParseMs} ms)` };
    const pdf = fulltextChain({ ...c, fulltext: input.grobid ? 'grobid' : 'pdfjs' }, input, parsesInLine);
    return pdf.ms < jats.ms ? pdf : jats;
  }
  if (c.fulltext === 'grobid') return { ms: latency.pdf + latency.grobid, path: 'PDF + GROBID' };
  if (c.fulltext === 'pdfjs') {
    const what = parsesInLine > 1 ? `${parsesInLine} × pdfjs (${input.pdfjsParseMs} ms; more PDFs than cores)` : `pdfjs (${input.pdfjsParseMs} ms)`;
    return { ms: latency.pdf + parsesInLine * input.pdfjsParseMs, path: `PDF + ${what}` };
  }
  // Abstract only: the PDF was asked for and refused, when the record named one.
  return c.pdfUrl || (c.source !== 'arxiv' && c.doi) ? { ms: latency.pdf, path: 'PDF (refused)' } : { ms: 0, path: 'none' };
}
