// Accuracy of the heuristic discipline router on the HELD-OUT test split (20%, by title hash),
// which models/train-router.ts never trains or tunes on.
//
//   node esbuild.config.mjs && node dist/bench/routing.js /work/shared/datasets [--dev] [--model PATH] [--matrix]
//
// Rows: what the router sees. "abstract" = title + abstract; "title" and "sentence" (the middle
// sentence of the abstract, exactly as split, so figures compare with earlier runs) are
// claim-like. The "+ ctx" rows route that sentence with manuscript context: the paper's title;
// its title and the rest of its abstract (the sentence itself removed); and, for the sentence with
// its structured-abstract label taken out ("Methods: …" → "…"), that label as section heading.
//
// Columns: discipline accuracy over the 5 learned disciplines; "top-1" = the primary server is
// the right one; "first" = the right server is among those searched FIRST (search/keywords.ts
// searchPlan, the pipeline's own plan, searches primary and secondary together on a close call:
// confidence under its pair of servers' line, routing/closeCall.ts); "close" = the share of close
// calls (two servers or more); "all three" = the share where the third server is likely enough
// to join them (closeCall.ts THIRD_SERVER_ABOVE). A model refit on train+dev scores the dev split
// too well: while developing, score the train-split model (models/train-router.ts --dev-model
// PATH) with `--dev --model PATH`.
// Per-class precision/recall and the confusion matrices follow.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { headedSentences, loadLabelledDocs, probes, splitOf, type LabelledDoc } from './data/rxiv';
import { routeHeuristically, ROUTER_MODEL } from '../src/core/routing/heuristic';
import type { RouterModel } from '../src/core/routing/model';
import { decodeRouterModel, type RouterFile } from '../src/core/models/index';
import { REPOSITORY_OF } from '../src/core/routing/repositories';
import { searchPlan } from '../src/core/search/keywords';
import type { DocumentContext, RoutingDecision } from '../src/core/types';

interface Probe {
  doc: LabelledDoc;
  text: string;
  context: DocumentContext;
}

interface Outcome {
  truth: string;
  predicted: string;
  repoTruth: string;
  repoPredicted: string;
  firstSearched: boolean;
  close: boolean;
  three: boolean;
  confidence: number;
}

function outcomeOf({ doc, text, context }: Probe, model: RouterModel): Outcome {
  const decision: RoutingDecision = routeHeuristically({ text, context }, model);
  const repoTruth = REPOSITORY_OF[doc.discipline];
  const first = searchPlan(decision)[0]!;
  return {
    truth: doc.discipline,
    predicted: decision.discipline,
    repoTruth,
    repoPredicted: decision.primary,
    firstSearched: first.includes(repoTruth),
    close: first.length > 1,
    three: first.length > 2,
    confidence: decision.confidence,
  };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
const count = <T>(xs: T[], f: (x: T) => boolean) => xs.filter(f).length;

function summary(name: string, outcomes: Outcome[]): string {
  const n = outcomes.length;
  const cells = [
    pct(count(outcomes, (o) => o.truth === o.predicted), n),
    pct(count(outcomes, (o) => o.repoTruth === o.repoPredicted), n),
    pct(count(outcomes, (o) => o.firstSearched), n),
    pct(count(outcomes, (o) => o.close), n),
    pct(count(outcomes, (o) => o.three), n),
    (outcomes.reduce((s, o) => s + o.confidence, 0) / n).toFixed(3),
  ];
  return `${name.padEnd(34)} ${String(n).padStart(5)} ${cells.map((c) => c.padStart(10)).join(' ')}`;
}

function perClass(outcomes: Outcome[], truth: (o: Outcome) => string, predicted: (o: Outcome) => string): string {
  const labels = [...new Set(outcomes.map(truth))].sort();
  return labels
    .map((label) => {
      const tp = count(outcomes, (o) => truth(o) === label && predicted(o) === label);
      const p = count(outcomes, (o) => predicted(o) === label);
      const t = count(outcomes, (o) => truth(o) === label);
      return `${label} P ${pct(tp, p)} R ${pct(tp, t)} (n=${t})`;
    })
    .join('; ');
}

function confusion(outcomes: Outcome[], truth: (o: Outcome) => string, predicted: (o: Outcome) => string): string[] {
  const labels = [...new Set([...outcomes.map(truth), ...outcomes.map(predicted)])].sort();
  const short = (l: string) => l.slice(0, 8).padStart(8);
  const lines = [`    ${'truth \\ routed'.padEnd(16)} ${labels.map(short).join(' ')}`];
  for (const row of labels) {
    const cells = labels.map((col) => String(count(outcomes, (o) => truth(o) === row && predicted(o) === col)).padStart(8));
    lines.push(`    ${row.padEnd(16)} ${cells.join(' ')}`);
  }
  return lines;
}

function rowsOf(docs: LabelledDoc[]): [string, Probe[]][] {
  const withAbstract = docs.filter((d) => d.abstract);
  const middle = (doc: LabelledDoc) => probes(doc).at(-1)!;
  const headed = (doc: LabelledDoc) => {
    const sentences = headedSentences(doc.abstract);
    const chosen = sentences[Math.floor(sentences.length / 2)]!;
    return { chosen, rest: sentences.filter((s) => s !== chosen).map((s) => s.text).join(' ') };
  };
  return [
    ['abstract', withAbstract.map((doc) => ({ doc, text: `${doc.title}. ${doc.abstract}`, context: {} }))],
    ['title', docs.map((doc) => ({ doc, text: doc.title, context: {} }))],
    ['sentence', withAbstract.map((doc) => ({ doc, text: middle(doc), context: {} }))],
    ['sentence + title ctx', withAbstract.map((doc) => ({ doc, text: middle(doc), context: { title: doc.title } }))],
    ['sentence + title+abstract ctx', withAbstract.map((doc) => {
      const { chosen, rest } = headed(doc);
      return { doc, text: chosen.text, context: { title: doc.title, abstract: rest } };
    })],
    ['sentence, label removed', withAbstract.map((doc) => ({ doc, text: headed(doc).chosen.text, context: {} }))],
    ['sentence, label as section ctx', withAbstract.map((doc) => {
      const { chosen } = headed(doc);
      return { doc, text: chosen.text, context: { sectionTitle: chosen.heading } };
    })],
  ];
}

/** Parse time of the committed model file and the first routing call (both part of first-candidates latency). */
function loadTimes(path: string): string {
  const text = readFileSync(path, 'utf8');
  const parse: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    JSON.parse(text);
    parse.push(performance.now() - start);
  }
  parse.sort((a, b) => a - b);
  const terms = decodeRouterModel(JSON.parse(text) as RouterFile).terms.size;
  return `model ${(text.length / 1024).toFixed(0)} KiB, ${terms} terms; JSON.parse median of 5: ${parse[2]!.toFixed(1)} ms`;
}

