// A paper's support for a claim on the calibrated scale: its passages ranked (lexical.ts), each
// with its support probability, and the paper's own figure, the best probability among the
// passages shown. The card's number, the audit's status and the CLI's label all come from here.
import type { Query } from '../types';
import type { FulltextDocument } from '../fulltext/model';
import { calibratedLabel, type CalibratedLabel } from './calibration';
import { documentUnits, rankUnits, withoutOverlaps, type LexicalClaim, type PaperContext, type RankedParagraph } from './lexical';

export interface PaperSupport {
  /** 0–1: the best support probability among the passages shown. */
  score: number;
  label: CalibratedLabel;
  /** The passages shown, best ranked first (the strongest is not always first: see lexical.ts). */
  passages: RankedParagraph[];
  /** The passage that carries the paper's score. */
  best?: RankedParagraph;
}

export function paperSupport(
  claim: LexicalClaim,
  queries: Query[],
  document: FulltextDocument,
  shown = 3,
  paper?: PaperContext,
): PaperSupport {
  const units = documentUnits(document);
  const context = paper ?? { title: document.title, abstract: document.abstract };
  const passages = withoutOverlaps(rankUnits(claim, queries, units, { reasons: shown, paper: context }), units).slice(0, shown);
  return supportOf(passages);
}

/** The paper's figure and label from passages already ranked and scored. */
export function supportOf(passages: RankedParagraph[]): PaperSupport {
  const best = passages.reduce<RankedParagraph | undefined>((a, b) => (!a || b.score > a.score ? b : a), undefined);
  const score = best?.score ?? 0;
  return { score, label: calibratedLabel(score), passages, best };
}
