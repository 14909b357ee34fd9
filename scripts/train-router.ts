// Trains the heuristic discipline router and the keyphrase document-frequency table.
//
//   npx esbuild scripts/train-router.ts --bundle --platform=node --format=cjs --log-level=warning \
//     --outfile=out/scripts/train-router.js && node out/scripts/train-router.js /work/shared/datasets
//
// Reads labelled titles + abstracts (bench/data/rxiv.ts says which and how they are labelled),
// splits them deterministically by title hash (70% train / 10% dev / 20% test), tunes the
// smoothing, vocabulary size and softmax temperature on dev, refits on train+dev, and writes
//   src/core/routing/model.json  (Naive Bayes weights, pruned vocabulary)
//   src/core/routing/df.json     (document frequencies of stemmed words, for keyphrase IDF)
// The test split is only ever scored by bench/routing.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadLabelledDocs, probes, splitOf, type LabelledDoc } from '../bench/data/rxiv';
import { extractFeatures } from '../src/core/routing/features';
import { scoreText, type RouterModel } from '../src/core/routing/model';
import { DISCIPLINES, REPOSITORY_OF } from '../src/core/routing/repositories';
import type { Discipline } from '../src/core/types';

const MIN_CLASS_DOCS = 20;
const MIN_DF = 3;
const SCALE = 20;
const OUT_DIR = join(process.cwd(), 'src', 'core', 'routing');

interface Counts {
  classes: Discipline[];
  docsPerClass: number[];
  /** feature → docs per class containing it */
  df: Map<string, number[]>;
}

function count(docs: LabelledDoc[], classes: Discipline[]): Counts {
  const df = new Map<string, number[]>();
  const docsPerClass = classes.map(() => 0);
  for (const doc of docs) {
    const c = classes.indexOf(doc.discipline);
    docsPerClass[c]!++;
    for (const f of extractFeatures(`${doc.title}. ${doc.abstract}`).features) {
      let row = df.get(f);
      if (!row) df.set(f, (row = classes.map(() => 0)));
      row[c]!++;
    }
  }
  return { classes, docsPerClass, df };
}

/** Max over classes of the chi-square statistic of "feature present" vs "class". */
function chiSquare(row: number[], docsPerClass: number[]): number {
  const n = docsPerClass.reduce((a, b) => a + b, 0);
  const withF = row.reduce((a, b) => a + b, 0);
  let best = 0;
  row.forEach((a, c) => {
    const b = withF - a;
    const cc = docsPerClass[c]! - a;
    const d = n - withF - cc;
    const denom = (a + cc) * (b + d) * (a + b) * (cc + d);
    if (denom > 0) best = Math.max(best, (n * (a * d - cc * b) ** 2) / denom);
  });
  return best;
}

type PriorKind = 'per-discipline' | 'per-repository';

/** Uniform over disciplines, or uniform over repositories (each 1/3, shared by its disciplines). */
function logPrior(classes: Discipline[], kind: PriorKind): number[] {
  if (kind === 'per-discipline') return classes.map(() => Math.log(1 / classes.length));
  const perRepo = new Map<string, number>();
  for (const c of classes) perRepo.set(REPOSITORY_OF[c], (perRepo.get(REPOSITORY_OF[c]) ?? 0) + 1);
  return classes.map((c) => Math.log(1 / perRepo.size / perRepo.get(REPOSITORY_OF[c])!));
}

interface Hyper {
  vocab: number;
  mu: number;
  prior: PriorKind;
  temperature: number;
}

function fit(counts: Counts, { vocab: vocabSize, mu, prior, temperature }: Hyper, meta: Record<string, unknown>): RouterModel {
  const vocab = [...counts.df.entries()]
    .filter(([, row]) => row.reduce((a, b) => a + b, 0) >= MIN_DF)
    .map(([f, row]) => ({ f, row, score: chiSquare(row, counts.docsPerClass) }))
    .sort((x, y) => y.score - x.score || (x.f < y.f ? -1 : 1))
    .slice(0, vocabSize);
  const totals = counts.classes.map((_, c) => vocab.reduce((sum, v) => sum + v.row[c]!, 0));
  const grandTotal = totals.reduce((a, b) => a + b, 0);
  const terms: Record<string, number[]> = {};
  for (const { f, row } of vocab) {
    // Dirichlet smoothing towards the pooled distribution: a small class (mathematics) does not
    // get the inflated weights for unseen terms that add-alpha smoothing would give it.
    const background = (row.reduce((a, b) => a + b, 0) + 1) / (grandTotal + vocab.length);
    const logs = row.map((n, c) => Math.log((n + mu * background) / (totals[c]! + mu)));
    const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
    terms[f] = logs.map((l) => Math.round((l - mean) * SCALE));
  }
  return { version: 1, classes: counts.classes, logPrior: logPrior(counts.classes, prior), scale: SCALE, temperature, terms, meta };
}

