// The fetch the OpenAI client uses: the global one, with every answer's body cut off past a size
// limit (http.maxResponseMb), as for every other service. The openai package reads whole bodies
// itself, so an endless answer would otherwise grow the process without bound.
/** The endpoint sent more than the limit: it is skipped for the run like an unreachable one. */
export class LlmAnswerTooLargeError extends Error {
  override name = 'LlmAnswerTooLargeError';
}

export function limitedFetch(maxBytes: number, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (!response.body) return response;
    let seen = 0;
    const limit = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          controller.error(new LlmAnswerTooLargeError(`the LLM's answer is over the ${(maxBytes / 1024 / 1024).toFixed(1)} MB limit (http.maxResponseMb)`));
          return;
        }
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(limit), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
