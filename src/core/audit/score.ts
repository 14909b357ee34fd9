// How the audit scores citing sentence(s) against the cited paper's text. A paper read whole has
// two readings of the sentence: its abstract (the paper's own summary) and the best passage of
// its body. Each is a probability on the calibrated scale (scoring/calibration.ts); the audit
// takes the chance that either holds it, 1 − (1 − abstract)(1 − body), never less than the best
// single passage; a reading holding none of the sentence's weighted words adds nothing. On
// CL-SciSumm Training-Set-2018 citances read against their whole reference papers this took right
// citations called `supported` from 4.2 % to 29.0 %, with none of the citances moved to another
// reference paper called so (0.0 % before and after), and the AUC of right against moved from
// 0.928 to 0.940 (`node dist/bench/separation.js DATA`, docs/measurements.md). A paper read on its
// abstract alone has one reading: its score is as before.
import { abstractOnlyDocument } from '../fulltext';
import type { FulltextDocument } from '../fulltext/model';
import { calibratedLabel } from '../scoring/calibration';
import { paperSupport, type PaperSupport } from '../scoring/paperSupport';
import { NO_EVIDENCE } from '../scoring/supportFeatures';
import { splitSentences } from '../text/sentences';

/** Changes whenever the audit's reading of a score does, so the audit cache is not reused across it. */
export const AUDIT_READING_VERSION = 'abstract-and-body-1';

export interface CitedPaper {
  title?: string;
  abstract?: string;
}

/** The audit's support of the sentence(s) by the paper: the best passage shown, and the score its status is read from. */
export function citationSupport(sentences: string[], document: FulltextDocument, paper: CitedPaper): PaperSupport {
  const whole = supportOf(sentences, document, paper);
  const hasAbstract = Boolean(document.abstract?.trim());
  const body = whole.passages.filter((p) => !hasAbstract || p.index !== 0); // the abstract is unit 0 when there is one
  if (!hasAbstract || body.length === 0) return whole;
  const abstractOnly = abstractOnlyDocument({ title: document.title ?? paper.title, abstract: document.abstract });
  const abstract = supportOf(sentences, abstractOnly, paper).score;
  const bestBody = Math.max(...body.map((p) => p.score));
  const either = 1 - (1 - evidence(abstract)) * (1 - evidence(bestBody));
  const score = Math.max(whole.score, Math.round(either * 1000) / 1000);
  return { ...whole, score, label: calibratedLabel(score) };
}

/** A reading holding none of the sentence's weighted words adds nothing (scores are rounded to 3 decimals, lexical.ts). */
function evidence(score: number): number {
  return score > Math.round(NO_EVIDENCE * 1000) / 1000 ? score : 0;
}

function supportOf(sentences: string[], document: FulltextDocument, paper: CitedPaper): PaperSupport {
  const claimSentences = sentences.flatMap((s) => splitSentences(s, 'claim'));
  return paperSupport({ text: sentences.join(' '), sentences: claimSentences }, [], document, 3, paper);
}
