// A citation swapped for another work of the same bibliography (a wrong key picked from the
// completion list, a reference list shifted by one) looks `weak`, not `unsupported`: the wrong
// work shares the manuscript's field and topic. What gives it away is the bibliography itself:
// another work it holds fits the sentence clearly better. Both are read the same way (title and
// abstract), so a paper whose full text was open does not win on length alone.
import { createHash } from 'node:crypto';
import { abstractOnlyDocument } from '../fulltext';
import { calibratedLabel } from '../scoring/calibration';
import { paperSupport } from '../scoring/paperSupport';
import { carriesWeight } from '../scoring/supportFeatures';
import { SCORING_TOKENS, stems } from '../text/tokens';
import type { AuditFinding } from './types';

/**
 * How much better another work must fit, in log-odds of the calibrated scale: e (2.7) times the
 * odds of the cited one. Chosen on Citation-Integrity train (1,366 right citations, each also
 * swapped for another work its citing paper cites): the round value between 0.9 (7.8 % of right
 * citations questioned, 65.7 % of swaps caught) and 1.06 (5.4 %, 60.0 %); docs/measurements.md.
 */
export const BETTER_FIT_MARGIN = 1;

export interface PaperText {
  title?: string;
  abstract?: string;
}

export interface BetterFit {
  /** Position in `others` of the work that fits better. */
  index: number;
  /** Its support, and the cited work's, on their abstracts (0–1). */
  score: number;
  citedScore: number;
}

/**
 * Scores already computed, by sentence and paper text (each as a short digest): an audit run again
 * after an edit compares only the edited sentence anew. The audit cache keeps them, on disk too.
 */
export class FitScores {
  private readonly scores = new Map<string, number>();
  private readonly digests = new Map<string, string>();

  score(sentences: string[], paper: PaperText, compute: () => number): number {
    const key = `${this.digest(`${paper.title ?? ''}\u0000${paper.abstract ?? ''}`)}:${this.digest(sentences.join('\n'))}`;
    let score = this.scores.get(key);
    if (score === undefined) this.scores.set(key, (score = compute()));
    return score;
  }

  /** The latest `max` scores, to save. */
  saved(max: number): [string, number][] {
    return [...this.scores].slice(-max);
  }

  /** Scores saved by `saved`; anything else is left out. */
  load(items: unknown): void {
    for (const item of Array.isArray(items) ? items : []) {
      if (Array.isArray(item) && typeof item[0] === 'string' && typeof item[1] === 'number') this.scores.set(item[0], item[1]);
    }
  }

  private digest(text: string): string {
    let digest = this.digests.get(text);
    if (digest === undefined) this.digests.set(text, (digest = createHash('sha256').update(text).digest('base64url').slice(0, 16)));
    return digest;
  }
}

/** The work of `others` that fits the sentence(s) clearly better than `cited`, if one does. */
export function betterFitAmong(sentences: string[], cited: PaperText, others: PaperText[], memo = new FitScores()): BetterFit | undefined {
  const support = (paper: PaperText) =>
    memo.score(sentences, paper, () => paperSupport({ text: sentences.join(' '), sentences }, [], abstractOnlyDocument(paper), 1).score);
  const citedScore = support(cited);
  // A work sharing none of the sentence's weighted words sits at the no-evidence figure, never
  // above the cited one: only works that share one are scored (a long bibliography stays fast).
  const words = stems(sentences.join(' '), SCORING_TOKENS).filter(carriesWeight);
  let best: BetterFit | undefined;
  others.forEach((paper, index) => {
    const vocabulary = stemsOf(paper);
    if (!words.some((w) => vocabulary.has(w))) return;
    const score = support(paper);
    if (logit(score) - logit(citedScore) > BETTER_FIT_MARGIN && (!best || score > best.score)) best = { index, score, citedScore };
  });
  return best;
}

/**
 * Findings that get a better fit: `weak` and `unsupported` ones, and `supported` ones that no
 * single passage supports on the card's scale (audit/calibration.ts, score.ts), whose work and
 * some other work of the bibliography have an abstract; such a supported one is then `weak`. A
 * citation a passage clearly supports is not second-guessed. Keys cited in the same sentence are
 * not counted against each other. Returns the findings it changed.
 */
export function addBetterFits(
  findings: AuditFinding[],
  textOf: (key: string) => PaperText | undefined,
  memo = new FitScores(),
): AuditFinding[] {
  const scoredKeys = [...new Set(findings.filter((f) => f.score !== undefined).map((f) => f.site.key))];
  const papers = new Map(scoredKeys.flatMap((key) => {
    const text = textOf(key);
    return text?.abstract ? [[key, text] as const] : [];
  }));
  const changed: AuditFinding[] = [];
  for (const finding of findings) {
    const cited = papers.get(finding.site.key);
    if (!cited || !questioned(finding)) continue;
    const together = new Set(findings.filter((f) => sameSentence(f, finding)).map((f) => f.site.key));
    const others = [...papers].filter(([key]) => !together.has(key));
    const sentences = finding.scored === 'with previous sentence' && finding.site.context ? [finding.site.context, finding.site.sentence] : [finding.site.sentence];
    const fit = betterFitAmong(sentences, cited, others.map(([, text]) => text), memo);
    if (!fit) continue;
    const key = others[fit.index]![0];
    finding.betterFit = { key, score: fit.score, citedScore: fit.citedScore };
    if (finding.status === 'supported') {
      finding.status = 'weak';
      finding.message = finding.message.replace(/^Supported:/, 'Weak: no passage alone supports it;');
    }
    finding.message += ` Another work of the bibliography fits it better: ${key} (${fit.score.toFixed(2)} against ${fit.citedScore.toFixed(2)}, on their abstracts).`;
    changed.push(finding);
  }
  return changed;
}

/**
 * Whether another work may be named: any finding not clearly supported by one passage, i.e. one
 * whose best passage is under the card's "supports" line (the audit's own `supported` line sits
 * lower, calibration.ts).
 */
function questioned(finding: AuditFinding): boolean {
  if (finding.status === 'weak' || finding.status === 'unsupported') return true;
  return finding.status === 'supported' && finding.best !== undefined && calibratedLabel(finding.best.score) !== 'supports';
}

const vocabularies = new WeakMap<PaperText, Set<string>>();

function stemsOf(paper: PaperText): Set<string> {
  let vocabulary = vocabularies.get(paper);
  if (!vocabulary) vocabularies.set(paper, (vocabulary = new Set(stems(`${paper.title ?? ''} ${paper.abstract ?? ''}`, SCORING_TOKENS))));
  return vocabulary;
}

function sameSentence(a: AuditFinding, b: AuditFinding): boolean {
  return a.site.file === b.site.file && a.site.sentence === b.site.sentence && a.site.context === b.site.context;
}

function logit(p: number): number {
  const q = Math.min(1 - 1e-4, Math.max(1e-4, p));
  return Math.log(q / (1 - q));
}
