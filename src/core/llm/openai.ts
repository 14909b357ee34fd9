// The LlmClient over any OpenAI-compatible endpoint (Ollama, LM Studio, vLLM, llama.cpp,
// OpenAI), loaded by client.ts only when a model is configured. Only ever the endpoint the user
// configured: the base URL is always passed explicitly, so the `openai` package never falls back
// to api.openai.com or to OPENAI_BASE_URL.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { Settings } from '../settings/index';
import { parseModelJson } from './json';
import { LlmAnswerTooLargeError, limitedFetch } from './limitedFetch';
import { LlmUnavailableError, type ChatMessage, type LlmCallOptions, type LlmClient, type ToolChoice, type ToolDefinition } from './types';
import { readToolChoice } from './toolChoice';
import { ThinkFilter } from './thinkFilter';
import { excerpt } from '../sources/errors';
import { describeAnswer } from '../sources/published/answerText';

/** Retries inside the openai package (connection errors, 429, 5xx); kept small: a slow local model should fail fast. */
const MAX_RETRIES = 1;
/** After the endpoint proved unreachable, later calls fail at once for this long (no second long wait). */
const UNREACHABLE_BACKOFF_MS = 60_000;

/** A client of `model` at `baseURL` (both given: see client.ts). */
export function openAiCompatibleClient(settings: Settings, model: string, baseURL: string, apiKey?: string): LlmClient {
  const client = new OpenAI({
    baseURL,
    // Local servers ignore the key, but the package insists on one. Never read OPENAI_API_KEY:
    // a cloud key must not be sent to an endpoint the user did not pair it with.
    apiKey: apiKey || settings['llm.apiKey'] || 'local-no-key',
    timeout: settings['llm.timeoutMs'],
    maxRetries: MAX_RETRIES,
    fetch: limitedFetch(Math.max(1, Math.round(settings['http.maxResponseMb'] * 1024 * 1024))),
    organization: null,
    project: null,
  });
  return new OpenAiCompatibleClient(client, model, baseURL);
}

class OpenAiCompatibleClient implements LlmClient {
  /** Flipped off after a server rejects `response_format`, so later calls skip the failed attempt. */
  private jsonModeSupported = true;
  /** Set when the endpoint could not be reached: routing's timeout must not be waited out again by queries. */
  private unreachable?: { until: number; error: LlmUnavailableError };

  constructor(
    private readonly client: OpenAI,
    readonly model: string,
    private readonly baseUrl: string,
  ) {}

  async completeJson(messages: ChatMessage[], options: LlmCallOptions = {}): Promise<unknown> {
    const content = await this.complete(messages, options);
    return parseModelJson(content);
  }

  private async complete(messages: ChatMessage[], options: LlmCallOptions): Promise<string> {
    this.failFastIfUnreachable();
    const body = {
      model: this.model,
      messages,
      temperature: options.temperature ?? 0,
      ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
    };
    try {
      if (this.jsonModeSupported) {
        try {
          const completion = await this.client.chat.completions.create(
            { ...body, response_format: { type: 'json_object' } },
            { signal: options.signal },
          );
          return this.textOf(completion);
        } catch (error) {
          if (!rejectsJsonMode(error)) throw error;
          this.jsonModeSupported = false;
        }
      }
      const completion = await this.client.chat.completions.create(body, { signal: options.signal });
      return this.textOf(completion);
    } catch (error) {
      throw this.explain(error, options.signal);
    }
  }

