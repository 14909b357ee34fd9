import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ModelJsonError } from '../../../../src/core/llm/json';
import { createLlmClient, probeLlm } from '../../../../src/core/llm/client';
import { LlmUnavailableError, type LlmClient } from '../../../../src/core/llm/types';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import { chatRequests, installOpenAi, type OpenAiStandInOptions } from '../../../standin/openai';
import { fixturePath, send, startStandInServer, type StandIn } from '../../../standin/server';

describe('LLM client (OpenAI-compatible) against the stand-in', () => {
  let standIn: StandIn;
  let options: OpenAiStandInOptions;
  let settings: Settings;

  beforeEach(async () => {
    options = {};
    standIn = await startStandInServer([(s) => installOpenAi(s, options)]);
    settings = resolveSettings({ ...standIn.settings, 'llm.model': 'gpt-4o-mini' });
  });
  afterEach(() => standIn.close());

  function client(): LlmClient {
    const llm = createLlmClient(settings);
    assert.ok(llm);
    return llm;
  }

  it('is null when no model is configured', () => {
    assert.equal(createLlmClient(resolveSettings({ ...standIn.settings, 'llm.model': '' })), null);
    assert.equal(createLlmClient(resolveSettings({ ...standIn.settings, 'llm.model': '   ' })), null);
    assert.equal(createLlmClient(resolveSettings({ ...standIn.settings, 'llm.model': 'm', 'llm.baseUrl': ' ' })), null);
  });

  it('asks for JSON mode and parses the answer', async () => {
    options.reply = () => '{"discipline": "physics"}';
    const value = await client().completeJson([{ role: 'user', content: 'route this' }], { maxTokens: 50 });
    assert.deepEqual(value, { discipline: 'physics' });
    const [body] = chatRequests(standIn);
    assert.equal(body!.model, 'gpt-4o-mini');
    assert.deepEqual(body!.response_format, { type: 'json_object' });
    assert.equal(body!.max_tokens, 50);
    assert.equal(body!.messages![0]!.content, 'route this');
  });

  it('parses the real fenced answer', async () => {
    options.mode = 'fenced';
    const value = (await client().completeJson([{ role: 'user', content: 'x' }])) as Record<string, unknown>;
    assert.equal(value.relevance_score, 10);
  });

  it('throws ModelJsonError for prose (the recorded default answer)', async () => {
    await assert.rejects(client().completeJson([{ role: 'user', content: 'x' }]), ModelJsonError);
  });

  it('retries without response_format when the server rejects JSON mode', async () => {
    let calls = 0;
    standIn.handle('openai', (req, res) => {
      calls++;
      const body = JSON.parse(req.body.toString('utf8')) as Record<string, unknown>;
      if (body.response_format) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: "Unrecognized request argument supplied: response_format", type: 'invalid_request_error', param: null, code: null } }));
        return;
      }
      const envelope = JSON.parse(readFileSync(fixturePath('openai', 'chat-completions_nonstream_gpt-4o-mini.json'), 'utf8'));
      envelope.choices[0].message.content = '{"ok": true}';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(envelope));
    });
    const llm = client();
    assert.deepEqual(await llm.completeJson([{ role: 'user', content: 'x' }]), { ok: true });
    assert.equal(calls, 2);
    assert.deepEqual(await llm.completeJson([{ role: 'user', content: 'y' }]), { ok: true });
    assert.equal(calls, 3, 'JSON mode is not tried again once rejected');
  });

  it('reports the real HTTP 400 envelope as LlmUnavailableError with its message', async () => {
    options.mode = 'http400';
    await assert.rejects(
      client().completeJson([{ role: 'user', content: 'x' }]),
      (error: unknown) => error instanceof LlmUnavailableError && /HTTP 400: You uploaded an unsupported image/.test(error.message),
    );
  });

  it('says what a 200 that is no chat completion held: the endpoint\'s error, its text, or no reply', async () => {
    // An OpenAI-compatible proxy's error in a 200 (OpenRouter's documented `{error: {code, message}}`), a
    // gateway's plain-text page, and a completion whose choices a filter removed.
    const answers: [string, string, RegExp][] = [
      [JSON.stringify({ error: { code: 502, message: 'Upstream model overloaded, try again' } }), 'application/json', /answered with an error: Upstream model overloaded, try again$/],
      ['Bad gateway: upstream closed the connection', 'text/plain', /sent "Bad gateway: upstream closed the connection" instead of a chat completion\.$/],
      [JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', model: 'gpt-4o-mini', choices: [] }), 'application/json', /sent a chat completion without a reply \(no choices\)\.$/],
    ];
    for (const [body, type, said] of answers) {
      standIn.handle('openai', (_req, res) => send(res, 200, body, type));
      await assert.rejects(client().completeJson([{ role: 'user', content: 'x' }]), (error: unknown) => error instanceof LlmUnavailableError && said.test(error.message));
    }
  });

  it('reports an unreachable endpoint without trying any other', async () => {
    // The openai package would read these; a live stand-in behind them must get nothing.
    const saved = { base: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY };
    process.env.OPENAI_BASE_URL = standIn.settings['llm.baseUrl'];
    process.env.OPENAI_API_KEY = 'sk-cloud-key-not-for-this-endpoint';
    try {
      const dead = resolveSettings({ 'llm.baseUrl': 'http://127.0.0.1:9/v1', 'llm.model': 'm', 'llm.timeoutMs': 2000 });
      await assert.rejects(createLlmClient(dead)!.completeJson([{ role: 'user', content: 'x' }]), LlmUnavailableError);
      assert.equal(standIn.requests.length, 0, 'no request went to OPENAI_BASE_URL');
    } finally {
      restoreEnv('OPENAI_BASE_URL', saved.base);
      restoreEnv('OPENAI_API_KEY', saved.key);
    }
  });

  it('never sends OPENAI_API_KEY to the configured endpoint', async () => {
    const saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = 'sk-cloud-key-not-for-this-endpoint';
    try {
      await client().completeJson([{ role: 'user', content: 'x' }]).catch(() => undefined);
      assert.ok(standIn.requests.length > 0);
      for (const request of standIn.requests) assert.ok(!String(request.headers.authorization).includes('sk-cloud'));
    } finally {
      restoreEnv('OPENAI_API_KEY', saved);
    }
  });

  it('after a timeout, fails the next call at once instead of waiting again', async () => {
    standIn.handle('openai', () => {}); // never answers
    const llm = createLlmClient({ ...settings, 'llm.timeoutMs': 150 })!;
    await assert.rejects(llm.completeJson([{ role: 'user', content: 'x' }]), /did not answer in time/);
    const calls = standIn.requests.length;
    await assert.rejects(llm.completeJson([{ role: 'user', content: 'y' }]), /did not answer in time/);
    assert.equal(standIn.requests.length, calls, 'no second request');
  });

  it('passes the AbortSignal through', async () => {
    standIn.handle('openai', () => {}); // never answers
    const controller = new AbortController();
    const call = client().completeJson([{ role: 'user', content: 'x' }], { signal: controller.signal });
    setImmediate(() => controller.abort());
    await assert.rejects(call, (error: unknown) => error instanceof Error && error.name === 'AbortError');
  });

  it('streams the recorded deltas', async () => {
    let text = '';
    for await (const delta of client().chatStream([{ role: 'user', content: 'The duck says' }])) text += delta;
    assert.equal(text, 'The duck says "quack!" It\'s a classic sound associated with ducks. Is there something specific you\'d like to know or discuss about ducks?');
    assert.equal(chatRequests(standIn)[0]!.stream, true);
  });

  it('streams programmed content in word-sized deltas', async () => {
    options.reply = () => 'Paragraph 2 supports the claim.';
    const deltas: string[] = [];
    for await (const delta of client().chatStream([{ role: 'user', content: 'q' }])) deltas.push(delta);
    assert.deepEqual(deltas, ['Paragraph', ' 2', ' supports', ' the', ' claim.']);
  });

  it('streams a reasoning model\'s answer without its <think> block, over the recorded SSE framing', async () => {
    options.reply = () => '<think>The user asks which passage supports it. Paragraph 3 is about methods.</think>\n\nParagraph 2 supports the claim.';
    let text = '';
    for await (const delta of client().chatStream([{ role: 'user', content: 'q' }])) text += delta;
    assert.equal(text, '\n\nParagraph 2 supports the claim.');
  });

  it('probes GET /models', async () => {
    assert.deepEqual(await probeLlm(settings), {
      ok: true,
      message: `LLM gpt-4o-mini at ${standIn.settings['llm.baseUrl']} (prompts fitted to a window of 4,096 tokens)`,
    });
    assert.equal((await probeLlm({ ...settings, 'llm.contextTokens': 32768 })).message.endsWith('window of 32,768 tokens)'), true);
    const missing = await probeLlm({ ...settings, 'llm.model': 'llama3.1' });
    assert.equal(missing.ok, false);
    assert.match(missing.message, /no model "llama3.1".*gpt-4o-mini/);
    assert.equal((await probeLlm({ ...settings, 'llm.model': '' })).ok, false);
    const dead = await probeLlm({ ...settings, 'llm.baseUrl': 'http://127.0.0.1:9/v1' });
    assert.equal(dead.ok, false);
    assert.match(dead.message, /not reachable/);
  });
});

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
