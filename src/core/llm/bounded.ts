// The LLM as one run sees it: every call bounded in time, and after the first call the endpoint
// could not serve (a timeout, a refused connection, an HTTP error), the rest of the run skips it
// at once with the same error, so each stage falls back to its heuristic without waiting again.
// The bound is what keeps a hung model from spending the run's whole deadline before the search.
import { LlmUnavailableError, type ChatMessage, type LlmCallOptions, type LlmClient } from './types';

export function boundLlm(llm: LlmClient, callMs: number, endpoint: string): LlmClient {
  let down: LlmUnavailableError | undefined;
  return {
    model: llm.model,
    window: llm.window,
    async completeJson(messages: ChatMessage[], options: LlmCallOptions = {}): Promise<unknown> {
      if (down) throw down;
      const timer = new AbortController();
      let timeout: ReturnType<typeof setTimeout> | undefined;
      // Given up at the bound even when the client does not stop (a body that never ends).
      const expired = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => {
          timer.abort();
          reject(new DOMException('The LLM call passed its time bound.', 'AbortError'));
        }, callMs);
      });
      const signal = options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal;
      try {
        const call = llm.completeJson(messages, { ...options, signal });
        call.catch(() => undefined); // settled later, or never: nobody waits for it after the bound
        return await Promise.race([call, expired]);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (timer.signal.aborted) throw (down = new LlmUnavailableError(`The LLM at ${endpoint} did not answer within ${callMs} ms.`));
        if (error instanceof LlmUnavailableError) down = error;
        throw error;
      } finally {
        clearTimeout(timeout);
      }
    },
    chatStream: (messages, options) => llm.chatStream(messages, options),
    chooseTool: (messages, tools, options) => llm.chooseTool(messages, tools, options),
  };
}