  async chooseTool(messages: ChatMessage[], tools: readonly ToolDefinition[], options: LlmCallOptions = {}): Promise<ToolChoice> {
    this.failFastIfUnreachable();
    try {
      const completion = await this.client.chat.completions.create(
        { model: this.model, messages, tools: tools.map((t) => ({ ...t, function: { ...t.function } })), tool_choice: 'auto', temperature: options.temperature ?? 0, ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}) },
        { signal: options.signal },
      );
      const choice = readToolChoice(completion);
      if (!choice) throw this.notACompletion(completion);
      return choice;
    } catch (error) {
      throw this.explain(error, options.signal);
    }
  }

  async *chatStream(messages: ChatMessage[], options: LlmCallOptions = {}): AsyncIterable<string> {
    this.failFastIfUnreachable();
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: this.model,
          messages,
          stream: true,
          temperature: options.temperature ?? 0.2,
          ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
        },
        { signal: options.signal },
      );
      // A raw reasoning model's <think> blocks are its reasoning, not the answer: never shown.
      const reasoning = new ThinkFilter();
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content;
        const shown = delta ? reasoning.push(delta) : '';
        if (shown) yield shown;
      }
      const rest = reasoning.end();
      if (rest) yield rest;
    } catch (error) {
      throw this.explain(error, options.signal);
    }
  }

  /**
   * The reply's text. An answer that is not a chat completion (an HTML page, a body of the wrong
   * shape) says so, and the endpoint is skipped like an unreachable one: every call would fail alike.
   */
  private textOf(completion: unknown): string {
    const choices = (completion as { choices?: unknown } | null)?.choices;
    const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
    const content = (first as { message?: { content?: unknown } } | undefined)?.message?.content;
    if (typeof content === 'string') return content;
    if (content === null || (first !== undefined && content === undefined)) return '';
    throw this.notACompletion(completion);
  }

  /** What came instead of a chat completion, in words: the endpoint's own error (a 200 carrying one), or the body. */
  private notACompletion(completion: unknown): LlmUnavailableError {
    const error = (completion as { error?: unknown } | null)?.error;
    const said = typeof error === 'string' ? error : (error as { message?: unknown } | undefined)?.message;
    if (typeof said === 'string' && said.trim()) return this.markUnreachable(`The LLM at ${this.baseUrl} answered with an error: ${excerpt(said, 200)}`);
    if (typeof completion === 'string' && completion.trim()) {
      return this.markUnreachable(`The LLM at ${this.baseUrl} sent ${describeAnswer(completion)} instead of a chat completion.`);
    }
    const choices = (completion as { choices?: unknown } | null)?.choices;
    if (Array.isArray(choices) && choices.length === 0) return this.markUnreachable(`The LLM at ${this.baseUrl} sent a chat completion without a reply (no choices).`);
    return this.markUnreachable(`The LLM at ${this.baseUrl} sent an answer that is not a chat completion.`);
  }

  private failFastIfUnreachable(): void {
    if (this.unreachable && Date.now() < this.unreachable.until) throw this.unreachable.error;
    this.unreachable = undefined;
  }

  private markUnreachable(message: string): LlmUnavailableError {
    const error = new LlmUnavailableError(message);
    this.unreachable = { until: Date.now() + UNREACHABLE_BACKOFF_MS, error };
    return error;
  }

  /** Turns the package's errors into the core's: AbortError, LlmUnavailableError, or a clear Error. */
  private explain(error: unknown, signal?: AbortSignal): Error {
    if (signal?.aborted || error instanceof APIUserAbortError) {
      return signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
    }
    if (error instanceof APIConnectionTimeoutError) {
      return this.markUnreachable(`The LLM at ${this.baseUrl} did not answer in time.`);
    }
    if (error instanceof LlmAnswerTooLargeError || (error as { cause?: unknown } | undefined)?.cause instanceof LlmAnswerTooLargeError) {
      return this.markUnreachable(`The LLM at ${this.baseUrl} sent an answer over the size limit (http.maxResponseMb).`);
    }
    if (error instanceof APIConnectionError) {
      return this.markUnreachable(`The LLM at ${this.baseUrl} is not reachable.`);
    }
    // The package parses the body itself: a SyntaxError here is the endpoint's, not the model's.
    if (error instanceof SyntaxError) return this.markUnreachable(`The LLM at ${this.baseUrl} sent an answer that is not JSON.`);
    if (error instanceof APIError && error.status === 404) {
      return new LlmUnavailableError(`The LLM at ${this.baseUrl} has no model "${this.model}" (HTTP 404).`);
    }
    if (error instanceof APIError) {
      return new LlmUnavailableError(`The LLM at ${this.baseUrl} answered HTTP ${error.status}: ${apiMessage(error)}`);
    }
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A 400/422 whose message names response_format: the server does not know JSON mode. */
function rejectsJsonMode(error: unknown): boolean {
  return (
    error instanceof APIError &&
    (error.status === 400 || error.status === 422) &&
    /response_format|json_object|json mode/i.test(apiMessage(error))
  );
}

function apiMessage(error: APIError): string {
  const inner = (error.error as { message?: unknown } | undefined)?.message;
  return typeof inner === 'string' ? inner : error.message;
}

