// Routing without an LLM: the discipline model learned from real preprint metadata
// (see models/train-router.ts; accuracy on the held-out split: bench/routing.ts).
//
// Rule: probabilities are summed per repository. The primary is the most probable repository,
// the discipline the most probable one within it, the secondary the most probable other
// repository. The confidence is the primary's share of the two: p1 / (p1 + p2), because what
// it decides (closeCall.ts) is whether betting on the primary alone is safe against the
// secondary; a third server with little probability should not make a clear call look close.
// The manuscript's title, abstract and section heading are evidence with their own (dev-tuned)
// weights beside the claim (model.ts).
//
// Statistics versus medicine: a statistics paper belongs on arXiv (stat.*) only when it is a
// methods paper; one that applies methods to patients or populations belongs on medRxiv. The
// model learns that line from where papers were actually posted (bench/data/rxiv.ts labels a
// record by its server): medRxiv's applied biostatistics (cohorts, odds ratios, hazard models
// fitted to patients) is medicine, arXiv's methods vocabulary (estimators, asymptotics, priors,
// proofs) is arXiv's. The datasets hold no arXiv stat.* primary records, so there is no learned
// statistics class: a methods claim routes to arXiv as mathematics or computer science, and a
// claim that mixes both vocabularies is a close call that searches arXiv and medRxiv together.
import type { Claim, Discipline, Repository, RoutingDecision } from '../types';
import { ROUTER_MODEL } from '../models';
import { scoreText, type Evidence, type RouterModel } from './model';
import { REPOSITORY_OF, repositoryProbabilities, secondaryFor } from './repositories';
import { REPOSITORY_LABEL } from '../identity/repository';
import { serversSearchedFirst } from './closeCall';
import { sentenceAround } from '../claim/mention';
import { withoutNameParticles } from '../ranking/namedAuthors';

export { ROUTER_MODEL };

export function routeHeuristically(claim: Pick<Claim, 'text' | 'context'>, model: RouterModel = ROUTER_MODEL): RoutingDecision {
  const { title, abstract, sectionTitle } = claim.context;
  const context = { title, abstract, section: sectionTitle };
  // A cited name's particle is no word of the field ("Van Halteren et al." is not physics).
  const own = scoreText(model, withoutNameParticles(claim.text), context);
  const around = own.knownFeatures === 0 ? sentenceAround(claim) : undefined;
  const { posterior, evidence } = around ? scoreText(model, withoutNameParticles(around), context) : own;
  const byRepo = repositoryProbabilities(model.classes, posterior);
  const primary = [...byRepo.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const inPrimary = model.classes.map((c, i) => (REPOSITORY_OF[c] === primary ? posterior[i]! : -1));
  const best = inPrimary.indexOf(Math.max(...inPrimary));
  const discipline = model.classes[best]!;
  const secondary = secondaryFor(primary, byRepo);
  const [p1, p2] = [byRepo.get(primary)!, byRepo.get(secondary)!];
  // With no known word at all, the prior alone would still favour arXiv (3 of 5 disciplines):
  // report chance among the three servers instead, so all three get searched.
  const known = evidence.length > 0;
  const confidence = known ? round(p1 / (p1 + p2)) : round(1 / 3);
  const rival = rivalOf(model.classes, posterior, best);
  const reason = explain(
    discipline,
    model.classes[rival]!,
    topEvidence(evidence, best, rival),
    known ? round(p1) : confidence,
    REPOSITORY_LABEL[primary],
    known,
  );
  const readFrom = around ? 'In the sentence around the selection (it names no subject of its own), ' : '';
  const thirdServer = [...byRepo.keys()].find((r) => r !== primary && r !== secondary);
  const third = thirdServer ? (known ? round(byRepo.get(thirdServer)!) : confidence) : undefined;
  const decision: RoutingDecision = { discipline, primary, secondary, confidence, by: 'heuristic', reason: readFrom + reason, third };
  const cs = model.classes.indexOf('computer-science');
  if (known && best !== cs && cs >= 0) decision.computerScience = round(posterior[cs]!);
  // The same rule the search stage applies (closeCall.ts), so the reason says what will happen.
  const first = serversSearchedFirst(decision);
  const odds = (r: Repository) => `${REPOSITORY_LABEL[r]} (${Math.round(byRepo.get(r)! * 100)}%)`;
  if (!known) return first.length === 3 ? { ...decision, reason: `${decision.reason} All three servers are searched.` } : decision;
  if (first.length === 3) return { ...decision, reason: `${decision.reason} Close to ${odds(secondary)} and ${odds(thirdServer!)}: all three are searched.` };
  if (first.length === 2) return { ...decision, reason: `${decision.reason} Close to ${odds(secondary)}: both are searched.` };
  return decision;
}

/** The strongest discipline outside the winner's repository, else the runner-up overall. */
function rivalOf(classes: Discipline[], posterior: number[], best: number): number {
  const ranked = classes.map((_, i) => i).filter((i) => i !== best).sort((a, b) => posterior[b]! - posterior[a]!);
  return ranked.find((i) => REPOSITORY_OF[classes[i]!] !== REPOSITORY_OF[classes[best]!]) ?? ranked[0]!;
}

/**
 * Surface words that most favour the winner over the rival, claim words first. A word of the
 * manuscript's title, abstract or heading is named only when it weighs at least as much as the
 * weakest claim word named (a title word that barely leans, as "explosions" in a title about
 * supernovae and literature graphs, is not why a claim about graphs went to computer science),
 * and with the place it comes from.
 */
function topEvidence(evidence: Evidence[], best: number, rival: number): string[] {
  const ranked = evidence
    .map((e) => ({ e, margin: e.weights[best]! - e.weights[rival]! }))
    .filter(({ margin }) => margin > 0)
    .sort((a, b) => Number(a.e.source !== 'claim') - Number(b.e.source !== 'claim') || b.margin - a.margin);
  const named: { surface: string; margin: number; source: Evidence['source'] }[] = [];
  for (const { e, margin } of ranked) {
    if (named.some((w) => w.surface.includes(e.surface) || e.surface.includes(w.surface))) continue;
    // With no claim word named, the context decided: its words are named as they come.
    const claimMargins = named.filter((w) => w.source === 'claim').map((w) => w.margin);
    if (e.source !== 'claim' && claimMargins.length > 0 && margin < Math.min(...claimMargins)) continue;
    named.push({ surface: e.surface, margin, source: e.source });
    if (named.length === 3) break;
  }
  return named.map((w) => (w.source === 'claim' ? `"${w.surface}"` : `"${w.surface}" (${PLACE[w.source]})`));
}

const PLACE: Record<Exclude<Evidence['source'], 'claim'>, string> = { title: 'in the title', abstract: 'in the abstract', section: 'in the heading' };

function explain(
  discipline: Discipline,
  rival: Discipline,
  words: string[],
  confidence: number,
  repository: string,
  known: boolean,
): string {
  const odds = `${repository} ${Math.round(confidence * 100)}%`;
  // Known words that lean to no field ("convert", "trees") are not "no vocabulary": say which it is.
  if (words.length === 0 && known) return `None of its words leans to ${discipline} rather than ${rival}; defaulting to ${discipline} (${odds}).`;
  if (words.length === 0) return `No discipline vocabulary recognised; defaulting to ${discipline} (${odds}).`;
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0];
  return `${list} ${words.length > 1 ? 'point' : 'points'} to ${discipline} rather than ${rival} (${odds}).`;
}

function round(p: number): number {
  return Math.round(p * 1000) / 1000;
}
