// Trains the heuristic discipline router and the keyphrase document-frequency table.
//
//   npx esbuild models/train-router.ts --bundle --platform=node --format=cjs --log-level=warning \
//     --outfile=out/models/train-router.js && node out/models/train-router.js /work/shared/datasets
//
// (`--dev-model /tmp/dev-model.json` writes a train-split-only model instead, for bench/routing.ts
// `--dev --model /tmp/dev-model.json` while developing; nothing under src/ changes.)
//
// Reads every labelled title + abstract under the datasets folder (bench/data/rxiv.ts says which
// and how they are labelled), splits them deterministically by title hash (70% train / 10% dev /
// 20% test), and fits on claim-sized text: every title and every abstract sentence of the train
// split is one example. Two learners over the same examples (train-router-learners.ts), a softmax
// regression and a Naive Bayes, are blended into one weight table. The dev split alone tunes the
// regularisation, the class weighting, the blend, how much each kind of context counts, and the
// temperature (train-router-tune.ts); the model is then refit on train+dev with those settings
// and written as
//   src/core/models/router.json  (integer weights, pruned vocabulary)
//   src/core/models/abstractDf.json (document frequencies of stemmed words, for keyphrase IDF)
// Everything is deterministic (fixed example order from a seeded shuffle, no clock): the same
// data gives byte-identical files. The test split is only ever scored by bench/routing.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadLabelledDocs, splitOf, type LabelledDoc } from '../bench/data/rxiv';
import { extractFeatures } from '../src/core/routing/features';
import { DISCIPLINES } from '../src/core/routing/repositories';
import type { Discipline } from '../src/core/types';
import { blend, fitLearners } from './train-router-model';
import { encodeRouterModel } from '../src/core/models/index';
import { tune } from './train-router-tune';

const MIN_CLASS_DOCS = 20;
const OUT_DIR = join(process.cwd(), 'src', 'core', 'models');

function main(): void {
  const dataDir = process.argv[2];
  if (!dataDir) {
    console.error('usage: node out/models/train-router.js <datasets dir, e.g. /work/shared/datasets> [--dev-model PATH]');
    process.exit(2);
  }
  const all = loadLabelledDocs(dataDir);
  const perClass = new Map<Discipline, number>();
  for (const d of all) perClass.set(d.discipline, (perClass.get(d.discipline) ?? 0) + 1);
  const classes = [...perClass.entries()].filter(([, n]) => n >= MIN_CLASS_DOCS).map(([c]) => c).sort() as Discipline[];
  // Statistics has no arXiv stat.* primary-category records in the data: it cannot be learned,
  // so a statistics-methods claim is routed as mathematics or CS (both arXiv); see heuristic.ts.
  const dropped = DISCIPLINES.filter((c) => !classes.includes(c)).map((c) => [c, perClass.get(c) ?? 0] as const);
  const docs = all.filter((d) => classes.includes(d.discipline));
  const train = docs.filter((d) => splitOf(d) === 'train');
  const dev = docs.filter((d) => splitOf(d) === 'dev');
  console.log(`docs ${docs.length} (train ${train.length}, dev ${dev.length}); classes ${classes.join(', ')}`);
  console.log('per class', Object.fromEntries(perClass), 'dropped (too few docs)', Object.fromEntries(dropped));

  const { devFigures, settings } = tune(train, dev, classes);
  const devModelPath = optionValue('--dev-model');
  if (devModelPath) {
    // For development only: the train-split model (not refit on dev), which bench/routing.ts
    // can score on the dev split with `--dev --model PATH`. The committed files are untouched.
    writeFileSync(devModelPath, JSON.stringify(encodeRouterModel(blend(fitLearners(train, classes, settings), settings, { trainedOn: 'train split only' }))));
    console.log(`wrote ${devModelPath}`);
    return;
  }
  const meta = {
    trainedOn: 'train+dev splits (sha256 of normalised title, buckets 0-7 of 10); one example per title and per abstract sentence',
    docs: train.length + dev.length,
    ...settings,
    dev: devFigures,
    droppedClasses: Object.fromEntries(dropped),
  };
  const model = blend(fitLearners([...train, ...dev], classes, settings), settings, meta);
  writeFileSync(join(OUT_DIR, 'router.json'), JSON.stringify(encodeRouterModel(model)));
  writeFileSync(join(OUT_DIR, 'abstractDf.json'), JSON.stringify(documentFrequencies([...train, ...dev])));
  console.log(`wrote ${join(OUT_DIR, 'router.json')} (${model.terms.size} terms) and abstractDf.json`);
}

function optionValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const DF_MIN = 3;
const MAX_BIGRAMS = 4000;
const MIN_BIGRAM_DF = 5;

/**
 * Document frequencies for keyphrase extraction: stemmed unigrams (df >= DF_MIN) for IDF, and the
 * most frequent stemmed bigrams, which tell a real collocation ("breast cancer") from an accident
 * of adjacency ("cancer primary").
 */
function documentFrequencies(docs: LabelledDoc[]): { docs: number; df: Record<string, number>; bigrams: Record<string, number> } {
  const df = new Map<string, number>();
  for (const doc of docs) {
    for (const f of extractFeatures(`${doc.title}. ${doc.abstract}`).features) df.set(f, (df.get(f) ?? 0) + 1);
  }
  const byName = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : 1);
  const unigrams = [...df.entries()].filter(([f, n]) => !f.includes(' ') && n >= DF_MIN).sort(byName);
  const bigrams = [...df.entries()]
    .filter(([f, n]) => f.includes(' ') && n >= MIN_BIGRAM_DF)
    .sort((a, b) => b[1] - a[1] || byName(a, b))
    .slice(0, MAX_BIGRAMS)
    .sort(byName);
  return { docs: docs.length, df: Object.fromEntries(unigrams), bigrams: Object.fromEntries(bigrams) };
}

main();
