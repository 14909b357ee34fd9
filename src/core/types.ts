// The shared vocabulary of the core pipeline. Every stage speaks these types;
// the CLI JSON output (see docs/cli.md) is a direct serialisation of `FindResult`.
import type { PaperRecord, TrustSignal, VersionOfRecord } from './record';

export type { CitationCount, CitationIndex, PaperRecord, TrustSignal, VersionOfRecord } from './record';

/** The preprint servers citefinder searches. */
export type Repository = 'arxiv' | 'biorxiv' | 'medrxiv';

/**
 * The published literature, searched beside the preprint servers: PubMed and PMC (through Europe
 * PMC), DBLP, Semantic Scholar and OpenAlex. Each is a lane: routing picks the lanes of a claim.
 */
export type PublishedLane = 'pubmed' | 'dblp' | 'semanticscholar' | 'openalex';

/** Where a record came from: a preprint server, a published lane, or Crossref for works found by lookup. */
export type RecordSource = Repository | PublishedLane | 'crossref';

/** Disciplines the router knows; each maps to a primary repository. */
export type Discipline =
  | 'computer-science'
  | 'physics'
  | 'mathematics'
  | 'statistics'
  | 'biology'
  | 'medicine';

/** Plain-text context read from the manuscript around the selection. Never sent to search hosts. */
export interface DocumentContext {
  title?: string;
  abstract?: string;
  /** Heading of the section holding the selection. */
  sectionTitle?: string;
  /** Plain text of that section, trimmed to a few thousand characters. */
  sectionText?: string;
}

/** The user's selection after LaTeX stripping and sentence splitting. */
export interface Claim {
  /** The selection as the user wrote it (LaTeX source). */
  source: string;
  /** Plain text: commands, comments, math and existing citations removed. */
  text: string;
  sentences: string[];
  context: DocumentContext;
}

export interface RoutingDecision {
  discipline: Discipline;
  primary: Repository;
  secondary: Repository;
  reason: string;
  by: 'llm' | 'heuristic';
  /** 0–1. Below the pipeline's threshold, primary and secondary are searched concurrently. */
  confidence: number;
  /**
   * Heuristic router only: the probability of the server that is neither primary nor secondary.
   * Above routing/closeCall.ts's line, all three servers are searched at once.
   */
  third?: number;
  /**
   * Heuristic router only, for a claim of another field: the probability that it is computer
   * science. From search/published.ts's line, DBLP is searched beside that field's lanes.
   */
  computerScience?: number;
}

/**
 * A search query as keywords. A keyword with spaces is a phrase.
 * Rendered into each source's own syntax by src/core/queries/render.ts.
 */
/** Limits of a search, sent to the sources: publication years and words every result must have. */
export interface QueryFilter {
  fromYear?: number;
  untilYear?: number;
  /** Words or phrases every result must contain (`+word` in the text form). */
  required?: string[];
}

export interface Query {
  keywords: string[];
  filter?: QueryFilter;
  /** In 'focused' mode: the keywords that must all match (a subset of `keywords`). */
  focus?: string[];
  /** Index of the claim sentence this query came from, if any. */
  sentence?: number;
  /** Family names a result must have among its authors (`au:Name` in the text form; an informal citation's). */
  authors?: string[];
}

/**
 * How keywords combine: all of them (AND), any of them (OR), or 'focused': every `focus`
 * keyword and at least one of the others (the host's relevance ranking rewards matching more).
 */
export type MatchMode = 'all' | 'any' | 'focused';

export interface SearchRequest {
  query: Query;
  mode: MatchMode;
  maxResults: number;
  signal?: AbortSignal;
}

/** A search backend. One implementation per file in src/core/sources/. */
export interface SearchSource {
  readonly name: Repository;
  /** True when the host spaces requests seconds apart (arXiv): every extra request costs that. */
  readonly paced?: boolean;
  /** The service that answers the searches (bioRxiv's and medRxiv's are both Europe PMC's); its name when unset. */
  readonly service?: string;
  search(request: SearchRequest): Promise<PaperRecord[]>;
  /**
   * One request answering for this repository and others on the same service (bioRxiv and
   * medRxiv through Europe PMC): each repository's records, in the service's order.
   */
  searchAlongside?(request: SearchRequest, others: readonly Repository[]): Promise<ReadonlyMap<Repository, PaperRecord[]>>;
  /**
   * What the search answer lacks (version, published DOI), from a second service. Called after
   * the record has been shown, so it never delays the first candidates. Never rejects except on
   * abort: a failure keeps the record as it was.
   */
  enrich?(record: PaperRecord, signal?: AbortSignal, options?: EnrichOptions): Promise<PaperRecord>;
  /**
   * `enrich` from the answer an earlier run left in the cache, or undefined when none is there;
   * nothing is sent. Local, so a run can wait for it: a record read again reads as it did then.
   */
  enrichFromCache?(record: PaperRecord): Promise<PaperRecord | undefined>;
}

/** A published-literature lane's search backend (src/core/sources/published/). */
export interface PublishedSource {
  readonly lane: PublishedLane;
  /** True when the service spaces requests a second or more apart: one merged request, not one per query. */
  readonly paced: boolean;
  search(request: SearchRequest): Promise<PaperRecord[]>;
}

export interface EnrichOptions {
  /** `enrichFromCache` has just found nothing for this record: the request need not ask the cache again. */
  cacheChecked?: boolean;
}

/** 'related': some overlap with the claim, not evidence (the calibrated scale, scoring/calibration.ts). */
export type SupportLabel = 'supports' | 'contradicts' | 'related' | 'unrelated' | 'unknown';
export type FulltextKind = 'jats' | 'grobid' | 'pdfjs' | 'abstract';

