// Tuning for models/train-router.ts, on the DEV split only (the test split is never read here).
//
// Every dev probe is scored once per candidate model into per-source logit vectors (the claim's
// summed term weights, and the mean term weights of its title, abstract and section heading), so
// trying context weights and temperatures afterwards is arithmetic, and uses exactly the scoring
// of src/core/routing/model.ts.
import { headedSentences, type LabelledDoc } from '../bench/data/rxiv';
import { scoreText, softmax, type ContextSource, type EvidenceSource, type RouterModel, type RoutingContext } from '../src/core/routing/model';
import { REPOSITORY_OF } from '../src/core/routing/repositories';
import { isCloseCall } from '../src/core/routing/closeCall';
import type { Discipline, Repository } from '../src/core/types';
import { blend, fitLearners, type Settings } from './train-router-model';

/**
 * The share of claims assumed to sit in a manuscript of another server's field (a clinical paper
 * citing a language model, a biology paper citing a statistics method). Every dev probe with
 * context is its own paper's sentence, so dev alone would always trust the context more; the
 * context weights instead maximise accuracy over a mix of own-paper probes and cross-field probes
 * (a dev sentence with the title and abstract of the next dev paper posted on another server).
 */
const CROSS_FIELD_SHARE = 0.2;
const LEARNERS = [1e-4, 1e-3, 1e-2].flatMap((l2) => [0.5, 1].map((balance) => ({ l2, balance, epochs: 4, mu: 100 })));
const BAYES_SHARES = [0, 0.05, 0.1, 0.2, 0.35];
const TEMPERATURES = [0.6, 0.8, 1, 1.2, 1.5, 2, 2.5, 3];
const CONTEXT_WEIGHTS = [0, 0.5, 1, 1.5, 2, 3, 4, 6];

interface Probe {
  truth: Repository;
  discipline: Discipline;
  text: string;
  context: RoutingContext;
}

type Vectors = Record<EvidenceSource, number[]>;

interface Scored {
  truth: Repository;
  discipline: Discipline;
  vectors: Vectors;
}

function probeSets(dev: LabelledDoc[]) {
  const truth = (doc: LabelledDoc) => REPOSITORY_OF[doc.discipline];
  const labels = (doc: LabelledDoc) => ({ truth: truth(doc), discipline: doc.discipline });
  const withAbstract = dev.filter((d) => d.abstract).sort((a, b) => (a.id < b.id ? -1 : 1));
  const middleOf = (doc: LabelledDoc) => {
    const sentences = headedSentences(doc.abstract);
    const middle = sentences[Math.floor(sentences.length / 2)]!;
    return { middle, rest: sentences.filter((s) => s !== middle).map((s) => s.text).join(' ') };
  };
  // Alone: every title and every abstract sentence (more dev probes than the bench's one per paper).
  const alone: Probe[] = dev.flatMap((doc) =>
    [doc.title, ...headedSentences(doc.abstract).map((s) => s.text)].map((text) => ({ ...labels(doc), text, context: {} })),
  );
  const middle = (context: (doc: LabelledDoc) => RoutingContext): Probe[] =>
    withAbstract.map((doc) => ({ ...labels(doc), text: middleOf(doc).middle.text, context: context(doc) }));
  // Cross-field: the next paper (by id) posted on another server lends its title and abstract.
  const otherField = (doc: LabelledDoc, i: number) =>
    [...withAbstract.slice(i + 1), ...withAbstract.slice(0, i)].find((d) => truth(d) !== truth(doc))!;
  return {
    alone,
    middleAlone: middle(() => ({})),
    withTitle: middle((doc) => ({ title: doc.title })),
    withAbstract: middle((doc) => ({ title: doc.title, abstract: middleOf(doc).rest })),
    withSection: middle((doc) => ({ section: middleOf(doc).middle.heading })),
    crossField: withAbstract.map((doc, i) => {
      const other = otherField(doc, i);
      return { ...labels(doc), text: middleOf(doc).middle.text, context: { title: other.title, abstract: middleOf(other).rest } };
    }),
  };
}

