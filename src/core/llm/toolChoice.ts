// The model's pick from a tools call, read defensively: the first tool call with a name and
// JSON arguments, else the message's text. Arguments that are not JSON count as none given.
import type { ToolChoice } from './types';

export function readToolChoice(completion: unknown): ToolChoice | undefined {
  const choices = (completion as { choices?: unknown } | null)?.choices;
  const message = (Array.isArray(choices) ? (choices[0] as { message?: unknown } | undefined)?.message : undefined) as
    | { content?: unknown; tool_calls?: unknown }
    | undefined;
  if (!message || typeof message !== 'object') return undefined;
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  for (const call of calls) {
    const fn = (call as { function?: { name?: unknown; arguments?: unknown } } | null)?.function;
    if (typeof fn?.name !== 'string') continue;
    return { tool: fn.name, arguments: parseArguments(fn.arguments) };
  }
  return { text: typeof message.content === 'string' ? message.content : '' };
}

function parseArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  try {
    return JSON.parse(raw);
  } catch {
    return {};
  }
}
