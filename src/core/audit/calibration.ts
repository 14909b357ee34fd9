// The audit's own scale. A card asks "does this paper say what the claim says?" and keeps the
// support scale's precision rule (scoring/calibration.ts). The audit asks something else: the
// writer already chose the work; is it the right one for this sentence? Its score is the chance
// that the citation is right, from two readings of the sentence against the work:
// - the support model's probability (audit/score.ts), on the logit scale;
// - the square root of the TF-IDF cosine of the sentence and the work's title and abstract
//   (scoring/tfidf.ts): it weighs the words the texts repeat and the title, which the support
//   model's coverage features do not.
// Its lines depend on the field of the citation: a computing paper's citing sentences repeat its
// words; a biomedical citation's wrong alternatives (works of the same reference list, citations
// the annotators judged inaccurate) share as many words as the right one.
//
// Every figure below is fitted by `node dist/bench/audit-calibration.js DATA` on train data only
// (CL-SciSumm Training-Set-2018 and Citation-Integrity train, the cases of bench/lib/separation.ts)
// and checked there on Citation-Integrity dev (docs/measurements.md):
// - weights: logistic regression of right against wrong, each set weighing the same and, within a
//   set, right and wrong citations the same;
// - supported: per field (auditField), the lowest line at which at least 9 in 10 of the train
//   citations at or above it are right (the bench's mix of right and wrong);
// - weak: per field, the highest line that leaves at most 1 in 20 of the right train citations
//   below it (`unsupported`), in its field and in each train set as a whole (CL-SciSumm's citances
//   held to the life line count with its computing ones).
import { routeHeuristically } from '../routing/heuristic';
import type { AuditLabel } from '../scoring/overall';
import { tfidfCosine } from '../scoring/tfidf';
import { textLean } from '../scoring/termStats';
import { SCORING_TOKENS, stems } from '../text/tokens';

export const AUDIT_WEIGHTS = { bias: -0.567, supportLogit: 0.424, cosineRoot: 1.519 } as const;

/** Computing, physics and mathematics (arXiv's fields) against the life sciences (bioRxiv's and medRxiv's). */
export type AuditField = 'computing' | 'life';

/**
 * A sentence leaning further than this to the life sciences is read on their lines. Chosen on train
 * between 0.5 and 1: 0.3 % of CL-SciSumm's right citances lean so, 94 % of Citation-Integrity
 * train's; at 0.5 (2.3 %, 99 %) more right CL-SciSumm citances fell under the life line (7.8 %
 * unsupported against 6.2 %, scale 2). Biomedical citations moved to an arXiv abstract: 97.9 %
 * unsupported on Citation-Integrity dev (75.9 % with the cited work's field alone; bench/calibration.ts).
 */
const SENTENCE_LEAN = 1;

// The life sciences' weak line is scale 2's (fitted with the CL-SciSumm citances now read as
// computing among them); on Citation-Integrity train alone the rule gives 0.46, which meets the
// same goals but turns the example manuscript's one `weak` citation `unsupported` (0.452;
// docs/measurements.md, "The audit's labels, round 4", gives both lines' costs).
export const AUDIT_LINES: Readonly<Record<AuditField, { supported: number; weak: number }>> = {
  computing: { supported: 0.383, weak: 0.22 },
  life: { supported: 0.911, weak: 0.445 },
};

/** Changes whenever the weights or lines do, so cached audit results of another scale are not reused. */
export const AUDIT_SCALE_VERSION = 'audit-scale-3';

export interface CitedText {
  title?: string;
  abstract?: string;
}

/**
 * The field whose lines apply: the life sciences' (the stricter) when the cited work is of them, or
 * when the citing sentence clearly leans to them (textLean above SENTENCE_LEAN): a clinical sentence
 * citing a computing paper is held to them. The cited work is of them when the router reads its
 * title and abstract as bioRxiv's or medRxiv's and its words lean to them too: the router alone
 * read three CL-SciSumm NLP papers (The Potsdam Commentary Corpus, a typed-feature-structure paper,
 * a text-segmentation paper) as the life sciences', 31 of 689 right citances (bench/audit-calibration.ts).
 */
export function auditField(paper: CitedText, sentences: string[] = []): AuditField {
  if (textLean(stems(sentences.join(' '), SCORING_TOKENS)) > SENTENCE_LEAN) return 'life';
  const text = [paper.title, paper.abstract].filter(Boolean).join('. ');
  if (!text.trim() || textLean(stems(text, SCORING_TOKENS)) <= 0) return 'computing';
  return routeHeuristically({ text, context: {} }).primary === 'arxiv' ? 'computing' : 'life';
}

/** The TF-IDF cosine reading of the sentence(s) against the work's title and abstract. */
export function citationCosine(sentences: string[], paper: CitedText): number {
  return tfidfCosine(sentences.join(' '), [paper.title, paper.abstract].filter(Boolean).join('. '));
}

/** The chance that the citation is right, 0–1 (3 decimals), from the support probability and the cosine. */
export function auditProbability(support: number, cosine: number): number {
  const w = AUDIT_WEIGHTS;
  const z = w.bias + w.supportLogit * logit(support) + w.cosineRoot * Math.sqrt(Math.max(0, cosine));
  return Math.round((1000 / (1 + Math.exp(-z)))) / 1000;
}

export function auditStatus(score: number, field: AuditField, lines = AUDIT_LINES): AuditLabel {
  const line = lines[field];
  if (score >= line.supported) return 'supported';
  return score >= line.weak ? 'weak' : 'unsupported';
}

function logit(p: number): number {
  const q = Math.min(1 - 1e-4, Math.max(1e-4, p));
  return Math.log(q / (1 - q));
}
