// How well the lexical 'supports' threshold separates SciFact's cited abstracts that hold a
// rationale (SUPPORT or REFUTE) from the cited abstracts that do not. Each abstract is scored the
// way the pipeline scores an abstract-only candidate.
import { scoreParagraphsLexically } from '../../src/core/scoring/lexical';
import { LEXICAL_SUPPORT_THRESHOLD } from '../../src/core/scoring/overall';
import type { SciFactClaim, SciFactDoc } from './scifact-data';

interface Scored {
  score: number;
  positive: boolean;
}

function scoreCitedAbstracts(claims: SciFactClaim[], corpus: Map<number, SciFactDoc>): Scored[] {
  const scored: Scored[] = [];
  for (const claim of claims) {
    for (const docId of claim.cited_doc_ids) {
      const doc = corpus.get(docId);
      if (!doc) continue;
      const document = { abstract: doc.abstract.join(' '), sections: [], captions: [], references: [] };
      const [best] = scoreParagraphsLexically({ text: claim.claim, sentences: [claim.claim] }, [], document, 1);
      scored.push({ score: best?.score ?? 0, positive: String(docId) in claim.evidence });
    }
  }
  return scored;
}

interface Confusion {
  /** Share of abstracts with a rationale labelled 'supports'. */
  tpr: number;
  /** Share of abstracts without one labelled 'unrelated'. */
  tnr: number;
  balancedAccuracy: number;
  precision: number;
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
  return { tpr, tnr, balancedAccuracy: (tpr + tnr) / 2, precision: tp / (tp + fp || 1) };
}

/**
 * One line: the label's quality at the shipped threshold, and the threshold that would maximise
 * balanced accuracy on this split (the tuning criterion: positives and negatives are unbalanced,
 * and F1 would reward calling everything 'supports').
 */
export function supportThresholdReport(claims: SciFactClaim[], corpus: Map<number, SciFactDoc>): string {
  const scored = scoreCitedAbstracts(claims, corpus);
  const at = confusionAt(scored, LEXICAL_SUPPORT_THRESHOLD);
  let best = { threshold: 0, balancedAccuracy: 0 };
  for (let step = 2; step < 40; step++) {
    const threshold = step / 40;
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
