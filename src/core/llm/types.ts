// The LLM is optional and only ever the user's configured endpoint (OpenAI-compatible,
// local Ollama by default). It writes queries, routes, judges paragraphs and chats.
// It never writes BibTeX or metadata.

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmCallOptions {
  signal?: AbortSignal;
  temperature?: number;
  maxTokens?: number;
}

/** A function the model may call (OpenAI `tools` format). */
export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Readonly<Record<string, unknown>> };
}

/** What the model chose: one tool with its (parsed) arguments, or a plain answer. */
export type ToolChoice = { tool: string; arguments: unknown } | { text: string };

export interface LlmClient {
  readonly model: string;
  /** The model's context window in tokens, when known (llm/window.ts); callers fit their prompts to it. */
  readonly window?: number;
  /** One non-streaming call that asks for JSON; returns the parsed value (defensively parsed). */
  completeJson(messages: ChatMessage[], options?: LlmCallOptions): Promise<unknown>;
  /** Streams the answer's text deltas. */
  chatStream(messages: ChatMessage[], options?: LlmCallOptions): AsyncIterable<string>;
  /** One call offering `tools`; the model picks at most one (the first call it makes is taken). */
  chooseTool(messages: ChatMessage[], tools: readonly ToolDefinition[], options?: LlmCallOptions): Promise<ToolChoice>;
}

export class LlmUnavailableError extends Error {
  override name = 'LlmUnavailableError';
}
