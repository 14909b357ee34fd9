// What a chat plan is asked and what it answers: shared by every plan (plans.ts, citedPlan.ts).
import type { PaperRecord } from '../types';
import type { ChatTrust } from './trust';

/** What a plan is asked: attachments are referred to as [n], 1-based. */
export type PlanRequest =
  | { plan: 'published'; ref: number }
  | { plan: 'author'; ref: number; topic?: string }
  | { plan: 'cited'; ref: number; topic: string }
  | { plan: 'newest' }
  | { plan: 'retracted' };

export interface PlanRecord {
  record: PaperRecord;
  /** Why it is listed: "published version of [1]", "by S. Perlmutter, 2003". */
  note: string;
  trust?: ChatTrust;
}

export interface PlanAnswer {
  /** A deterministic answer in plain words; with an LLM, the model's prose is written around it. */
  summary: string;
  records: PlanRecord[];
  /** Each call the plan made, for the answer's "Records used" line: "Crossref /works/10.1/x". */
  calls: string[];
}

/** An attached paper as plans need it. */
export type Attachment = PaperRecord;

export class PlanError extends Error {
  override name = 'PlanError';
}