function main(): void {
  const dataDir = process.argv[2];
  if (!dataDir) {
    console.error('usage: node dist/bench/routing.js <datasets dir, e.g. /work/shared/datasets> [--dev] [--model PATH] [--matrix]');
    process.exit(2);
  }
  const firstCall = performance.now();
  routeHeuristically({ text: 'Warm-up claim about gene expression.', context: {} });
  const firstCallMs = performance.now() - firstCall;
  // `--dev` scores the dev split instead (used while developing; the model was refit on it).
  const split = process.argv.includes('--dev') ? 'dev' : 'test';
  // `--model PATH` scores another model file (e.g. train-router.js --dev-model) instead of the committed one.
  const modelIndex = process.argv.indexOf('--model');
  const modelPath = modelIndex > 0 ? process.argv[modelIndex + 1]! : join(__dirname, '..', '..', 'src', 'core', 'models', 'router.json');
  const model = modelIndex > 0 ? decodeRouterModel(JSON.parse(readFileSync(modelPath, 'utf8')) as RouterFile) : ROUTER_MODEL;
  const docs = loadLabelledDocs(dataDir).filter((d) => model.classes.includes(d.discipline) && splitOf(d) === split);
  console.log(`${split === 'test' ? 'held-out test' : 'dev (NOT held out)'} split: ${docs.length} docs; model classes: ${model.classes.join(', ')}`);
  console.log(`${loadTimes(modelPath)}; first routing call ${firstCallMs.toFixed(1)} ms`);
  console.log(`${'input'.padEnd(34)} ${'n'.padStart(5)} ${['discipline', 'top-1', 'first', 'close', 'all three', 'mean conf'].map((c) => c.padStart(10)).join(' ')}`);
  const results = rowsOf(docs).map(([name, probeSet]) => [name, probeSet.map((probe) => outcomeOf(probe, model))] as const);
  for (const [name, outcomes] of results) console.log(summary(name, outcomes));
  const discipline = [(o: Outcome) => o.truth, (o: Outcome) => o.predicted] as const;
  const repository = [(o: Outcome) => o.repoTruth, (o: Outcome) => o.repoPredicted] as const;
  for (const [name, outcomes] of results) {
    console.log(`\n${name}: by discipline ${perClass(outcomes, ...discipline)}`);
    console.log(`${name}: by server ${perClass(outcomes, ...repository)}`);
    if (process.argv.includes('--matrix') || name.startsWith('sentence')) {
      console.log(confusion(outcomes, ...discipline).join('\n'));
      console.log(confusion(outcomes, ...repository).join('\n'));
    }
  }
}

main();
