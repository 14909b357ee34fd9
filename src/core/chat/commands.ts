// The two ways a question reaches a plan: a slash command (no LLM needed) or the LLM's tool call.
// Both are parsed here into the same PlanRequest, so they run exactly the same plan.
import type { PlanRequest } from './plans';

export const SLASH_HELP = [
  '/published N: is there a published version of [N]?',
  '/author N [topic]: what else did the first author of [N] publish (on a topic)?',
  '/cites N topic: which works does [N] cite where it talks about a topic (e.g. /cites 1 dataset)?',
  '/newest: which attached paper is newest?',
  '/retracted: which attached papers are retracted, withdrawn or under an expression of concern?',
].join('\n');

export type SlashParse = { request: PlanRequest } | { error: string } | undefined;

/** A `/command`, or undefined when the text is an ordinary question. */
export function parseSlashCommand(text: string): SlashParse {
  const match = /^\/(\w+)\s*(.*)$/s.exec(text.trim());
  if (!match) return undefined;
  const [, command, rest] = match;
  const args = rest.trim();
  const ref = /^\[?(\d{1,3})\]?(?:\s+(.*))?$/s.exec(args);
  switch (command.toLowerCase()) {
    case 'published':
      return ref ? { request: { plan: 'published', ref: Number(ref[1]) } } : usage('published N');
    case 'author':
      return ref ? { request: { plan: 'author', ref: Number(ref[1]), topic: ref[2]?.trim() || undefined } } : usage('author N [topic]');
    case 'cites':
      return ref && ref[2]?.trim() ? { request: { plan: 'cited', ref: Number(ref[1]), topic: ref[2].trim() } } : usage('cites N topic');
    case 'newest':
      return { request: { plan: 'newest' } };
    case 'retracted':
      return { request: { plan: 'retracted' } };
    case 'help':
      return { error: SLASH_HELP };
    default:
      return { error: `Unknown command /${command}.\n${SLASH_HELP}` };
  }
}

function usage(form: string): { error: string } {
  return { error: `Usage: /${form} (N is an attached paper's number).` };
}

/** The tools offered to an LLM (OpenAI `tools` format): one per plan. */
export const PLAN_TOOLS = [
  tool('published_version', 'Find the published (journal) version of an attached paper from its records.', { ref: REF() }, ['ref']),
  tool('author_works', "List other works by an attached paper's first author, optionally on a topic, from Crossref.", { ref: REF(), topic: { type: 'string', description: 'Topic words; omit for the paper\'s own topic.' } }, ['ref']),
  tool('cited_works', 'Find the works an attached paper cites where it talks about a topic (its main dataset, its baseline, …), from its full text and bibliography.', { ref: REF(), topic: { type: 'string', description: 'What the cited work is for, e.g. "dataset".' } }, ['ref', 'topic']),
  tool('newest_attached', 'Say which attached paper is the newest, by the year in its record.', {}, []),
  tool('retraction_check', 'Check every attached paper for retractions, withdrawals and expressions of concern in Crossref.', {}, []),
] as const;

export type PlanToolName = (typeof PLAN_TOOLS)[number]['function']['name'];

function REF() {
  return { type: 'integer', minimum: 1, description: 'The attached paper\'s number n, as in [n].' } as const;
}

function tool(name: string, description: string, properties: Record<string, unknown>, required: string[]) {
  return { type: 'function', function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } } } as const;
}

/** The plan a tool call asks for; undefined for an unknown tool or arguments of the wrong shape. */
export function planFromToolCall(name: string, args: unknown): PlanRequest | undefined {
  const a = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const ref = typeof a.ref === 'number' && Number.isInteger(a.ref) && a.ref >= 1 ? a.ref : typeof a.ref === 'string' && /^\d+$/.test(a.ref) ? Number(a.ref) : undefined;
  switch (name) {
    case 'published_version':
      return ref ? { plan: 'published', ref } : undefined;
    case 'author_works':
      return ref ? { plan: 'author', ref, topic: typeof a.topic === 'string' && a.topic.trim() ? a.topic.trim().slice(0, 300) : undefined } : undefined;
    case 'cited_works':
      return ref && typeof a.topic === 'string' && a.topic.trim() ? { plan: 'cited', ref, topic: a.topic.trim().slice(0, 300) } : undefined;
    case 'newest_attached':
      return { plan: 'newest' };
    case 'retraction_check':
      return { plan: 'retracted' };
    default:
      return undefined;
  }
}