function scoreAll(model: RouterModel, probes: Probe[]): Scored[] {
  const unit = { ...model, temperature: 1, bias: model.classes.map(() => 0), contextWeights: { title: 1, abstract: 1, section: 1 } };
  return probes.map(({ truth, discipline, text, context }) => {
    const vectors: Vectors = { claim: [], title: [], abstract: [], section: [] };
    for (const source of Object.keys(vectors) as EvidenceSource[]) vectors[source] = model.classes.map(() => 0);
    for (const e of scoreText(unit, text, context).evidence) e.weights.forEach((w, c) => (vectors[e.source][c]! += w));
    return { truth, discipline, vectors };
  });
}

/** Class probabilities of a scored probe under `model`'s bias, temperature and context weights. */
function classProbabilities(model: RouterModel, { vectors }: Scored): number[] {
  const logits = model.bias.map((b, c) => {
    let z = b + vectors.claim[c]!;
    for (const s of ['title', 'abstract', 'section'] as ContextSource[]) z += model.contextWeights[s] * vectors[s][c]!;
    return z / model.temperature;
  });
  return softmax(logits);
}

function serverProbabilities(model: RouterModel, posterior: number[]): Map<Repository, number> {
  const byRepo = new Map<Repository, number>();
  posterior.forEach((p, c) => byRepo.set(REPOSITORY_OF[model.classes[c]!], (byRepo.get(REPOSITORY_OF[model.classes[c]!]) ?? 0) + p));
  return byRepo;
}

/** The discipline heuristic.ts shows: the most probable class within the primary server. */
function disciplineIn(model: RouterModel, posterior: number[], primary: Repository): Discipline {
  const inPrimary = model.classes.map((c, i) => (REPOSITORY_OF[c] === primary ? posterior[i]! : -1));
  return model.classes[inPrimary.indexOf(Math.max(...inPrimary))]!;
}

interface Figures {
  top1: number;
  first: number;
  close: number;
  nll: number;
  discipline: number;
}

/** "first" and "close" follow the search stage's close-call rule (closeCall.ts, tuned by models/tune-close-call.ts). */
function figures(model: RouterModel, scored: Scored[]): Figures {
  const f = { top1: 0, first: 0, close: 0, nll: 0, discipline: 0 };
  for (const probe of scored) {
    const posterior = classProbabilities(model, probe);
    const byRepo = serverProbabilities(model, posterior);
    const [[primary, p1], [secondary, p2]] = [...byRepo.entries()].sort((a, b) => b[1] - a[1]) as [Repository, number][];
    const close = isCloseCall({ by: 'heuristic', primary, secondary, confidence: p1 / (p1 + p2) });
    if (primary === probe.truth) f.top1++;
    if (primary === probe.truth || (close && secondary === probe.truth)) f.first++;
    if (close) f.close++;
    if (disciplineIn(model, posterior, primary) === probe.discipline) f.discipline++;
    f.nll -= Math.log(Math.max(byRepo.get(probe.truth)!, 1e-9));
  }
  const n = scored.length;
  return { top1: f.top1 / n, first: f.first / n, close: f.close / n, nll: f.nll / n, discipline: f.discipline / n };
}

/** The temperature with the lowest server log-loss on `scored` (calibrated confidences). */
function calibrate(model: RouterModel, scored: Scored[]): number {
  return TEMPERATURES.map((temperature) => ({ temperature, nll: figures({ ...model, temperature }, scored).nll })).sort(
    (a, b) => a.nll - b.nll,
  )[0]!.temperature;
}

