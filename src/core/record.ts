// A work as the sources describe it: one source's record, its citation count, the trust signals
// and the version of record. Re-exported by types.ts, the core's shared vocabulary.
import type { RecordSource } from './types';

/** One record as a source returned it, normalised. */
export interface PaperRecord {
  /** Stable id: `arxiv:<versionless id>` or `doi:<lower-case doi>`. */
  id: string;
  source: RecordSource;
  title: string;
  authors: string[];
  year?: number;
  /** Lower-case DOI. For a preprint with a journal version, the preprint's own DOI. */
  doi?: string;
  /** Versionless arXiv id, e.g. `2004.07180` or `astro-ph/9812133`. */
  arxivId?: string;
  version?: string;
  url?: string;
  pdfUrl?: string;
  /** The server's full text as JATS XML (bioRxiv/medRxiv `.source.xml`), read before the PDF. */
  jatsUrl?: string;
  abstract?: string;
  categories?: string[];
  /** DOI of the peer-reviewed version, when the source knows it. */
  publishedDoi?: string;
  journal?: string;
  /** The author's comment on this version (arXiv): "withdrawn", "accepted at …". */
  comment?: string;
  /** DBLP's key of the work (`conf/nips/VaswaniSPUJGKP17`): its BibTeX when it has no DOI. */
  dblpKey?: string;
  /** PubMed id, as a string of digits. */
  pmid?: string;
  /** PubMed Central id, `PMC1234567`. */
  pmcid?: string;
  /**
   * True when the source says the full text is open access (PMC's OA subset, an OA PDF that
   * OpenAlex or Semantic Scholar reports); false when it says it is not; absent when unknown.
   */
  openAccess?: boolean;
  /** A notice the source itself carries (Europe PMC's "Retracted Publication" type). */
  sourceTrust?: 'retracted' | 'concern';
  /** The source's type for a notice about another article (PubMed's "Published Erratum"): never a work to cite. */
  sourceNotice?: string;
  /** How many works cite it, by the index that counted them; shown, never used to rank. */
  citedBy?: CitationCount;
}

/**
 * The citation indexes whose counts a record carries: they count different literatures. Crossref
 * counts only the citations its members deposit, so its count is often the smallest.
 */
export type CitationIndex = 'openalex' | 'semanticscholar' | 'europepmc' | 'crossref';

export interface CitationCount {
  count: number;
  by: CitationIndex;
}

/** Whether a work may be cited as it stands: retraction and similar notices, from real records. */
export interface TrustSignal {
  status: 'retracted' | 'withdrawn' | 'concern' | 'corrected' | 'ok' | 'unknown';
  /** The notice that decides the status (its DOI, date, who asserted it). */
  notice?: { doi: string; date?: string; source?: string; url?: string };
  /** What was checked, or why nothing could be. */
  reason?: string;
}

/** The peer-reviewed version of a preprint. */
export interface VersionOfRecord {
  doi?: string;
  journal?: string;
  year?: number;
}
