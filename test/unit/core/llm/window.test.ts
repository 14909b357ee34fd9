// The model's context window: the window a setting or the server's place gives, and the client
// that refuses a prompt that would not fit rather than let the server cut its instructions, run
// against the stand-in OpenAI server (the recorded gpt-4o-mini envelopes).
import { strict as assert } from 'node:assert';
import { createLlmClient } from '../../../../src/core/llm/client';
import type { ChatMessage } from '../../../../src/core/llm/types';
import { contextWindowTokens, isLocalEndpoint, PromptTooLongError, promptTokens, windowOf } from '../../../../src/core/llm/window';
import { resolveSettings } from '../../../../src/core/settings/index';
import { chatRequests, installOpenAi } from '../../../standin/openai';
import { startStandInServer, type StandIn } from '../../../standin/server';

describe('llm: the model\'s context window', () => {
  it('is 4,096 tokens for a server on this machine, unbounded elsewhere, and the setting wins', () => {
    const windowAt = (baseUrl: string, contextTokens = 0) =>
      contextWindowTokens(resolveSettings({ 'llm.baseUrl': baseUrl, 'llm.contextTokens': contextTokens }));
    assert.equal(contextWindowTokens(resolveSettings({})), 4096, 'the default endpoint is Ollama on localhost');
    for (const local of ['http://127.0.0.1:1234/v1', 'http://[::1]:11434/v1', 'http://gpu-box.local:11434/v1', 'http://localhost:8080/v1']) {
      assert.equal(windowAt(local), 4096, local);
    }
    assert.equal(windowAt('https://api.openai.com/v1'), Number.POSITIVE_INFINITY);
    assert.equal(windowAt('https://api.openai.com/v1', 128000), 128000);
    assert.equal(windowAt('http://localhost:11434/v1', 16384), 16384);
    assert.equal(isLocalEndpoint('not a url'), false);
  });

  it('counts tokens high rather than low: three and a half characters a token, and each message\'s markers', () => {
    const messages: ChatMessage[] = [{ role: 'system', content: 'x'.repeat(350) }, { role: 'user', content: 'y'.repeat(36) }];
    assert.equal(promptTokens(messages), 8 + 100 + 8 + 11);
  });

  describe('against the stand-in OpenAI server', () => {
    let standIn: StandIn;
    beforeEach(async () => {
      standIn = await startStandInServer([(s) => installOpenAi(s, { reply: () => '{"ok": true}' })]);
    });
    afterEach(() => standIn.close());

    const longPrompt: ChatMessage[] = [
      { role: 'system', content: 'Use only the attached material. Never invent a reference.' },
      { role: 'user', content: 'The attached paper says: ' + 'cosmic acceleration from type Ia supernovae; '.repeat(300) },
    ];

    it('refuses a prompt over the window before sending it, and sends one that fits', async () => {
      const llm = createLlmClient(resolveSettings({ ...standIn.settings, 'llm.model': 'gpt-4o-mini' }))!;
      assert.equal(windowOf(llm), 4096, 'the stand-in listens on 127.0.0.1');
      await assert.rejects(llm.completeJson(longPrompt), (error: unknown) => {
        assert.ok(error instanceof PromptTooLongError);
        assert.match(error.message, /about [\d,]+ tokens .* window of 4,096 \(citefinder\.llm\.contextTokens\), so it was not sent/);
        return true;
      });
      await assert.rejects(async () => {
        for await (const delta of llm.chatStream(longPrompt)) assert.fail(`streamed ${delta}`);
      }, PromptTooLongError);
      assert.equal(chatRequests(standIn).length, 0, 'nothing reached the server');

      assert.deepEqual(await llm.completeJson(longPrompt.slice(0, 1)), { ok: true });
      assert.equal(chatRequests(standIn).length, 1);
    });

    it('sends the same prompt when the setting gives a larger window', async () => {
      const llm = createLlmClient(resolveSettings({ ...standIn.settings, 'llm.model': 'gpt-4o-mini', 'llm.contextTokens': 16384 }))!;
      assert.deepEqual(await llm.completeJson(longPrompt), { ok: true });
      assert.equal(chatRequests(standIn)[0]!.messages!.at(-1)!.content, longPrompt[1]!.content, 'sent whole');
    });
  });
});
