// One score and one verdict per candidate, from its paragraph scores, its abstract and how well
// retrieval ranked it. Paragraph evidence dominates: a paper is worth citing because of what it
// says, not because search liked its title.
import type { ScoredParagraph, SupportLabel, SupportVerdict } from '../types';
import { calibratedLabel, SUPPORT_THRESHOLDS } from './calibration';

/**
 * Weights of the overall score (sum 1):
 * - paragraphs: the best paragraph, plus a little for the 2nd and 3rd (support repeated in
 *   several places is more trustworthy than one lucky paragraph);
 * - abstract: the abstract's own score (the paper's main claim matches, not a side remark);
 * - retrieval: the search stage's relevance, a tie-breaker between equally supported papers.
 * Without an abstract, its weight goes to the paragraphs.
 */
export const OVERALL_WEIGHTS = { paragraphs: 0.65, abstract: 0.2, retrieval: 0.15 } as const;

/** Within the paragraph part: best paragraph vs the mean of the next two. */
const BEST_PARAGRAPH_SHARE = 0.8;

/** The lexical 'supports' threshold: the calibrated scale's (calibration.ts). */
export const LEXICAL_SUPPORT_THRESHOLD = SUPPORT_THRESHOLDS.supports;

/**
 * The support scale's three labels in the audit's words (calibration.ts): 'supported' = supports,
 * 'weak' = related, 'unsupported' = unrelated; what the calibration bench reports. The audit
 * itself reads its own scale, with a line per field (audit/calibration.ts).
 */
export const AUDIT_THRESHOLDS = { supported: SUPPORT_THRESHOLDS.supports, weak: SUPPORT_THRESHOLDS.related } as const;

export type AuditLabel = 'supported' | 'weak' | 'unsupported';

/** The support scale's label of a support score (0–1), in the audit's words: how the audit reads a paper's body (audit/score.ts). */
export function auditLabel(bestScore: number): AuditLabel {
  if (bestScore >= AUDIT_THRESHOLDS.supported) return 'supported';
  return bestScore >= AUDIT_THRESHOLDS.weak ? 'weak' : 'unsupported';
}

/** LLM verdicts need a paragraph the judge scored at least this (0–1) to take its label. */
const LLM_LABEL_MIN_SCORE = 0.5;

export interface OverallInput {
  /** Paragraph scores 0–1, any order. */
  paragraphScores: number[];
  /** 0–1; undefined when the paper has no abstract. */
  abstractScore?: number;
  /** 0–1, from retrieval. */
  retrievalScore: number;
}

function paragraphEvidence(scores: number[]): number {
  const sorted = [...scores].sort((a, b) => b - a);
  if (sorted.length === 0) return 0;
  const rest = sorted.slice(1, 3);
  const restMean = rest.length ? rest.reduce((a, b) => a + b, 0) / rest.length : 0;
  return BEST_PARAGRAPH_SHARE * sorted[0]! + (1 - BEST_PARAGRAPH_SHARE) * restMean;
}

export function overallScore(input: OverallInput): number {
  const w = OVERALL_WEIGHTS;
  const retrieval = clamp01(input.retrievalScore);
  const paragraphs = paragraphEvidence(input.paragraphScores.map(clamp01));
  const score =
    input.abstractScore === undefined
      ? (w.paragraphs + w.abstract) * paragraphs + w.retrieval * retrieval
      : w.paragraphs * paragraphs + w.abstract * clamp01(input.abstractScore) + w.retrieval * retrieval;
  return Math.round(score * 1000) / 1000;
}

/** 'unknown' without text; otherwise the calibrated label of the best paragraph (calibration.ts). */
export function lexicalVerdict(paragraphs: ScoredParagraph[]): SupportVerdict {
  if (paragraphs.length === 0) return { label: 'unknown', by: 'lexical' };
  return { label: calibratedLabel(Math.max(...paragraphs.map((p) => p.score))), by: 'lexical' };
}

/** The label of the judge's best paragraph, if it scored it high enough; else 'unrelated'. */
export function llmVerdict(paragraphs: ScoredParagraph[]): SupportVerdict {
  const judged = paragraphs.filter((p) => p.label !== undefined);
  if (judged.length === 0) return { label: 'unknown', by: 'llm' };
  const best = judged.reduce((a, b) => (b.score > a.score ? b : a));
  const label: SupportLabel = best.score >= LLM_LABEL_MIN_SCORE ? best.label! : 'unrelated';
  return { label, by: 'llm' };
}

function clamp01(n: number): number {
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0;
}
