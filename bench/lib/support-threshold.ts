// How well lexical support scores separate a cited text that holds what the claim says from one
// that does not, and where the audit's thresholds go (AUDIT_THRESHOLDS in scoring/overall.ts).
//
// SciFact: each claim's cited abstracts, those holding a rationale (SUPPORT or REFUTE) against
// those holding none, each scored the way the pipeline scores an abstract-only candidate.
// CL-SciSumm: a citance's reference paper (its best paragraph) against another reference paper
// chosen at random with a fixed seed (see clscisumm-bench.ts).
import { scoreParagraphsLexically } from '../../src/core/scoring/lexical';
import { AUDIT_THRESHOLDS, LEXICAL_SUPPORT_THRESHOLD } from '../../src/core/scoring/overall';
import type { SciFactClaim, SciFactDoc } from './scifact-data';

export interface Scored {
  score: number;
  positive: boolean;
}

export function scoreCitedAbstracts(claims: SciFactClaim[], corpus: Map<number, SciFactDoc>): Scored[] {
  const scored: Scored[] = [];
  for (const claim of claims) {
    for (const docId of claim.cited_doc_ids) {
      const doc = corpus.get(docId);
      if (!doc) continue;
      const document = { title: doc.title, abstract: doc.abstract.join(' '), sections: [], captions: [], references: [] };
      const [best] = scoreParagraphsLexically({ text: claim.claim, sentences: [claim.claim] }, [], document, 1);
      scored.push({ score: best?.score ?? 0, positive: String(docId) in claim.evidence });
    }
  }
  return scored;
}

interface Confusion {
  /** Share of positives at or above the threshold. */
  tpr: number;
  /** Share of negatives below it. */
  tnr: number;
  balancedAccuracy: number;
  /** Share of positives among the texts at or above it. */
  precision: number;
  /** Share of negatives among the texts below it (how right "unsupported" is). */
  negativePrecision: number;
}

function confusionAt(scored: Scored[], threshold: number): Confusion {
  let tp = 0, fp = 0, fn = 0, tn = 0;
  for (const s of scored) {
    const predicted = s.score >= threshold;
    if (predicted && s.positive) tp++;
    else if (predicted) fp++;
    else if (s.positive) fn++;
    else tn++;
  }
  const tpr = tp / (tp + fn || 1);
  const tnr = tn / (tn + fp || 1);
  return { tpr, tnr, balancedAccuracy: (tpr + tnr) / 2, precision: tp / (tp + fp || 1), negativePrecision: tn / (tn + fn || 1) };
}

const STEPS = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);

function quantiles(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2);
  return `p10 ${at(0.1)} p25 ${at(0.25)} median ${at(0.5)} p75 ${at(0.75)} p90 ${at(0.9)}`;
}

/** Audit proposals on one data set: T1 the lowest with precision ≥ 0.9; T2 the highest keeping 95% of positives. */
export function proposeAuditThresholds(scored: Scored[]): { supported: number; weak: number } {
  const supported = STEPS.find((t) => confusionAt(scored, t).precision >= 0.9 && confusionAt(scored, t).tpr > 0) ?? 1;
  const weak = [...STEPS].reverse().find((t) => confusionAt(scored, t).tpr >= 0.95) ?? 0;
  return { supported, weak };
}

/** Lines for one data set: the two distributions, the shipped labels' quality, the proposals. */
export function auditReport(name: string, scored: Scored[]): string[] {
  const positives = scored.filter((s) => s.positive).map((s) => s.score);
  const negatives = scored.filter((s) => !s.positive).map((s) => s.score);
  const proposal = proposeAuditThresholds(scored);
  const s = confusionAt(scored, AUDIT_THRESHOLDS.supported);
  const w = confusionAt(scored, AUDIT_THRESHOLDS.weak);
  const f = (n: number) => n.toFixed(3);
  return [
    `${name}: ${positives.length} with support, ${negatives.length} without`,
    `    with:    ${quantiles(positives)}`,
    `    without: ${quantiles(negatives)}`,
    `    supported ≥ ${AUDIT_THRESHOLDS.supported}: precision ${f(s.precision)}, recall ${f(s.tpr)}` +
      ` | unsupported < ${AUDIT_THRESHOLDS.weak}: precision ${f(w.negativePrecision)}, recall ${f(w.tnr)} (positives lost ${f(1 - w.tpr)})`,
    `    proposed here: supported ≥ ${proposal.supported} (precision ≥ 0.9), unsupported < ${proposal.weak} (keeps 95% of positives)`,
  ];
}

/**
 * The binary lexical label at the shipped threshold, and the threshold that would maximise
 * balanced accuracy on this split (positives and negatives are unbalanced, and F1 would reward
 * calling everything 'supports').
 */
export function supportThresholdReport(scored: Scored[]): string {
  const at = confusionAt(scored, LEXICAL_SUPPORT_THRESHOLD);
  let best = { threshold: 0, balancedAccuracy: 0 };
  for (const threshold of STEPS) {
    const { balancedAccuracy } = confusionAt(scored, threshold);
    if (balancedAccuracy > best.balancedAccuracy) best = { threshold, balancedAccuracy };
  }
  const positives = scored.filter((s) => s.positive).length;
  return (
    `threshold ${LEXICAL_SUPPORT_THRESHOLD}: balanced accuracy ${at.balancedAccuracy.toFixed(3)} ` +
    `(TPR ${at.tpr.toFixed(3)}, TNR ${at.tnr.toFixed(3)}, precision ${at.precision.toFixed(3)}) on ${scored.length} cited abstracts ` +
    `(${positives} with rationale); best on this split: ${best.threshold} (${best.balancedAccuracy.toFixed(3)})`
  );
}
