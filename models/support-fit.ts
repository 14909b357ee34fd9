// The support model's fit (models/train-support-model.ts), shared with the analyses that retrain
// it with other features (models/analyse-support-cues.ts): the features of a (claim, paper) pair
// as the card reads them, and weighted, L2-regularised logistic regression by Newton's method
// (deterministic: the same data gives the same weights).
import { documentUnits, rankUnits, type RankedParagraph } from '../src/core/scoring/lexical';
import { holdsEvidence, logistic, SUPPORT_FEATURES } from '../src/core/scoring/supportFeatures';
import type { SupportPair } from '../bench/lib/support-pairs';

const L2 = 1;
const ITERATIONS = 25;

/** The best passage by the model, with its features: what the card and the audit show; with one unit, the abstract. */
export function bestPassage(pair: SupportPair): RankedParagraph | undefined {
  const ranked = rankUnits({ text: pair.claim, sentences: [pair.claim] }, [], documentUnits(pair.document), {
    reasons: 0,
    features: true,
    paper: { title: pair.document.title, abstract: pair.document.abstract },
  });
  return ranked.reduce<RankedParagraph | undefined>((a, b) => (!a || b.score > a.score ? b : a), undefined);
}

/** The best passage's features; none found, the bias alone. */
export function featuresOf(pair: SupportPair): number[] {
  return bestPassage(pair)?.features ?? SUPPORT_FEATURES.map((_, i) => (i === 0 ? 1 : 0));
}

/** Precision and recall of saying "supports" at probability `t` and above, and how often it is said. */
export function precisionAt(scored: { p: number; positive: boolean }[], t: number): { precision: number; recall: number; said: number } {
  const above = scored.filter((s) => s.p >= t);
  const right = above.filter((s) => s.positive).length;
  const positives = scored.filter((s) => s.positive).length;
  return { precision: above.length ? right / above.length : 1, recall: positives ? right / positives : 0, said: above.length };
}

export interface Example {
  x: number[];
  y: number;
  w: number;
}

/** Each set weighs the same, and within a set positives and negatives weigh the same. */
export function examples(sets: SupportPair[][], features: (pair: SupportPair) => number[] = featuresOf): Example[] {
  return sets.flatMap((pairs) => {
    const pos = pairs.filter((p) => p.positive).length;
    const neg = pairs.length - pos;
    return pairs.map((p) => ({ x: features(p), y: p.positive ? 1 : 0, w: (p.positive ? 0.5 / pos : 0.5 / neg) * 1000 }));
  });
}

/**
 * The no-evidence figure: of the examples whose passage holds none of the claim's weighted words
 * (the model's logistic does not apply to them), the weighted share that hold support.
 */
export function noEvidenceRate(data: Example[]): number {
  const none = data.filter((e) => !holdsEvidence(e.x));
  const total = none.reduce((a, e) => a + e.w, 0);
  return total ? Math.round((none.filter((e) => e.y).reduce((a, e) => a + e.w, 0) / total) * 1e4) / 1e4 : 0;
}

/** Newton–Raphson for weighted, L2-regularised logistic regression. */
export function fit(data: Example[], dims: number): number[] {
  let weights = new Array<number>(dims).fill(0);
  for (let it = 0; it < ITERATIONS; it++) {
    const gradient = new Array<number>(dims).fill(0);
    const hessian = Array.from({ length: dims }, () => new Array<number>(dims).fill(0));
    for (const { x, y, w } of data) {
      const p = logistic(x, weights);
      for (let i = 0; i < dims; i++) {
        gradient[i]! += w * (p - y) * x[i]!;
        for (let j = 0; j < dims; j++) hessian[i]![j]! += w * p * (1 - p) * x[i]! * x[j]!;
      }
    }
    for (let i = 1; i < dims; i++) {
      gradient[i]! += L2 * weights[i]!;
      hessian[i]![i]! += L2;
    }
    hessian[0]![0]! += 1e-6;
    const step = solve(hessian, gradient);
    weights = weights.map((v, i) => v - step[i]!);
  }
  return weights.map((v) => Math.round(v * 1e4) / 1e4);
}

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}
