// Accuracy of the heuristic discipline router on the HELD-OUT test split (20%, by title hash),
// which scripts/train-router.ts never trains or tunes on.
//
//   node esbuild.config.mjs && node dist/bench/routing.js /work/shared/datasets
//
// Rows: what the router sees. "abstract" = title + abstract; "title" and "sentence" (the middle
// sentence of the abstract) are claim-like; "sentence + title ctx" routes that sentence with the
// paper's title as the manuscript context. Discipline accuracy counts the 5 learned disciplines;
// repository accuracy is what routing decides (arXiv / bioRxiv / medRxiv).
import { loadLabelledDocs, probes, splitOf, type LabelledDoc } from './data/rxiv';
import { routeHeuristically, ROUTER_MODEL } from '../src/core/routing/heuristic';
import { REPOSITORY_OF } from '../src/core/routing/repositories';
import type { Discipline, RoutingDecision } from '../src/core/types';

interface Probe {
  doc: LabelledDoc;
  text: string;
  title?: string;
}

interface Tally {
  n: number;
  discipline: number;
  repository: number;
  confidence: number;
  perClass: Map<Discipline, { n: number; right: number }>;
  bins: { n: number; right: number; confidence: number }[];
}

function run(probeSet: Probe[]): Tally {
  const tally: Tally = { n: 0, discipline: 0, repository: 0, confidence: 0, perClass: new Map(), bins: Array.from({ length: 5 }, () => ({ n: 0, right: 0, confidence: 0 })) };
  for (const { doc, text, title } of probeSet) {
    const decision: RoutingDecision = routeHeuristically({ text, context: title ? { title } : {} });
    const repoRight = decision.primary === REPOSITORY_OF[doc.discipline];
    tally.n++;
    if (decision.discipline === doc.discipline) tally.discipline++;
    if (repoRight) tally.repository++;
    tally.confidence += decision.confidence;
    const cls = tally.perClass.get(doc.discipline) ?? { n: 0, right: 0 };
    cls.n++;
    if (decision.discipline === doc.discipline) cls.right++;
    tally.perClass.set(doc.discipline, cls);
    const bin = tally.bins[Math.min(4, Math.floor(decision.confidence * 5))]!;
    bin.n++;
    bin.confidence += decision.confidence;
    if (repoRight) bin.right++;
  }
  return tally;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

function main(): void {
  const dataDir = process.argv[2];
  if (!dataDir) {
    console.error('usage: node dist/bench/routing.js <datasets dir, e.g. /work/shared/datasets>');
    process.exit(2);
  }
  // `--dev` scores the dev split instead (used while developing; the model was refit on it).
  const split = process.argv.includes('--dev') ? 'dev' : 'test';
  const test = loadLabelledDocs(dataDir).filter((d) => ROUTER_MODEL.classes.includes(d.discipline) && splitOf(d) === split);
  const withAbstract = test.filter((d) => d.abstract);
  const rows: [string, Probe[]][] = [
    ['abstract', withAbstract.map((doc) => ({ doc, text: `${doc.title}. ${doc.abstract}` }))],
    ['title', test.map((doc) => ({ doc, text: doc.title }))],
    ['sentence', withAbstract.map((doc) => ({ doc, text: probes(doc).at(-1)! }))],
    ['sentence + title ctx', withAbstract.map((doc) => ({ doc, text: probes(doc).at(-1)!, title: doc.title }))],
  ];
  console.log(`${split === 'test' ? 'held-out test' : 'dev (NOT held out)'} split: ${test.length} docs (${withAbstract.length} with abstract); model classes: ${ROUTER_MODEL.classes.join(', ')}`);
  console.log('input                 n     discipline  repository  mean conf');
  const tallies = rows.map(([name, probeSet]) => [name, run(probeSet)] as const);
  for (const [name, t] of tallies) {
    console.log(`${name.padEnd(20)} ${String(t.n).padStart(5)}   ${pct(t.discipline, t.n).padStart(9)}   ${pct(t.repository, t.n).padStart(9)}   ${(t.confidence / t.n).toFixed(3)}`);
  }
  for (const [name, t] of tallies) {
    const recalls = [...t.perClass.entries()].sort().map(([c, v]) => `${c} ${pct(v.right, v.n)} (n=${v.n})`);
    console.log(`recall by discipline, ${name}: ${recalls.join('; ')}`);
  }
  const sentence = tallies.find(([name]) => name === 'sentence')![1];
  const bins = sentence.bins.map((b, i) => `[${(i / 5).toFixed(1)},${((i + 1) / 5).toFixed(1)}) n=${b.n} conf=${b.n ? (b.confidence / b.n).toFixed(2) : '-'} acc=${pct(b.right, b.n)}`);
  console.log(`calibration (sentence, repository): ${bins.join('; ')}`);
}

main();
