// Trains the cite-worthiness model (src/core/coverage/citeworthinessModel.json): a logistic
// regression over the features of src/core/coverage/features.ts, on the unarXive sample's
// training papers only (every fifth paper by id is held apart for bench/citeworthiness.ts).
//
//   npx esbuild models/train-citeworthiness.ts --bundle --platform=node --format=cjs --log-level=warning \
//     --outfile=out/models/train-citeworthiness.js && node out/models/train-citeworthiness.js /work/shared/datasets
//
// Every sentence weighs the same. Fitted by Newton's method (scripts/support-fit.ts):
// deterministic, the same data gives the same bytes. The threshold is chosen on the training
// papers for precision: the lowest score at which, in paragraphs that hold a citation, at least
// TARGET_PRECISION of the sentences listed do cite. CITEWORTHINESS_MODEL_OUT=PATH writes elsewhere.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FEATURE_NAMES, featuresOf } from '../src/core/coverage/features';
import { inCitingParagraphs, isHeldApart, readUnarxive } from '../bench/lib/unarxive-sentences';
import { fit, precisionAt } from './support-fit';

const TARGET_PRECISION = 0.7;

function main(): void {
  const data = process.argv[2];
  if (!data) {
    console.error('usage: node out/models/train-citeworthiness.js <datasets dir>');
    process.exit(2);
  }
  const papers = readUnarxive(data);
  const train = papers.filter((p) => !isHeldApart(p, papers));
  const sentences = train.flatMap((p) => p.sentences);
  console.log(`train: ${train.length} papers, ${sentences.length} sentences, ${sentences.filter((s) => s.cited).length} cite`);
  const weights = fit(sentences.map((s) => ({ x: featuresOf(s), y: s.cited ? 1 : 0, w: 1 })), FEATURE_NAMES.length);
  const citing = train.flatMap((p) => inCitingParagraphs(p.sentences));
  const scored = citing.map((s) => ({ p: probability(featuresOf(s), weights), positive: s.cited }));
  const threshold = precisionThreshold(scored);
  const at = precisionAt(scored, threshold);
  console.log(`threshold ${threshold}: train precision ${at.precision.toFixed(3)}, recall ${at.recall.toFixed(3)} (paragraphs with a citation)`);
  FEATURE_NAMES.forEach((name, i) => console.log(`  ${weights[i]!.toFixed(3).padStart(8)}  ${name}`));
  const out = process.env.CITEWORTHINESS_MODEL_OUT ?? join(__dirname, '..', '..', 'src', 'core', 'coverage', 'citeworthinessModel.json');
  const trainedOn = `unarXive sample, ${train.length} training papers (held apart: every fifth by id)`;
  const model = { trainedOn, features: FEATURE_NAMES, weights, threshold };
  writeFileSync(out, JSON.stringify(model, null, 2) + '\n');
  console.log(`wrote ${out}`);
}

function probability(x: number[], weights: number[]): number {
  return 1 / (1 + Math.exp(-x.reduce((a, v, i) => a + v * weights[i]!, 0)));
}

/** The lowest threshold, on a 0.01 grid, whose precision reaches the target. */
function precisionThreshold(scored: { p: number; positive: boolean }[]): number {
  for (let t = 0.3; t < 0.99; t += 0.01) {
    const rounded = Math.round(t * 100) / 100;
    if (precisionAt(scored, rounded).precision >= TARGET_PRECISION) return rounded;
  }
  return 0.99;
}

main();
