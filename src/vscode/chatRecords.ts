// The chat's record answers in the editor: a question goes first to the core's plans (slash
// command, or the LLM's tool call); a plan's records are kept on the answer turn so the user can
// attach or cite each. Also turns a listed record into a candidate for "Attach" and "Insert".
import type { RecordsOutcome } from '../core/chat';
import type { ChatMessage } from '../core/llm/types';
import type { Settings } from '../core/settings/index';
import type { Candidate, PaperRecord } from '../core/types';
import { loadHeavy } from './lazy';
import type { ChatRecordView, ChatTurn } from '../webview/protocol';

/** What the chat needs from the rest of the extension (set once at activation). */
export interface ChatServices {
  /** The settings a run uses (the user's, with the extension's cache folder). */
  settings(): Settings;
  apiKey(settings: Settings): Promise<string | undefined>;
  /** "Insert citation" at the claim of the last search. */
  insert(candidate: Candidate): Promise<void>;
}

export interface RecordsRequest {
  question: string;
  attachments: PaperRecord[];
  messages: ChatMessage[];
  signal: AbortSignal;
}

/** Asks the core which plan answers the question and runs it. */
export async function recordsOutcome(services: ChatServices, request: RecordsRequest): Promise<RecordsOutcome> {
  const settings = services.settings();
  const core = await loadHeavy();
  const http = core.createHttpClient(settings);
  const llm = core.createLlmClient(settings, await services.apiKey(settings));
  return core.answerFromRecords(
    { question: request.question, attachments: request.attachments, messages: request.messages },
    { settings, http, llm, signal: request.signal },
  );
}

/** Puts a plan's result on the answer turn; returns the messages to stream, if the model writes prose. */
export function applyOutcome(outcome: RecordsOutcome, answer: ChatTurn): ChatMessage[] | undefined {
  switch (outcome.kind) {
    case 'error':
      answer.text = outcome.message;
      return undefined;
    case 'plan':
      answer.records = outcome.answer.records.map(({ record, note, trust }) => ({ record, note, trust: trust && trust.status !== 'ok' ? trust.status : undefined }));
      answer.calls = outcome.answer.calls;
      answer.text = outcome.answer.summary;
      if (!outcome.prose) return undefined;
      // The model's prose follows the plain summary, which stays if the model fails.
      answer.text += '\n\n';
      return outcome.prose;
    case 'none':
      return undefined;
  }
}

/** A listed record as a candidate (what "Attach" and "Insert citation" work on). */
export async function recordCandidate(view: ChatRecordView): Promise<Candidate> {
  return (await loadHeavy()).asCandidate(view.record);
}

/** The candidate with its authority BibTeX and cite key (Insert needs both). */
export async function withBibtex(services: ChatServices, candidate: Candidate): Promise<Candidate> {
  const settings = services.settings();
  const core = await loadHeavy();
  return core.withAuthorityBibtex(candidate, { settings, http: core.createHttpClient(settings) });
}
