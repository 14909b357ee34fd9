// Stand-in for an OpenAI-compatible LLM server (what Ollama / LM Studio / vLLM expose), mounted
// at `${standIn.url}/openai/v1` — `standIn.settings['llm.baseUrl']` already points there.
//
//   POST /v1/chat/completions   non-stream: the real chat.completion envelope recorded from
//                               gpt-4o-mini (test/fixtures/openai/chat-completions_nonstream_*.json)
//                               with only `choices[0].message.content` replaced.
//                               stream (`"stream": true`): the real SSE framing recorded from
//                               gpt-4o-mini (…_stream_…include-usage.sse): a role chunk, one chunk
//                               per content delta, a finish_reason chunk, the usage chunk (only when
//                               `stream_options.include_usage` is set, as OpenAI does), `data: [DONE]`.
//   GET  /v1/models             `{object:"list", data:[{id, object:"model", …}]}` for `options.models`.
//
// What the model SAYS is up to the test:
//   installOpenAi(standIn, { reply: (body) => JSON.stringify({ discipline: 'physics', … }) })
// `reply` gets the parsed request body (model, messages, response_format, …) and returns the
// assistant text (may be async; may throw to make the server answer 500). Without `reply`, the
// recorded content is replayed ("The duck says \"quack!\" …").
// `options` is read on every request, so a test may swap `options.reply` / `options.mode` later.
//
// Tool calls: when a request offers `tools` and `options.tool(body)` returns `{ name, arguments }`,
// the answer is that tool call in the recorded envelope: `choices[0].message` becomes
// `{ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name,
// arguments: '<JSON text>' } }] }` with `finish_reason: 'tool_calls'` — OpenAI's documented shape
// for a tool call (no recorded tool-call answer exists in the fixtures).
//
// Modes (options.mode):
//   'reply'   (default) as above.
//   'fenced'  every chat completion is the real gpt-4o answer whose JSON is wrapped in ```json
//             fences (…_markdown-fenced.json), byte for byte.
//   'http400' every chat completion is HTTP 400 with the real OpenAI error envelope
//             (…_http400_invalid_image_format.json).
//
// Requests: `standIn.requests` logs every request (body as text); `chatRequests(standIn)` gives the
// parsed chat.completions bodies, e.g. to assert what was (or was not) sent to the model.
// Latency and injected failures come from the server core: `standIn.setLatency('openai', ms)`,
// `standIn.failNext('openai', [503])`.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fixturePath, send, type StandIn, type StandInRequest } from './server';

export interface ChatRequestBody {
  model?: string;
  messages?: { role: string; content: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string };
  temperature?: number;
  max_tokens?: number;
  [key: string]: unknown;
}

export interface OpenAiStandInOptions {
  /** The assistant's answer to a request (default: the recorded content). */
  reply?: (body: ChatRequestBody) => string | Promise<string>;
  mode?: 'reply' | 'fenced' | 'http400';
  /** The tool the model calls, for a request that offers `tools`; undefined: it answers in text. */
  tool?: (
    body: ChatRequestBody,
  ) => { name: string; arguments: unknown } | undefined | Promise<{ name: string; arguments: unknown } | undefined>;
  /** Model ids listed by GET /v1/models (default: ['gpt-4o-mini']). */
  models?: string[];
}

const FIXTURE = {
  nonStream: 'chat-completions_nonstream_gpt-4o-mini.json',
  stream: 'chat-completions_stream_gpt-4o-mini_include-usage.sse',
  fenced: 'chat-completions_json-relevance-score_gpt-4o_markdown-fenced.json',
  http400: 'chat-completions_http400_invalid_image_format.json',
};

function readFixture(name: string): string {
  return readFileSync(fixturePath('openai', name), 'utf8');
}

interface RecordedStream {
  roleChunk: Record<string, unknown>;
  deltaChunk: Record<string, unknown>;
  finishChunk: Record<string, unknown>;
  usageChunk: Record<string, unknown>;
  deltas: string[];
}

/** Splits the recorded SSE into its chunk kinds, used as templates for new content. */
function readRecordedStream(): RecordedStream {
  const chunks = readFixture(FIXTURE.stream)
    .split(/\n\n/)
    .map((event) => event.replace(/^data: /, '').trim())
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data) as { choices: { delta: { content?: string; role?: string }; finish_reason: string | null }[] });
  const deltaChunks = chunks.filter((c) => c.choices[0] && !c.choices[0].delta.role && c.choices[0].finish_reason === null);
  return {
    roleChunk: chunks.find((c) => c.choices[0]?.delta.role)!,
    deltaChunk: deltaChunks[0]!,
    finishChunk: chunks.find((c) => c.choices[0]?.finish_reason)!,
    usageChunk: chunks.find((c) => c.choices.length === 0)!,
    deltas: deltaChunks.map((c) => c.choices[0]!.delta.content ?? ''),
  };
}

