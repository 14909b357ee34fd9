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

export interface LlmClient {
  readonly model: string;
  /** One non-streaming call that asks for JSON; returns the parsed value (defensively parsed). */
  completeJson(messages: ChatMessage[], options?: LlmCallOptions): Promise<unknown>;
  /** Streams the answer's text deltas. */
  chatStream(messages: ChatMessage[], options?: LlmCallOptions): AsyncIterable<string>;
}

export class LlmUnavailableError extends Error {
  override name = 'LlmUnavailableError';
}
