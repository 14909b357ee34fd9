// Would the support model separate right citations from wrong ones better with the TF-IDF cosine
// of the claim and the passage as a twelfth feature? (issue #33; not shipped, see
// docs/measurements.md.) Retrains the model as train-support-model.ts does, with the feature, and
// prints the AUCs of bench/separation.ts (old model, new model, the TF-IDF baseline) and the
// precision of "supports" over the dev sets pooled as calibration.ts sets its line.
//
//   npx esbuild models/analyse-cosine-feature.ts --bundle --platform=node --format=cjs --log-level=warning \
//     --outfile=out/models/analyse-cosine-feature.js && node out/models/analyse-cosine-feature.js DATA [cos|sqrt-title]
//
// cos: the cosine of the claim and the best passage; sqrt-title: its square root, the paper's
// title read with the passage.
import { auc } from '../bench/lib/auc';
import { clSciSummCases, integrityCases, type Case } from '../bench/lib/separation';
import { checkCovidPairs, checkCovidSentencePairs, clSciSummPairs, integrityPairs, scifactPairs } from '../bench/lib/support-pairs';
import { tfidfCosine } from '../src/core/scoring/tfidf';
import { holdsEvidence, logistic, SUPPORT_FEATURES, supportProbability } from '../src/core/scoring/supportFeatures';
import { bestPassage, examples, fit, noEvidenceRate } from './support-fit';

type Pair = Pick<Case, 'claim' | 'document'>;

function withCosine(variant: string): (pair: Pair) => number[] {
  return (pair) => {
    const best = bestPassage({ ...pair, positive: false, kind: 'cited' });
    const base = best?.features ?? SUPPORT_FEATURES.map((_, i) => (i === 0 ? 1 : 0));
    if (!best) return [...base, 0];
    const cosine = variant === 'sqrt-title' ? Math.sqrt(tfidfCosine(pair.claim, `${pair.document.title ?? ''} ${best.text}`)) : tfidfCosine(pair.claim, best.text);
    return [...base, cosine];
  };
}

function main(): void {
  const [data, variant = 'cos'] = process.argv.slice(2);
  if (!data) {
    console.error('usage: node out/models/analyse-cosine-feature.js DATA [cos|sqrt-title]');
    process.exit(2);
  }
  const features = withCosine(variant);
  const train = examples([scifactPairs(data, 'train'), checkCovidPairs(data, 'train'), integrityPairs(data, 'train'), clSciSummPairs(data)], features);
  const weights = fit(train, SUPPORT_FEATURES.length + 1);
  const noEvidence = noEvidenceRate(train);
  const probability = (x: number[]) => (holdsEvidence(x) ? logistic(x, weights) : noEvidence);
  console.log(`${variant}: weights ${weights.join(' ')}; no evidence ${noEvidence}`);
  const sets: [string, Case[]][] = [['CL-SciSumm train', clSciSummCases(data)], ['Citation-Integrity train', integrityCases(data, 'train')], ['Citation-Integrity dev', integrityCases(data, 'dev')]];
  for (const [name, cases] of sets) {
    const scored = cases.map((c) => {
      const x = features(c);
      return { c, old: supportProbability(x.slice(0, -1)), now: probability(x), tfidf: tfidfCosine(c.claim, c.document.abstract ?? '') };
    });
    const line = (subset: typeof scored) =>
      (['old', 'now', 'tfidf'] as const).map((k) => `${k} ${auc(subset.map((s) => ({ s: s[k], positive: s.c.right }))).toFixed(3)}`).join(', ');
    const kinds = [...new Set(cases.filter((c) => !c.right).map((c) => c.kind))];
    console.log(`${name}: all ${line(scored)}; ` + kinds.map((k) => `vs ${k}: ${line(scored.filter((s) => s.c.right || s.c.kind === k))}`).join('; '));
  }
  const pooled = [scifactPairs(data, 'dev'), integrityPairs(data, 'dev'), checkCovidSentencePairs(data, 'dev')].flat();
  for (const [name, score] of [['old', (p: Pair) => supportProbability(features(p).slice(0, -1))], ['new', (p: Pair) => probability(features(p))]] as const) {
    const scored = pooled.map((p) => ({ s: score(p), positive: p.positive }));
    const at = (t: number) => scored.filter((x) => x.s >= t);
    const precision = (t: number) => at(t).filter((x) => x.positive).length / (at(t).length || 1);
    const lowest = [...new Set(scored.map((x) => x.s))].sort((a, b) => a - b).find((t) => precision(t) >= 0.9);
    const table = [0.9, 0.92, 0.94, 0.95, 0.96, 0.97].map((t) => `≥ ${t}: ${precision(t).toFixed(3)} (${at(t).length})`).join(', ');
    console.log(`pooled dev "supports", ${name} model: ${table}; lowest right ≥ 0.9: ${lowest?.toFixed(3)} (said ${lowest === undefined ? 0 : at(lowest).length})`);
  }
}

main();
