// The model's context window: how much prompt one call may carry. Ollama serves 4,096 tokens by
// default below 24 GB of VRAM (its docs), and its OpenAI-compatible route cannot ask for more; a longer prompt
// is not refused but silently cut from its beginning, which is where the instructions are ("use
// only the attached material", "never invent a reference"). So each caller fits its prompt to the
// window (fewer paragraphs, fewer sentences), and the client refuses a prompt that still does not
// fit instead of letting the server drop its instructions.
import type { Settings } from '../settings/index';
import type { ChatMessage, LlmCallOptions, LlmClient } from './types';

/** Ollama's default window on a machine with less than 24 GB of VRAM; other local servers often start as small. */
const LOCAL_DEFAULT_WINDOW = 4096;
/** What an answer may take when the call does not bound it. */
export const DEFAULT_ANSWER_TOKENS = 1024;
/**
 * Characters per token, counted low: the prompts citefinder builds ran 3.9–5.1 in the Llama 2,
 * Llama 3, GPT-4 and GPT-4o tokenizers, raw LaTeX down to 3.05 (docs/settings.md). With the
 * answer's reserve beside it, a prompt read at 3 characters a token still leaves a short answer room. Over-counting costs a paragraph;
 * under-counting loses the instructions.
 */
const CHARS_PER_TOKEN = 3.5;
/** The chat template's tokens around each message (role markers). */
const TOKENS_PER_MESSAGE = 8;

/** The window in tokens for these settings: the setting, or by where the server runs when it is 0. */
export function contextWindowTokens(settings: Settings): number {
  const set = settings['llm.contextTokens'];
  if (set > 0) return set;
  return isLocalEndpoint(settings['llm.baseUrl']) ? LOCAL_DEFAULT_WINDOW : Number.POSITIVE_INFINITY;
}

/** A server on this machine: loopback, or a name that only this network resolves. */
export function isLocalEndpoint(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl.trim()).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '0.0.0.0' ||
    /^127\.\d+\.\d+\.\d+$/.test(host) || host.endsWith('.local') || host === 'host.docker.internal';
}

/** An upper estimate of the tokens these messages take. */
export function promptTokens(messages: readonly Pick<ChatMessage, 'content'>[]): number {
  return messages.reduce((sum, m) => sum + TOKENS_PER_MESSAGE + Math.ceil(m.content.length / CHARS_PER_TOKEN), 0);
}


/** Whether `messages` and an answer of `answerTokens` fit in `window`. */
export function fitsWindow(messages: readonly Pick<ChatMessage, 'content'>[], window: number, answerTokens = DEFAULT_ANSWER_TOKENS): boolean {
  return promptTokens(messages) <= window - answerTokens;
}

/** A prompt that does not fit the model's window even after its caller shortened it. */
export class PromptTooLongError extends Error {
  override name = 'PromptTooLongError';
  constructor(readonly needed: number, readonly window: number) {
    super(
      `This prompt needs about ${needed.toLocaleString('en-US')} tokens with its answer, more than the model's window of ` +
        `${window.toLocaleString('en-US')} (citefinder.llm.contextTokens), so it was not sent: the server would have cut its instructions. ` +
        'Raise the server\'s window (Ollama: OLLAMA_CONTEXT_LENGTH) and the setting with it, or send less.',
    );
  }
}

/**
 * The client with its window: every call checks its prompt first and throws PromptTooLongError
 * rather than send one that does not fit. `window` is exposed so callers can fit before calling.
 */
export function withWindow(llm: LlmClient, window: number): LlmClient {
  if (!Number.isFinite(window)) return llm;
  const check = (messages: ChatMessage[], options: LlmCallOptions = {}, extraChars = 0): void => {
    const answer = options.maxTokens ?? DEFAULT_ANSWER_TOKENS;
    const needed = promptTokens(messages) + Math.ceil(extraChars / CHARS_PER_TOKEN) + answer;
    if (needed > window) throw new PromptTooLongError(needed, window);
  };
  return {
    model: llm.model,
    window,
    completeJson(messages, options) {
      try {
        check(messages, options);
      } catch (error) {
        return Promise.reject(error);
      }
      return llm.completeJson(messages, options);
    },
    async *chatStream(messages, options) {
      check(messages, options);
      yield* llm.chatStream(messages, options);
    },
    chooseTool(messages, tools, options) {
      try {
        check(messages, options, JSON.stringify(tools).length);
      } catch (error) {
        return Promise.reject(error);
      }
      return llm.chooseTool(messages, tools, options);
    },
  };
}

/** The window a client was given (unbounded for one without). */
export function windowOf(llm: LlmClient): number {
  return llm.window ?? Number.POSITIVE_INFINITY;
}
