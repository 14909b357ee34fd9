// How well the lexical 'supports' threshold separates SciFact's cited abstracts that hold a
// rationale (SUPPORT or REFUTE) from the cited abstracts that do not. Each abstract is scored the
// way the pipeline scores an abstract-only candidate.
import { scoreParagraphsLexically } from '../src/core/scoring/lexical';
import { LEXICAL_SUPPORT_THRESHOLD } from '../src/core/scoring/overall';
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

function f1At(scored: Scored[], threshold: number): { f1: number; precision: number; recall: number; accuracy: number } {
  let tp = 0, fp = 0, fn = 0, tn = 0;
  for (const s of scored) {
    const predicted = s.score >= threshold;
    if (predicted && s.positive) tp++;
    else if (predicted) fp++;
    else if (s.positive) fn++;
    else tn++;
  }
  const precision = tp / (tp + fp || 1);
  const recall = tp / (tp + fn || 1);
  const f1 = (2 * precision * recall) / (precision + recall || 1);
  return { f1, precision, recall, accuracy: (tp + tn) / scored.length };
}

/** One line: F1/precision/recall at the shipped threshold, and the best threshold on this split. */
export function supportThresholdReport(claims: SciFactClaim[], corpus: Map<number, SciFactDoc>): string {
  const scored = scoreCitedAbstracts(claims, corpus);
  const at = f1At(scored, LEXICAL_SUPPORT_THRESHOLD);
  let best = { threshold: 0, f1: 0 };
  for (let t = 0.05; t < 1; t += 0.025) {
    const { f1 } = f1At(scored, t);
    if (f1 > best.f1) best = { threshold: Math.round(t * 1000) / 1000, f1 };
  }
  const positives = scored.filter((s) => s.positive).length;
  return (
    `threshold ${LEXICAL_SUPPORT_THRESHOLD}: F1 ${at.f1.toFixed(3)} P ${at.precision.toFixed(3)} R ${at.recall.toFixed(3)} ` +
    `acc ${at.accuracy.toFixed(3)} on ${scored.length} cited abstracts (${positives} with rationale); ` +
    `best on this split: ${best.threshold} (F1 ${best.f1.toFixed(3)})`
  );
}
