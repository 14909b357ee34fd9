// The messages between the extension host and its two webview pages (results and chat),
// typed once and imported by both sides. The page is untrusted: every message from it is
// validated here before the host acts on it. No `vscode` import, so the pages can bundle it.
import type { Candidate, CandidatePatch, LaneReport, PaperRecord, PipelineEvent, RoutingDecision } from '../core/types';
import { PAPER_LINKS, type PaperLink } from './links';

// ---- results panel ----

export type RunStatus = 'running' | 'done' | 'cancelled' | 'failed';

/** What one results page shows, folded from the messages below by resultsModel.ts. */
export interface ResultsState {
  runId: number;
  status: RunStatus | 'idle';
  message?: string;
  claim: string;
  routing?: RoutingDecision;
  /** The lanes searched and skipped (published literature beside the preprint servers). */
  lanes?: LaneReport[];
  queries: string[];
  candidates: Candidate[];
  warnings: string[];
  /** Per-id fields that arrived after the candidate (BibTeX, scores). */
  extras: Readonly<Record<string, CandidatePatch>>;
  /** Candidate id → the key it was cited under. */
  inserted: Record<string, string>;
  /** This run's card ids a merge replaced → the id that replaced it (a click or an answer about the old card finds it). */
  renamed: Record<string, string>;
  /** The sentences of the last "Find Citations for All Listed", kept across the searches opened from it. */
  batch?: BatchSentenceView[];
}

/** A sentence of a batch, as the results page lists it above the current search. */
export interface BatchSentenceView {
  text: string;
  /** "intro.tex:12". */
  where: string;
  /** How many candidates its search found; undefined until it is searched. */
  found?: number;
  /** The best candidate's title. */
  best?: string;
  /** Its search failed (the log says why). */
  failed?: boolean;
}

export type ResultsHostMessage =
  /** The whole state, for a page that (re)loaded. */
  | { type: 'snapshot'; state: ResultsState }
  /** A new search began; the page clears its cards. */
  | { type: 'start'; runId: number; claim: string }
  /** A pipeline event, forwarded as is. */
  | { type: 'event'; runId: number; event: PipelineEvent }
  | { type: 'status'; runId: number; status: RunStatus; message?: string }
  /** Feedback after "Insert citation". */
  | { type: 'inserted'; id: string; key: string; bibFile?: string; reused: boolean; command?: string; notes?: string[] }
  | { type: 'notice'; level: 'info' | 'error'; message: string }
  /** An inserted citation left the document (an undo, an edit): the card no longer says "cited". */
  | { type: 'uninserted'; id: string; message: string }
  /** The batch's sentences (all of them, each time one is searched); none closes the list. */
  | { type: 'batch'; sentences: BatchSentenceView[] };

export type ResultsPageMessage =
  | { type: 'ready' }
  /** Run again with the user's edited queries (text form). */
  | { type: 'search'; queries: string[] }
  | { type: 'insert'; id: string }
  /** Open one of the paper's links (its page by default); the host builds the URL from the record. */
  | { type: 'open'; id: string; link: PaperLink }
  | { type: 'ask'; id: string }
  | { type: 'copyBibtex'; id: string }
  /** Cite the published version's BibTeX or the preprint's, for this card. */
  | { type: 'bibtexVersion'; id: string; version: 'published' | 'preprint' }
  | { type: 'cancel' }
  /** Show the search of the batch's sentence `index` (answered from the cache). */
  | { type: 'openBatchSentence'; index: number }
  | { type: 'closeBatch' };

// ---- chat view ----

export interface ChatAttachmentView {
  id: string;
  title: string;
  authors: string[];
  year?: number;
  source: string;
}

/** A record a chat answer used (a plan's result), shown under the answer with Attach and Insert. */
export interface ChatRecordView {
  record: PaperRecord;
  /** Why it is listed: "published version of [1]". */
  note: string;
  /** Trust status when known and not "ok": retracted, withdrawn, concern, corrected, unknown. */
  trust?: string;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  text: string;
  error?: string;
  /** The records the answer came from (a lookup plan), each attachable and citable. */
  records?: ChatRecordView[];
  /** The API calls the plan made, for "Records used". */
  calls?: string[];
  /**
   * A question that was not sent, and why ("no LLM is configured (see above)"), recorded when it
   * was asked: the page never re-derives it from the current settings.
   */
  notSent?: string;
  /** What the prompt left out to fit the model's window (chat/fit.ts), said under the answer. */
  shortened?: string;
  /** Host only: the answer is still streaming (a reload then cuts it off). */
  partial?: boolean;
}

