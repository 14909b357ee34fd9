// Rationale retrieval on SciFact with the lexical scorer: each cited abstract's sentences are the
// paragraphs; we rank them for the claim and check where the annotated rationale sentences land.
//
//   npm run bench:support -- --scifact DIR [--split dev|train|test] [--tune] [--json]
//
// Recall@k: share of (claim, cited doc with rationale) pairs with a rationale sentence in the top k.
// MRR: mean of 1 / rank of the first rationale sentence. Sentence recall@3: share of all rationale
// sentences ranked in the top 3. `--tune` grid-searches the scorer's parameters (train/dev only).
import { DEFAULT_LEXICAL_PARAMS, rankUnits, type LexicalParams } from '../src/core/scoring/lexical';
import { argValue, loadClaims, loadCorpus, type SciFactClaim, type SciFactDoc, type SciFactSplit } from './lib/scifact-data';
import { supportThresholdReport } from './lib/support-threshold';

export interface RationaleMetrics {
  pairs: number;
  recallAt1: number;
  recallAt3: number;
  mrr: number;
  sentenceRecallAt3: number;
}

export function evaluateRationales(
  claims: SciFactClaim[],
  corpus: Map<number, SciFactDoc>,
  params: LexicalParams = DEFAULT_LEXICAL_PARAMS,
): RationaleMetrics {
  let pairs = 0, hit1 = 0, hit3 = 0, reciprocal = 0, rationales = 0, rationalesIn3 = 0;
  for (const claim of claims) {
    for (const [docId, sets] of Object.entries(claim.evidence)) {
      const doc = corpus.get(Number(docId));
      if (!doc) throw new Error(`doc ${docId} of claim ${claim.id} is not in the corpus`);
      const gold = new Set(sets.flatMap((s) => s.sentences));
      const units = doc.abstract.map((text) => ({ section: 'Abstract', text, sentences: [text] }));
      const order = rankUnits({ text: claim.claim, sentences: [claim.claim] }, [], units, { params, reasons: 0 }).map((r) => r.index);
      const firstRank = order.findIndex((i) => gold.has(i)) + 1;
      pairs++;
      if (firstRank === 1) hit1++;
      if (firstRank >= 1 && firstRank <= 3) hit3++;
      if (firstRank >= 1) reciprocal += 1 / firstRank;
      rationales += gold.size;
      rationalesIn3 += order.slice(0, 3).filter((i) => gold.has(i)).length;
    }
  }
  return {
    pairs,
    recallAt1: hit1 / pairs,
    recallAt3: hit3 / pairs,
    mrr: reciprocal / pairs,
    sentenceRecallAt3: rationalesIn3 / rationales,
  };
}

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

function main(): void {
  const dir = argValue('scifact');
  const split = (argValue('split') ?? 'dev') as SciFactSplit;
  if (!dir || !['train', 'dev', 'test'].includes(split)) {
    console.error('usage: bench:support -- --scifact DIR [--split dev|train|test] [--tune] [--json]');
    process.exit(2);
  }
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
  const threshold = supportThresholdReport(claims, corpus);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ split, ...roundAll(metrics), ms: Math.round(ms), threshold }));
    return;
  }
  console.log(`SciFact ${split}: ${metrics.pairs} (claim, cited abstract with rationale) pairs, ${Math.round(ms)} ms`);
  console.log(`  rationale Recall@1 ${metrics.recallAt1.toFixed(3)}  Recall@3 ${metrics.recallAt3.toFixed(3)}  MRR ${metrics.mrr.toFixed(3)}`);
  console.log(`  sentence recall@3 ${metrics.sentenceRecallAt3.toFixed(3)} (share of all rationale sentences in the top 3)`);
  console.log(`  lexical 'supports' label: ${threshold}`);
}

if (require.main === module) main();