export function installOpenAi(standIn: StandIn, options: OpenAiStandInOptions = {}): void {
  const recordedEnvelope = JSON.parse(readFixture(FIXTURE.nonStream)) as {
    choices: { message: { content: string } }[];
  };
  const recordedStream = readRecordedStream();

  standIn.handle('openai', async (req, res) => {
    if (req.method === 'GET' && req.path === '/v1/models') return sendModels(res, options.models ?? ['gpt-4o-mini']);
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions') {
      return send(res, 404, JSON.stringify({ error: { message: `Unknown path ${req.path}`, type: 'invalid_request_error' } }), 'application/json');
    }
    const body = parseBody(req);
    if (!body) return send(res, 400, readFixture(FIXTURE.http400), 'application/json');
    const mode = options.mode ?? 'reply';
    if (mode === 'http400') return send(res, 400, readFixture(FIXTURE.http400), 'application/json');
    if (mode === 'fenced') return send(res, 200, readFixture(FIXTURE.fenced), 'application/json');

    const call = Array.isArray(body.tools) && options.tool ? await options.tool(body) : undefined;
    if (call && !body.stream) return send(res, 200, JSON.stringify(toolCallEnvelope(recordedEnvelope, call), null, 2), 'application/json');
    const content = options.reply ? await options.reply(body) : undefined;
    if (body.stream) {
      const pieces = content === undefined ? recordedStream.deltas : splitIntoDeltas(content);
      return sendStream(res, recordedStream, pieces, body.stream_options?.include_usage === true);
    }
    const envelope = structuredClone(recordedEnvelope);
    if (content !== undefined) envelope.choices[0]!.message.content = content;
    send(res, 200, JSON.stringify(envelope, null, 2), 'application/json');
  });
}

function toolCallEnvelope(recorded: unknown, call: { name: string; arguments: unknown }): unknown {
  const envelope = structuredClone(recorded) as { choices: { message: Record<string, unknown>; finish_reason: string }[] };
  envelope.choices[0]!.message = {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'call_standin_1', type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } }],
  };
  envelope.choices[0]!.finish_reason = 'tool_calls';
  return envelope;
}

function parseBody(req: StandInRequest): ChatRequestBody | undefined {
  try {
    const body: unknown = JSON.parse(req.body.toString('utf8'));
    return body && typeof body === 'object' ? (body as ChatRequestBody) : undefined;
  } catch {
    return undefined;
  }
}

function sendModels(res: ServerResponse, models: string[]): void {
  const data = models.map((id) => ({ id, object: 'model', created: 1733168195, owned_by: 'stand-in' }));
  send(res, 200, JSON.stringify({ object: 'list', data }), 'application/json');
}

/** Word-sized deltas, like a real tokenizer's output ("The", " duck", " says"). */
function splitIntoDeltas(content: string): string[] {
  return content.match(/\s*\S+|\s+$/g) ?? [''];
}

function sendStream(res: ServerResponse, recorded: RecordedStream, pieces: string[], includeUsage: boolean): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  const event = (chunk: unknown) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  event(recorded.roleChunk);
  for (const piece of pieces) {
    const chunk = structuredClone(recorded.deltaChunk) as { choices: { delta: { content: string } }[] };
    chunk.choices[0]!.delta.content = piece;
    event(chunk);
  }
  event(recorded.finishChunk);
  if (includeUsage) event(recorded.usageChunk);
  res.end('data: [DONE]\n\n');
}

/** The parsed bodies of every chat.completions request the stand-in received, in order. */
export function chatRequests(standIn: StandIn): ChatRequestBody[] {
  return standIn.requests
    .filter((r) => r.service === 'openai' && r.path === '/v1/chat/completions')
    .map((r) => JSON.parse(r.body) as ChatRequestBody);
}

/** Every message text sent to the model, joined (for "what did the model see" assertions). */
export function textSentToModel(standIn: StandIn): string {
  return chatRequests(standIn)
    .flatMap((b) => b.messages ?? [])
    .map((m) => m.content)
    .join('\n');
}