export interface LlmStatusView {
  configured: boolean;
  model: string;
  baseUrl: string;
}

export type ChatHostMessage =
  | {
      type: 'state';
      llm: LlmStatusView;
      claim?: string;
      attachments: ChatAttachmentView[];
      turns: ChatTurn[];
      busy: boolean;
      /** In Restricted Mode: what citefinder does not use from this workspace. */
      restricted?: string;
    }
  /** More text of the answer being streamed (the last assistant turn). */
  | { type: 'delta'; text: string };

export type ChatPageMessage =
  | { type: 'ready' }
  | { type: 'ask'; question: string }
  | { type: 'detach'; id: string }
  | { type: 'stop' }
  | { type: 'openSettings' }
  | { type: 'setApiKey' }
  /** A link in an answer; the host opens it only if it is a plain http(s) URL. */
  | { type: 'openLink'; url: string }
  /** "Attach" or "Insert citation" on record `index` of turn `turn`. */
  | { type: 'record'; action: 'attach' | 'insert'; turn: number; index: number };

// ---- validation of page messages ----

export const LIMITS = { id: 500, query: 1000, queries: 20, question: 20000, url: 2048 } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBoundedString(value: unknown, max: number, allowEmpty = false): value is string {
  return typeof value === 'string' && value.length <= max && (allowEmpty || value.trim().length > 0);
}

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 100_000;
}

/** The results page's message, or undefined for anything malformed. */
export function parseResultsPageMessage(value: unknown): ResultsPageMessage | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.type) {
    case 'ready':
    case 'cancel':
    case 'closeBatch':
      return { type: value.type };
    case 'openBatchSentence':
      return isIndex(value.index) ? { type: 'openBatchSentence', index: value.index } : undefined;
    case 'insert':
    case 'ask':
    case 'copyBibtex':
      return isBoundedString(value.id, LIMITS.id) ? { type: value.type, id: value.id } : undefined;
    case 'bibtexVersion':
      return isBoundedString(value.id, LIMITS.id) && (value.version === 'published' || value.version === 'preprint')
        ? { type: 'bibtexVersion', id: value.id, version: value.version }
        : undefined;
    case 'open': {
      const link = value.link ?? 'page';
      if (!isBoundedString(value.id, LIMITS.id) || !PAPER_LINKS.includes(link as PaperLink)) return undefined;
      return { type: 'open', id: value.id, link: link as PaperLink };
    }
    case 'search': {
      const queries = value.queries;
      if (!Array.isArray(queries) || queries.length > LIMITS.queries) return undefined;
      if (!queries.every((q) => isBoundedString(q, LIMITS.query, true))) return undefined;
      const kept = (queries as string[]).map((q) => q.trim()).filter((q) => q.length > 0);
      return kept.length > 0 ? { type: 'search', queries: kept } : undefined;
    }
    default:
      return undefined;
  }
}

/** The chat page's message, or undefined for anything malformed. */
export function parseChatPageMessage(value: unknown): ChatPageMessage | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.type) {
    case 'ready':
    case 'stop':
    case 'openSettings':
    case 'setApiKey':
      return { type: value.type };
    case 'ask':
      return isBoundedString(value.question, LIMITS.question)
        ? { type: 'ask', question: value.question.trim() }
        : undefined;
    case 'detach':
      return isBoundedString(value.id, LIMITS.id) ? { type: 'detach', id: value.id } : undefined;
    case 'openLink':
      return isBoundedString(value.url, LIMITS.url) ? { type: 'openLink', url: value.url } : undefined;
    case 'record':
      return (value.action === 'attach' || value.action === 'insert') && isIndex(value.turn) && isIndex(value.index)
        ? { type: 'record', action: value.action, turn: value.turn, index: value.index }
        : undefined;
    default:
      return undefined;
  }
}
