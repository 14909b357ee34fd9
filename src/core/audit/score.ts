// How the audit reads citing sentence(s) against the cited paper's text, in two steps.
// 1. Support, on the card's calibrated scale (scoring/calibration.ts): a paper read whole has two
//    readings, its abstract and its body's best passage, and its support is the chance that either
//    holds the sentence, 1 − (1 − abstract)(1 − body), never less than the best single passage; a
//    reading holding none of the sentence's weighted words adds nothing (`citationSupport`).
// 2. The audit's own scale (calibration.ts, `auditReading`): the chance that the citation is right,
//    from the abstract's support and the TF-IDF cosine, read with its field's lines. That scale was
//    fitted on abstracts; a paper's body adds its status on the card's scale (which held on whole
//    CL-SciSumm papers: none of the citances moved to another reference paper called supported).
// Figures: `node dist/bench/separation.js DATA`, docs/measurements.md.
import { abstractOnlyDocument } from '../fulltext';
import { auditLabel, type AuditLabel } from '../scoring/overall';
import { AUDIT_LINES, AUDIT_SCALE_VERSION, auditField, auditProbability, auditStatus, citationCosine, type AuditField } from './calibration';
import type { FulltextDocument } from '../fulltext/model';
import { calibratedLabel } from '../scoring/calibration';
import { paperSupport, type PaperSupport } from '../scoring/paperSupport';
import { NO_EVIDENCE } from '../scoring/supportFeatures';
import { splitSentences } from '../text/sentences';

/** Changes whenever the audit's reading of a score does, so the audit cache is not reused across it. */
export const AUDIT_READING_VERSION = `abstract-and-body-2/${AUDIT_SCALE_VERSION}`;

export interface CitedPaper {
  title?: string;
  abstract?: string;
}

/** The audit's support of the sentence(s) by the paper: the best passage shown, and the score its status is read from. */
export function citationSupport(sentences: string[], document: FulltextDocument, paper: CitedPaper): PaperSupport {
  return readings(sentences, document, paper).support;
}

/** The support of the paper as a whole, and of its abstract alone when the paper was read whole. */
function readings(sentences: string[], document: FulltextDocument, paper: CitedPaper): { support: PaperSupport; abstract?: number } {
  const whole = supportOf(sentences, document, paper);
  const hasAbstract = Boolean(document.abstract?.trim());
  const body = whole.passages.filter((p) => !hasAbstract || p.index !== 0); // the abstract is unit 0 when there is one
  if (!hasAbstract || document.sections.length === 0) return { support: whole };
  const abstractOnly = abstractOnlyDocument({ title: document.title ?? paper.title, abstract: document.abstract });
  const abstract = supportOf(sentences, abstractOnly, paper).score;
  if (body.length === 0) return { support: whole, abstract };
  const bestBody = Math.max(...body.map((p) => p.score));
  const either = 1 - (1 - evidence(abstract)) * (1 - evidence(bestBody));
  const score = Math.max(whole.score, Math.round(either * 1000) / 1000);
  return { support: { ...whole, score, label: calibratedLabel(score) }, abstract };
}

export interface AuditReading {
  /** The support of the sentence(s) by the paper (citationSupport), on the support scale. */
  support: PaperSupport;
  /** The chance that the citation is right, on the audit's scale (calibration.ts). */
  score: number;
  status: AuditLabel;
  field: AuditField;
  /** The TF-IDF cosine of the sentence(s) and the work's title and abstract. */
  cosine: number;
  /** The status the best passage alone would give: differs when abstract and body only together reach `status`. */
  bestAlone?: AuditLabel;
}

const RANK: Record<AuditLabel, number> = { unsupported: 0, weak: 1, supported: 2 };

/**
 * The audit's reading of a citation: its score on the audit's scale (the abstract's support and
 * the cosine) and its status. The scale was fitted on abstracts; a paper read whole adds its body
 * on the card's scale, which held on whole papers: the status is the better of the two, and the
 * score is raised to the line of a status only the body gave.
 */
export function auditReading(sentences: string[], document: FulltextDocument, paper: CitedPaper): AuditReading {
  const { support, abstract } = readings(sentences, document, paper);
  const cited = { title: document.title ?? paper.title, abstract: document.abstract ?? paper.abstract };
  const cosine = citationCosine(sentences, cited);
  const field = auditField(cited, sentences);
  const base = auditProbability(abstract ?? support.score, cosine);
  const statusOf = (bodySupport: number | undefined) => {
    const own = auditStatus(base, field);
    const body = bodySupport === undefined ? own : auditLabel(bodySupport);
    return RANK[body] > RANK[own] ? body : own;
  };
  const whole = abstract === undefined ? undefined : support.score;
  const status = statusOf(whole);
  const bestAlone = support.best && statusOf(abstract === undefined ? undefined : support.best.score);
  return { support, score: withinStatus(base, whole, cosine, status, field), status, field, cosine, bestAlone };
}

/**
 * The score of a status. On an abstract, the audit's probability. For a paper read whole, the
 * better of the abstract's and the whole paper's readings on the audit's scale, placed within the
 * status's band (its line to the next one): it orders the citations of one status as the whole
 * paper reads them (CL-SciSumm whole papers, AUC 0.927 where clipping to the band gave 0.908).
 */
function withinStatus(base: number, whole: number | undefined, cosine: number, status: AuditLabel, field: AuditField): number {
  if (whole === undefined) return base;
  const { supported, weak } = AUDIT_LINES[field];
  const [low, high] = { unsupported: [0, weak], weak: [weak, supported], supported: [supported, 1] }[status];
  const read = Math.max(base, auditProbability(whole, cosine));
  return Math.min(Math.round((low! + (high! - low!) * read) * 1000) / 1000, Math.round((high! - 0.001) * 1000) / 1000);
}

/** A reading holding none of the sentence's weighted words adds nothing (scores are rounded to 3 decimals, lexical.ts). */
function evidence(score: number): number {
  return score > Math.round(NO_EVIDENCE * 1000) / 1000 ? score : 0;
}

function supportOf(sentences: string[], document: FulltextDocument, paper: CitedPaper): PaperSupport {
  const claimSentences = sentences.flatMap((s) => splitSentences(s, 'claim'));
  return paperSupport({ text: sentences.join(' '), sentences: claimSentences }, [], document, 3, paper);
}