function evaluate(model: RouterModel, docs: LabelledDoc[]): { accuracy: number; nll: number } {
  let right = 0;
  let total = 0;
  let nll = 0;
  for (const doc of docs) {
    for (const probe of probes(doc)) {
      const { posterior } = scoreText(model, probe);
      const best = posterior.indexOf(Math.max(...posterior));
      if (model.classes[best] === doc.discipline) right++;
      const repoProbability = posterior.reduce(
        (sum, p, c) => sum + (REPOSITORY_OF[model.classes[c]!] === REPOSITORY_OF[doc.discipline] ? p : 0),
        0,
      );
      nll -= Math.log(Math.max(repoProbability, 1e-9));
      total++;
    }
  }
  return { accuracy: right / total, nll: nll / total };
}

function main(): void {
  const dataDir = process.argv[2];
  if (!dataDir) {
    console.error('usage: node out/scripts/train-router.js <datasets dir, e.g. /work/shared/datasets>');
    process.exit(2);
  }
  const all = loadLabelledDocs(dataDir);
  const perClass = new Map<Discipline, number>();
  for (const d of all) perClass.set(d.discipline, (perClass.get(d.discipline) ?? 0) + 1);
  const classes = [...perClass.entries()].filter(([, n]) => n >= MIN_CLASS_DOCS).map(([c]) => c).sort() as Discipline[];
  // Statistics has (almost) no primary-category records in the data: it cannot be learned.
  const dropped = DISCIPLINES.filter((c) => !classes.includes(c)).map((c) => [c, perClass.get(c) ?? 0] as const);
  const docs = all.filter((d) => classes.includes(d.discipline));
  const train = docs.filter((d) => splitOf(d) === 'train');
  const dev = docs.filter((d) => splitOf(d) === 'dev');
  console.log(`docs ${docs.length} (train ${train.length}, dev ${dev.length}); classes ${classes.join(', ')}`);
  console.log('per class', Object.fromEntries(perClass), 'dropped (too few docs)', Object.fromEntries(dropped));

  const trainCounts = count(train, classes);
  let best: Hyper = { vocab: 0, mu: 0, prior: 'per-discipline', temperature: 1 };
  let bestAccuracy = -1;
  for (const prior of ['per-discipline', 'per-repository'] as const) {
    for (const vocab of [4000, 6000, 8000]) {
      for (const mu of [10, 30, 100]) {
        for (const temperature of [1, 2, 3]) {
          const hyper = { vocab, mu, prior, temperature };
          const { accuracy } = evaluate(fit(trainCounts, hyper, {}), dev);
          console.log(`dev ${JSON.stringify(hyper)} accuracy=${accuracy.toFixed(3)}`);
          if (accuracy > bestAccuracy) [best, bestAccuracy] = [hyper, accuracy];
        }
      }
    }
  }
  // Then the temperature alone, for calibration (repository log-loss) without losing accuracy.
  let bestNll = Infinity;
  for (const t of [1, 1.5, 2, 2.5, 3, 4, 5]) {
    const { nll, accuracy } = evaluate(fit(trainCounts, { ...best, temperature: t }, {}), dev);
    if (accuracy >= bestAccuracy - 0.005 && nll < bestNll) [bestNll, best.temperature] = [nll, t];
  }
  console.log(`chosen ${JSON.stringify(best)} dev accuracy=${bestAccuracy.toFixed(3)} dev repo NLL=${bestNll.toFixed(3)}`);

  const meta = {
    trainedOn: 'train+dev splits (sha256 of normalised title, buckets 0-7 of 10)',
    docs: train.length + dev.length,
    ...best,
    devAccuracyClaimLike: Number(bestAccuracy.toFixed(4)),
    droppedClasses: Object.fromEntries(dropped),
  };
  const model = fit(count([...train, ...dev], classes), best, meta);
  writeFileSync(join(OUT_DIR, 'model.json'), JSON.stringify(model));
  writeFileSync(join(OUT_DIR, 'df.json'), JSON.stringify(documentFrequencies([...train, ...dev])));
  console.log(`wrote ${join(OUT_DIR, 'model.json')} and df.json`);
}

const MAX_BIGRAMS = 4000;
const MIN_BIGRAM_DF = 5;

/**
 * Document frequencies for keyphrase extraction: stemmed unigrams (df >= MIN_DF) for IDF, and the
 * most frequent stemmed bigrams, which tell a real collocation ("breast cancer") from an accident
 * of adjacency ("cancer primary").
 */
function documentFrequencies(docs: LabelledDoc[]): { docs: number; df: Record<string, number>; bigrams: Record<string, number> } {
  const df = new Map<string, number>();
  for (const doc of docs) {
    for (const f of extractFeatures(`${doc.title}. ${doc.abstract}`).features) df.set(f, (df.get(f) ?? 0) + 1);
  }
  const byName = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : 1);
  const unigrams = [...df.entries()].filter(([f, n]) => !f.includes(' ') && n >= MIN_DF).sort(byName);
  const bigrams = [...df.entries()]
    .filter(([f, n]) => f.includes(' ') && n >= MIN_BIGRAM_DF)
    .sort((a, b) => b[1] - a[1] || byName(a, b))
    .slice(0, MAX_BIGRAMS)
    .sort(byName);
  return { docs: docs.length, df: Object.fromEntries(unigrams), bigrams: Object.fromEntries(bigrams) };
}

main();
