// A chat question answered from records. A slash command runs its plan directly (no LLM needed);
// with an LLM, the model chooses the plan through tool calling and then writes prose around the
// records the plan returned. A question that needs no plan goes to the ordinary chat.
import type { PipelineDeps } from '../deps';
import type { ChatMessage, LlmClient } from '../llm/types';
import type { PaperRecord } from '../types';
import { parseSlashCommand, planFromToolCall, PLAN_TOOLS } from './commands';
import { fitsWindow, windowOf } from '../llm/window';
import { SYSTEM_PROMPT } from './prompt';
import { PlanError, runPlan, type PlanAnswer, type PlanRecord, type PlanRequest } from './plans';

export { parseSlashCommand, SLASH_HELP } from './commands';
export type { PlanAnswer, PlanRecord, PlanRequest } from './plans';

export type RecordsOutcome =
  /** A plan ran; `prose` (LLM only) are the messages for the model's answer around the records. */
  | { kind: 'plan'; request: PlanRequest; answer: PlanAnswer; prose?: ChatMessage[] }
  /** The question was a command that cannot run (usage, unknown [n]): say this, nothing else. */
  | { kind: 'error'; message: string }
  /** Not a command, and no LLM or the model chose no plan: the ordinary (streamed) chat takes over. */
  | { kind: 'none' };

export interface RecordsQuestion {
  question: string;
  attachments: PaperRecord[];
  /** The chat's own messages (system prompt with the context, history, question), for the tool call. */
  messages: ChatMessage[];
}

/**
 * Enough for any tool call's arguments; a prose answer is cut off here and not used. With the
 * tools' schema (1,770 characters: ~510 tokens as llm/window.ts counts) and the hint, it fits in
 * the 1,024 tokens the fitted chat prompt leaves for its answer (chat/fit.ts), so a prompt that
 * fits the model's window fits this call too.
 */
const TOOL_CHOICE_TOKENS = 200;

const TOOL_HINT =
  'If the question asks about records (a published version, an author\'s other works, what a paper cites for something, the newest or a retracted paper), call the matching tool; never answer such questions from memory.';

export async function answerFromRecords(q: RecordsQuestion, deps: PipelineDeps & { signal?: AbortSignal }): Promise<RecordsOutcome> {
  const slash = parseSlashCommand(q.question);
  if (slash && 'error' in slash) return { kind: 'error', message: slash.error };
  if (slash) return planOutcome(slash.request, q, deps, undefined);
  if (!deps.llm) return { kind: 'none' };
  const messages = withToolHint(q.messages);
  // A short call: only the tool choice matters. Prose it starts instead is dropped, and the
  // ordinary chat streams the answer, so the user sees it arrive as before.
  const choice = await deps.llm.chooseTool(messages, PLAN_TOOLS, { signal: deps.signal, maxTokens: TOOL_CHOICE_TOKENS });
  if ('text' in choice) return { kind: 'none' };
  const request = planFromToolCall(choice.tool, choice.arguments);
  if (!request) return { kind: 'error', message: `The model asked for a tool citefinder does not have (${choice.tool}); nothing was looked up.` };
  return planOutcome(request, q, deps, deps.llm);
}

async function planOutcome(
  request: PlanRequest,
  q: RecordsQuestion,
  deps: PipelineDeps & { signal?: AbortSignal },
  llm: LlmClient | undefined,
): Promise<RecordsOutcome> {
  try {
    const answer = await runPlan(request, q.attachments, deps);
    return { kind: 'plan', request, answer, prose: llm ? fittedProse(q.messages, answer, windowOf(llm)) : undefined };
  } catch (error) {
    if (error instanceof PlanError) return { kind: 'error', message: error.message };
    throw error;
  }
}

function withToolHint(messages: ChatMessage[]): ChatMessage[] {
  const [system, ...rest] = messages;
  return system?.role === 'system' ? [{ role: 'system', content: `${system.content}\n\n${TOOL_HINT}` }, ...rest] : [{ role: 'system', content: TOOL_HINT }, ...messages];
}

/** The records as the model sees them when it writes the answer: numbered R1.., data not orders. */
function describeRecords(records: PlanRecord[]): string {
  if (records.length === 0) return '(the lookup returned no records)';
  return records
    .map(({ record, note, trust }, i) => {
      const where = [record.year, record.journal, record.doi && `doi:${record.doi}`, record.arxivId && `arXiv:${record.arxivId}`].filter(Boolean).join(' · ');
      const status = trust && trust.status !== 'ok' ? ` [${trust.status}]` : '';
      return `R${i + 1}. ${record.title} — ${record.authors.slice(0, 4).join(', ')}${where ? ` (${where})` : ''}; ${note}${status}`;
    })
    .join('\n');
}

/**
 * The prose's messages within the model's window. The chat's prompt was fitted without the
 * records; when both do not fit, the records and the question go without the attached papers'
 * material, which a lookup's answer does not need. If even that does not fit, the client refuses
 * the call and the answer keeps the lookup's plain summary.
 */
function fittedProse(messages: ChatMessage[], answer: PlanAnswer, window: number): ChatMessage[] {
  const prose = proseMessages(messages, answer);
  if (fitsWindow(prose, window)) return prose;
  const question = messages.filter((m) => m.role === 'user').slice(-1);
  return proseMessages([{ role: 'system', content: SYSTEM_PROMPT }, ...question], answer);
}

/** Messages for the model's prose: the chat's messages, then the lookup's result as data. */
export function proseMessages(messages: ChatMessage[], answer: PlanAnswer): ChatMessage[] {
  const lookup = [
    'A lookup over real records answered the question. Write a short answer using ONLY these records, cite them as R1, R2, …, and add nothing from memory.',
    `Lookup result: ${answer.summary}`,
    `Records:\n${describeRecords(answer.records)}`,
    `Calls made: ${answer.calls.join('; ') || 'none (the attached records sufficed)'}`,
  ].join('\n\n');
  const [system, ...rest] = messages;
  return system?.role === 'system' ? [{ role: 'system', content: `${system.content}\n\n${lookup}` }, ...rest] : [{ role: 'system', content: lookup }, ...messages];
}
