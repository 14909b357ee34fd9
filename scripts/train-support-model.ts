// Trains the support model (src/core/scoring/supportModel.json): a logistic regression over the
// features of supportFeatures.ts, on train splits only, and prints what the dev splits say about
// thresholds (the thresholds themselves are set, with their measured precision, in
// src/core/scoring/calibration.ts).
//
//   npx esbuild scripts/train-support-model.ts --bundle --platform=node --format=cjs --log-level=warning \
//     --outfile=out/scripts/train-support-model.js && node out/scripts/train-support-model.js /work/shared/datasets
//
// Training pairs (bench/lib/support-pairs.ts): SciFact train, Check-COVID train,
// Citation-Integrity train, CL-SciSumm Training-Set-2018 (which has no dev split; its pairs are
// also used to check the thresholds, and the README says so). Each set weighs the same in the
// fit, and within a set positives and negatives weigh the same, so no set's base rate becomes the
// model's prior. Fitted by Newton's method (L2 on every weight but the bias): deterministic, the
// same data gives the same bytes. SUPPORT_MODEL_OUT=PATH writes the model elsewhere (to compare).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentUnits, rankUnits } from '../src/core/scoring/lexical';
import { logistic, SUPPORT_FEATURES, supportProbability } from '../src/core/scoring/supportFeatures';
import { checkCovidPairs, clSciSummPairs, integrityPairs, scifactPairs, type SupportPair } from '../bench/lib/support-pairs';

const L2 = 1;
const ITERATIONS = 25;

function featuresOf(pair: SupportPair): number[] {
  const units = documentUnits(pair.document);
  const ranked = rankUnits({ text: pair.claim, sentences: [pair.claim] }, [], units, {
    reasons: 0,
    features: true,
    paper: { title: pair.document.title, abstract: pair.document.abstract },
  });
  // The best passage by the model is what the card and the audit show; with one unit, the abstract.
  return ranked.reduce((a, b) => (b.score > a.score ? b : a), ranked[0]!)?.features ?? SUPPORT_FEATURES.map((_, i) => (i === 0 ? 1 : 0));
}

interface Example {
  x: number[];
  y: number;
  w: number;
}

function examples(sets: SupportPair[][]): Example[] {
  return sets.flatMap((pairs) => {
    const pos = pairs.filter((p) => p.positive).length;
    const neg = pairs.length - pos;
    return pairs.map((p) => ({ x: featuresOf(p), y: p.positive ? 1 : 0, w: (p.positive ? 0.5 / pos : 0.5 / neg) * 1000 }));
  });
}

/** Newton–Raphson for weighted, L2-regularised logistic regression. */
function fit(data: Example[], dims: number): number[] {
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

function precisionAt(scored: { p: number; positive: boolean }[], t: number): { precision: number; recall: number; n: number } {
  const above = scored.filter((s) => s.p >= t);
  const tp = above.filter((s) => s.positive).length;
  const pos = scored.filter((s) => s.positive).length;
  return { precision: above.length ? tp / above.length : 1, recall: pos ? tp / pos : 0, n: above.length };
}

function main(): void {
  const data = process.argv[2];
  if (!data) {
    console.error('usage: node out/scripts/train-support-model.js <datasets dir>');
    process.exit(2);
  }
  const train = { scifact: scifactPairs(data, 'train'), 'check-covid': checkCovidPairs(data, 'train'), 'citation-integrity': integrityPairs(data, 'train'), 'cl-scisumm': clSciSummPairs(data) };
  for (const [name, pairs] of Object.entries(train)) console.log(`train ${name}: ${pairs.length} pairs, ${pairs.filter((p) => p.positive).length} positive`);
  const weights = fit(examples(Object.values(train)), SUPPORT_FEATURES.length);
  const out = {
    features: [...SUPPORT_FEATURES],
    weights,
    trainedOn: 'SciFact train, Check-COVID train, Citation-Integrity train (jedick), CL-SciSumm Training-Set-2018 (scripts/train-support-model.ts)',
  };
  writeFileSync(process.env.SUPPORT_MODEL_OUT ?? join(process.cwd(), 'src', 'core', 'scoring', 'supportModel.json'), JSON.stringify(out, null, 1) + '\n');
  console.log(SUPPORT_FEATURES.map((f, i) => `${f} ${weights[i]}`).join(', '));
  const dev = { scifact: scifactPairs(data, 'dev'), 'check-covid': checkCovidPairs(data, 'dev'), 'citation-integrity': integrityPairs(data, 'dev'), 'cl-scisumm (train)': train['cl-scisumm'] };
  for (const [name, pairs] of Object.entries(dev)) {
    const scored = pairs.map((p) => ({ p: supportProbability(featuresOf(p), weights), positive: p.positive }));
    const line = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((t) => {
      const r = precisionAt(scored, t);
      return `${t}: P ${r.precision.toFixed(2)} R ${r.recall.toFixed(2)}`;
    });
    const lowest = Array.from({ length: 99 }, (_, i) => (i + 1) / 100).find((t) => precisionAt(scored, t).precision >= 0.9);
    console.log(`dev ${name}: ${line.join(' | ')} | precision ≥ 0.9 from ${lowest}`);
  }
}

main();
