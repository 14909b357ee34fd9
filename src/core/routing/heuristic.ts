// Routing without an LLM: the Naive Bayes discipline model learned from real preprint metadata
// (see scripts/train-router.ts; accuracy on the held-out split: bench/routing.ts).
//
// Rule: probabilities are summed per repository. The primary is the most probable repository,
// the discipline the most probable one within it, the secondary the most probable other
// repository, and the confidence the primary's summed probability. The claim decides; the
// manuscript's title and abstract count for at most half as much.
import type { Claim, Discipline, RoutingDecision } from '../types';
import modelJson from './model.json';
import { scoreText, type Evidence, type RouterModel } from './model';
import { REPOSITORY_OF, repositoryProbabilities, secondaryFor } from './repositories';
import { REPOSITORY_LABEL } from '../identity/repository';

export const ROUTER_MODEL = modelJson as unknown as RouterModel;

export function routeHeuristically(claim: Pick<Claim, 'text' | 'context'>, model: RouterModel = ROUTER_MODEL): RoutingDecision {
  const context = [claim.context.title, claim.context.abstract].filter(Boolean).join('. ');
  const { posterior, evidence } = scoreText(model, claim.text, context);
  const byRepo = repositoryProbabilities(model.classes, posterior);
  const primary = [...byRepo.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const inPrimary = model.classes.map((c, i) => (REPOSITORY_OF[c] === primary ? posterior[i]! : -1));
  const best = inPrimary.indexOf(Math.max(...inPrimary));
  const discipline = model.classes[best]!;
  const secondary = secondaryFor(primary, byRepo);
  // With no known word at all, the prior alone would still favour arXiv (3 of 5 disciplines):
  // report chance among the three servers instead, so both get searched.
  const confidence = evidence.length === 0 ? round(1 / 3) : round(byRepo.get(primary)!);
  const rival = rivalOf(model.classes, posterior, best);
  return {
    discipline,
    primary,
    secondary,
    confidence,
    by: 'heuristic',
    reason: explain(discipline, model.classes[rival]!, topEvidence(evidence, best, rival), confidence, REPOSITORY_LABEL[primary]),
  };
}

/** The strongest discipline outside the winner's repository, else the runner-up overall. */
function rivalOf(classes: Discipline[], posterior: number[], best: number): number {
  const ranked = classes.map((_, i) => i).filter((i) => i !== best).sort((a, b) => posterior[b]! - posterior[a]!);
  return ranked.find((i) => REPOSITORY_OF[classes[i]!] !== REPOSITORY_OF[classes[best]!]) ?? ranked[0]!;
}

/** Surface words that most favour the winner over the rival, claim words first. */
function topEvidence(evidence: Evidence[], best: number, rival: number): string[] {
  const ranked = evidence
    .map((e) => ({ e, margin: e.weights[best]! - e.weights[rival]! }))
    .filter(({ margin }) => margin > 0)
    .sort((a, b) => Number(a.e.fromContext) - Number(b.e.fromContext) || b.margin - a.margin);
  const words: string[] = [];
  for (const { e } of ranked) {
    if (words.some((w) => w.includes(e.surface) || e.surface.includes(w))) continue;
    words.push(e.surface);
    if (words.length === 3) break;
  }
  return words;
}

function explain(discipline: Discipline, rival: Discipline, words: string[], confidence: number, repository: string): string {
  const odds = `${repository} ${Math.round(confidence * 100)}%`;
  if (words.length === 0) return `No discipline vocabulary recognised; defaulting to ${discipline} (${odds}).`;
  const quoted = words.map((w) => `"${w}"`);
  const list = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : quoted[0];
  return `${list} point to ${discipline} rather than ${rival} (${odds}).`;
}

function round(p: number): number {
  return Math.round(p * 1000) / 1000;
}