const show = (f: Figures) => `discipline ${pct(f.discipline)} top-1 ${pct(f.top1)} first ${pct(f.first)} close ${pct(f.close)} nll ${f.nll.toFixed(3)}`;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function tune(
  train: LabelledDoc[],
  dev: LabelledDoc[],
  classes: Discipline[],
): { settings: Settings; devFigures: Record<string, Figures> } {
  const sets = probeSets(dev);
  const noContext = { title: 0, abstract: 0, section: 0 };
  let best: { settings: Settings; top1: number } | undefined;
  for (const learner of LEARNERS) {
    const fitted = fitLearners(train, classes, learner);
    for (const bayesShare of BAYES_SHARES) {
      const model = blend(fitted, { bayesShare, temperature: 1, contextWeights: noContext }, {});
      const alone = scoreAll(model, sets.alone);
      const temperature = calibrate(model, alone);
      const f = figures({ ...model, temperature }, alone);
      console.log(`dev ${JSON.stringify({ ...learner, bayesShare, temperature })} sentences and titles alone: ${show(f)}`);
      if (!best || f.top1 > best.top1)
        best = { settings: { ...learner, bayesShare, temperature, contextWeights: noContext }, top1: f.top1 };
    }
  }
  const settings = best!.settings;
  const model = blend(fitLearners(train, classes, settings), settings, {});
  settings.contextWeights = tuneContext(model, sets);
  model.contextWeights = settings.contextWeights;
  const scored = Object.fromEntries(Object.entries(sets).map(([name, probes]) => [name, scoreAll(model, probes)]));
  settings.temperature = model.temperature = calibrate(model, [
    ...scored.alone!,
    ...scored.withTitle!,
    ...scored.withAbstract!,
    ...scored.withSection!,
  ]);
  // The close-call lines are tuned on their own, on this model's dev decisions: models/tune-close-call.ts.
  const devFigures = Object.fromEntries(Object.entries(scored).map(([name, s]) => [name, roundFigures(figures(model, s))]));
  console.log(`chosen ${JSON.stringify(settings)}`);
  for (const [name, f] of Object.entries(devFigures)) console.log(`dev ${name.padEnd(14)} ${show(f)}`);
  return { settings, devFigures };
}

/**
 * Title and abstract weights together (most accurate over own-paper and cross-field dev probes,
 * mixed as CROSS_FIELD_SHARE says), then the section heading's weight on its own.
 */
function tuneContext(model: RouterModel, sets: ReturnType<typeof probeSets>): Record<ContextSource, number> {
  const [withTitle, withAbstract, crossField, withSection] = [sets.withTitle, sets.withAbstract, sets.crossField, sets.withSection].map(
    (p) => scoreAll(model, p),
  );
  const tried: { weights: Record<ContextSource, number>; score: number; own: number }[] = [];
  for (const title of CONTEXT_WEIGHTS) {
    for (const abstract of CONTEXT_WEIGHTS) {
      const m = { ...model, contextWeights: { title, abstract, section: 0 } };
      const cross = figures(m, crossField!).top1;
      const own = (figures(m, withTitle!).top1 + figures(m, withAbstract!).top1) / 2;
      const score = (1 - CROSS_FIELD_SHARE) * own + CROSS_FIELD_SHARE * cross;
      console.log(`dev context title ${title} abstract ${abstract}: own paper ${pct(own)}, cross-field ${pct(cross)}, mixed ${pct(score)}`);
      tried.push({ weights: { title, abstract, section: 0 }, score, own });
    }
  }
  // Among settings within 0.1 point of the best mix, the one its own manuscript decides best:
  // a claim with no field words of its own should follow the paper it sits in.
  const top = Math.max(...tried.map((t) => t.score));
  const best = tried.filter((t) => t.score >= top - 0.001).sort((a, b) => b.own - a.own)[0]!;
  let bestSection = -1;
  for (const section of CONTEXT_WEIGHTS) {
    const top1 = figures({ ...model, contextWeights: { ...best.weights, section } }, withSection!).top1;
    if (top1 > bestSection + 0.001) [bestSection, best.weights.section] = [top1, section];
  }
  return best.weights;
}

function roundFigures(f: Figures): Figures {
  return {
    top1: Number(f.top1.toFixed(4)),
    first: Number(f.first.toFixed(4)),
    close: Number(f.close.toFixed(4)),
    nll: Number(f.nll.toFixed(4)),
    discipline: Number(f.discipline.toFixed(4)),
  };
}
