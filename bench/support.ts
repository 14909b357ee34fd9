// Rationale retrieval on SciFact with the lexical scorer: each cited abstract's sentences are the
// paragraphs; we rank them for the claim and check where the annotated rationale sentences land.
//
//   npm run bench:support -- --scifact DIR [--split dev|train|test] [--tune] [--json]
//   npm run bench:support -- --clscisumm DIR [--split train|test]
//
// Recall@k: share of (claim, cited doc with rationale) pairs with a rationale sentence in the top k.
// MRR: mean of 1 / rank of the first rationale sentence. Sentence recall@3: share of all rationale
// sentences ranked in the top 3. `--tune` grid-searches the scorer's parameters (train/dev only).
import { DEFAULT_LEXICAL_PARAMS, type LexicalParams } from '../src/core/scoring/lexical';
import { evaluateRationales, type RationaleMetrics } from './lib/scifact-rationales';
import { argValue, loadClaims, loadCorpus, type SciFactClaim, type SciFactDoc, type SciFactSplit } from './lib/scifact-data';
import { auditReport, scoreCitedAbstracts, supportThresholdReport } from './lib/support-threshold';
import { loadClSciSumm, type ClSciSummSplit } from './lib/clscisumm-data';
import { citanceSupportScores, evaluateCitances, lexicalRanker, overlapRanker, type RankMetrics } from './lib/clscisumm-bench';

function* parameterGrid(): Generator<LexicalParams> {
  for (const k1 of [0.6, 0.9])
    for (const b of [0.1, 0.3])
      for (const pseudoParagraphs of [10])
        for (const phraseWeight of [0, 0.25])
          for (const setupFactor of [0.2, 0.3, 0.4])
            for (const findingFactor of [1.3, 1.5, 1.7])
              yield { ...DEFAULT_LEXICAL_PARAMS, k1, b, pseudoParagraphs, phraseWeight, setupFactor, findingFactor };
}

function tune(claims: SciFactClaim[], corpus: Map<number, SciFactDoc>): void {
  const results = [...parameterGrid()].map((params) => ({ params, metrics: evaluateRationales(claims, corpus, params) }));
  results.sort((a, b) => b.metrics.recallAt3 - a.metrics.recallAt3 || b.metrics.mrr - a.metrics.mrr);
  for (const { params, metrics } of results.slice(0, 10)) {
    const { k1, b, pseudoParagraphs, phraseWeight, setupFactor, findingFactor } = params;
    console.log(JSON.stringify({ k1, b, pseudoParagraphs, phraseWeight, setupFactor, findingFactor, ...roundAll(metrics) }));
  }
}

function roundAll(metrics: RationaleMetrics): Record<string, number> {
  return Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, Math.round(v * 1000) / 1000]));
}

function scifactMain(dir: string): void {
  const split = (argValue('split') ?? 'dev') as SciFactSplit;
  if (!['train', 'dev', 'test'].includes(split)) usage();
  const claims = loadClaims(dir, split);
  const corpus = loadCorpus(dir);
  if (process.argv.includes('--tune')) {
    if (split === 'test') throw new Error('Tune on train or dev only; the test split is reported once.');
    tune(claims, corpus);
    return;
  }
  const started = performance.now();
  const metrics = evaluateRationales(claims, corpus);
  const ms = performance.now() - started;
  const cited = scoreCitedAbstracts(claims, corpus);
  const threshold = supportThresholdReport(cited);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ split, ...roundAll(metrics), ms: Math.round(ms), threshold }));
    return;
  }
  console.log(`SciFact ${split}: ${metrics.pairs} (claim, cited abstract with rationale) pairs, ${Math.round(ms)} ms`);
  console.log(`  rationale Recall@1 ${metrics.recallAt1.toFixed(3)}  Recall@3 ${metrics.recallAt3.toFixed(3)}  MRR ${metrics.mrr.toFixed(3)}`);
  console.log(`  sentence recall@3 ${metrics.sentenceRecallAt3.toFixed(3)} (share of all rationale sentences in the top 3)`);
  console.log(`  lexical 'supports' label: ${threshold}`);
  console.log(`  audit labels (best-paragraph score):`);
  for (const line of auditReport(`cited abstracts of SciFact ${split}`, cited)) console.log(`    ${line}`);
}

function clSciSummMain(dir: string): void {
  const split = (argValue('split') ?? 'train') as ClSciSummSplit;
  if (!['train', 'test'].includes(split)) usage();
  const data = loadClSciSumm(dir, split);
  const started = performance.now();
  const lexical = evaluateCitances(data, lexicalRanker());
  const ms = performance.now() - started;
  const naive = evaluateCitances(data, overlapRanker);
  const line = (name: string, m: RankMetrics) =>
    `  ${name}: annotated sentence first ${m.at1.toFixed(3)}  in top 3 ${m.at3.toFixed(3)}  MRR ${m.mrr.toFixed(3)}`;
  console.log(`CL-SciSumm ${split}: ${lexical.citances} citances over ${data.papers.size} reference papers, ${Math.round(ms)} ms`);
  console.log(line('lexical scorer', lexical));
  console.log(line('word overlap  ', naive));
  console.log(`  audit labels (best-paragraph score):`);
  const pairs = 'citances vs their reference paper (with) and a seeded random other one (without)';
  for (const text of auditReport(pairs, citanceSupportScores(data))) console.log(`    ${text}`);
}

function usage(): never {
  console.error('usage: bench:support -- (--scifact DIR [--split dev|train|test] [--tune] | --clscisumm DIR [--split train|test]) [--json]');
  process.exit(2);
}

function main(): void {
  const scifact = argValue('scifact');
  const clscisumm = argValue('clscisumm');
  if (clscisumm) clSciSummMain(clscisumm);
  else if (scifact) scifactMain(scifact);
  else usage();
}

if (require.main === module) main();