export interface ScoredParagraph {
  text: string;
  section: string;
  /** 0–1, the calibrated support scale (scoring/calibration.ts). */
  score: number;
  reason: string;
  label?: SupportLabel;
  /** 0–1, the LLM judge's own score, when it judged this paragraph (its label and reason are the judge's). */
  llmScore?: number;
}

export interface SupportVerdict {
  label: SupportLabel;
  by: 'llm' | 'lexical';
  /** The lexical (calibrated) label, given beside an LLM's when the two disagree. */
  lexical?: SupportLabel;
  /**
   * Lexical *unrelated* only because its passages hold one telling word of the claim's four or more
   * (scoring/index.ts): on the claim's topic by that word, which a sentence naming the work's authors makes enough.
   */
  oneTellingWord?: true;
}

/** A deduplicated, ranked candidate: a merge of one or more PaperRecords. */
export interface Candidate extends PaperRecord {
  /** Every repository (or Crossref) that returned this work. */
  sources: RecordSource[];
  /** Indexes into FindResult.queries that found it. */
  matchedQueries: number[];
  /** Retrieval relevance before full-text scoring, 0–1. */
  retrievalScore: number;
  /**
   * Its authors (as the record writes them) whom the claim names in its own words ("Like Van
   * Halteren et al., …"): they raised it in the ranking, and its text may share no word with the claim.
   */
  namedInClaim?: string[];
  /** Each source's best position for this work in its answers (0 = its first hit). */
  sourceRanks?: Partial<Record<RecordSource, number>>;
  /** Authority BibTeX, byte for byte except the cite key. Absent when none could be had. */
  bibtex?: string;
  citeKey?: string;
  /** Where the BibTeX came from (URL), or why there is none. */
  bibtexSource?: string;
  bibtexError?: string;
  /** The venue of the BibTeX being cited, as a reader writes it ("The Astrophysical Journal 517, 565–586 (1999)"). */
  venue?: string;
  /** What was wrong with the authority's LaTeX and was repaired (or not), in words; '' when nothing. */
  bibtexNote?: string;
  /** Why there is no BibTeX in plain words ("doi.org and Crossref do not know this DOI"), for people. */
  bibtexWhy?: string;
  /** Overall support score, 0–1, once full-text scoring ran. */
  score?: number;
  support?: SupportVerdict;
  fulltext?: FulltextKind;
  /** For a journal or proceedings card read from its arXiv version: that arXiv id (the passages are the preprint's). */
  fulltextArxivVersion?: string;
  paragraphs?: ScoredParagraph[];
  /** Retractions, withdrawals, expressions of concern, corrections (Crossref, titles, comments). */
  trust?: TrustSignal;
  /** For a preprint: its published version, when one exists. */
  versionOfRecord?: VersionOfRecord;
  /** Whose BibTeX `bibtex` is: the published version's or the preprint's. */
  bibtexOf?: 'published' | 'preprint';
}

/** Fields that arrive for a candidate after it was found; see candidates/patches.ts. */
export type CandidatePatch = Partial<
  Pick<Candidate, 'bibtex' | 'citeKey' | 'bibtexSource' | 'bibtexError' | 'bibtexWhy' | 'bibtexNote' | 'venue' | 'bibtexOf' | 'score' | 'support' | 'fulltext' | 'fulltextArxivVersion' | 'paragraphs' | 'trust' | 'versionOfRecord' | 'citedBy'>
>;

export interface Timings {
  totalMs: number;
  firstCandidatesMs?: number;
  /** When the run started (ms since the epoch): a process's start-up is measured against it from outside. */
  startedAt?: number;
  stages: Record<string, number>;
}

/**
 * How a lane that was to be searched failed: rate limited (429), down (every request failed, or
 * its circuit opened: timeouts, 5xx, resets), or an error (a refusal, junk). Absent for a lane
 * searched or skipped by choice.
 */
export type LaneFailure = 'rate-limited' | 'down' | 'error';

/** One lane of a search: searched, or skipped and why (no key, switched off, breaker open). */
export interface LaneReport {
  /** A repository or published lane. */
  lane: Repository | PublishedLane;
  searched: boolean;
  /** Why a lane was skipped, or what limited it ("abstract lookups only: no OpenAlex key"). */
  note?: string;
  /** Set when the lane could not be searched because it failed (never for a choice: no key, switched off). */
  failed?: LaneFailure;
}

export interface FindResult {
  claim: string;
  sentences: string[];
  routing: RoutingDecision;
  /** The lanes this run searched and skipped, beside the routing. */
  lanes?: LaneReport[];
  queries: string[];
  candidates: Candidate[];
  warnings: string[];
  timings: Timings;
}

/** Progress events the pipeline emits, in order of arrival. */
export type PipelineEvent =
  | { type: 'claim'; claim: Claim }
  | { type: 'routing'; routing: RoutingDecision }
  | { type: 'lanes'; lanes: LaneReport[] }
  | { type: 'queries'; queries: string[] }
  | { type: 'candidates'; candidates: Candidate[] }
  /** Fields that arrived for one candidate (BibTeX, support); fold with candidates/patches.ts. */
  | { type: 'patch'; id: string; patch: CandidatePatch }
  /** A merge gave the card shown as `from` the id `to` (its preprint's): what was said of `from` is `to`'s. */
  | { type: 'renamed'; from: string; to: string }
  | { type: 'warning'; message: string }
  | { type: 'stage'; stage: string; ms: number }
  | { type: 'done'; result: FindResult };

export type PipelineListener = (event: PipelineEvent) => void;
