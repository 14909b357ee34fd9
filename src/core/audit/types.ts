// The cite audit's vocabulary: every `\cite` of a manuscript checked against the paper it names.
// The core produces these; the extension shows them as diagnostics, hovers and a summary view,
// and the CLI prints them (`citefinder audit --json`, paths relative to the root, lines 1-based).
import type { FulltextKind, TrustSignal } from '../types';
import type { FulltextDocument } from '../fulltext/model';

/**
 * One status per (citing sentence, key), on the audit's own scale (calibration.ts, score.ts):
 * - supported: the citation is likely right for the sentence (at or above its field's line), or a
 *   passage of a paper read whole supports it on the card's scale;
 * - weak: something in the paper is close, nothing clearly supports it;
 * - unsupported: nothing in the paper comes close, the best passage shown anyway;
 * - unresolved: the entry has no identifier and no unambiguous title + author match;
 * - missing: the key is in no `.bib` of the project;
 * - unavailable: a service needed to check it failed (the finding says which);
 * - unscored: the citation has no words of its own (`\item \cite{x}`); reported only when its work
 *   is retracted or withdrawn, which needs no sentence to matter.
 */
export type AuditStatus = 'supported' | 'weak' | 'unsupported' | 'unresolved' | 'missing' | 'unavailable' | 'unscored';

export const AUDIT_STATUSES: readonly AuditStatus[] = [
  'supported',
  'weak',
  'unsupported',
  'unresolved',
  'missing',
  'unavailable',
  'unscored',
];

export type { CitationSite, SourcePosition, SourceRange } from '../latex/citeSites';
import type { CitationSite } from '../latex/citeSites';

/** The text a cited work was read from. */
export interface ReadWork {
  kind: FulltextKind;
  document: FulltextDocument;
  /** Where the text came from, when not the work's own record: "its arXiv version arXiv:…", "PubMed, PMID …". */
  via?: string;
}

/** The work a key resolved to, as the CLI shows it. */
export interface AuditWork {
  title: string;
  doi?: string;
  arxivId?: string;
  url?: string;
}

export interface AuditParagraph {
  text: string;
  section: string;
  /** 0–1. */
  score: number;
  /** The words that carried the match, as a card's paragraph says them (absent in results cached before it was kept). */
  reason?: string;
}

export interface AuditFinding {
  site: CitationSite;
  status: AuditStatus;
  /** The audit's score the status is read from (the chance the citation is right, calibration.ts), 0–1, when the paper could be scored. */
  score?: number;
  best?: AuditParagraph;
  work?: AuditWork;
  /** What was scored: the citing sentence alone, or with the sentence before it (CitationSite.context). */
  scored?: 'sentence' | 'with previous sentence';
  /** `jats`, `grobid`, `pdfjs` or `abstract`: how much of the paper was read, and how. */
  fulltext?: FulltextKind;
  /** One line for people: why this status ("Crossref did not answer (timeout)", …). */
  message: string;
  /** For `unavailable`: the service that failed, as people know it ("arXiv", "Crossref"). */
  service?: string;
  /** True when the result came from the audit cache (nothing fetched or scored again). */
  cached?: boolean;
  /** Retraction, withdrawal, concern or correction of the cited work (absent: not looked up). */
  trust?: TrustSignal;
  /**
   * Another work of the bibliography that fits the sentence clearly better than the cited one
   * (betterFit.ts): perhaps the key meant. Scores are both works' support on their abstracts.
   */
  betterFit?: { key: string; score: number; citedScore: number };
}

export type AuditSummary = Record<AuditStatus, number>;

export interface AuditReport {
  root: string;
  findings: AuditFinding[];
  summary: AuditSummary;
  warnings: string[];
}

/** Progress, in order of arrival; the extension streams findings into the Problems panel. */
export type AuditEvent =
  | { type: 'sites'; sites: CitationSite[] }
  | { type: 'finding'; finding: AuditFinding }
  | { type: 'progress'; done: number; total: number }
  | { type: 'warning'; message: string }
  | { type: 'done'; report: AuditReport };

export type AuditListener = (event: AuditEvent) => void;
