// The LLM's re-ranking of the top of the uncited-claims list, against the stand-in OpenAI server
// (the recorded gpt-4o-mini envelopes), on the list the model makes of the coverage fixture's
// sentences (arXiv:2212.11826): one call, only the top N sent, the LLM's order kept for them, the
// rest untouched; what the LLM invents or leaves out changes nothing it was not asked about.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageOfProject, rerankWithLlm, type SentenceCoverage } from '../../../../src/core/coverage';
import { readOpinions } from '../../../../src/core/coverage/rerank';
import { createLlmClient } from '../../../../src/core/llm/client';
import type { LlmClient } from '../../../../src/core/llm/types';
import { fitsWindow, promptTokens } from '../../../../src/core/llm/window';
import { resolveSettings } from '../../../../src/core/settings/index';
import { chatRequests, installOpenAi, type ChatRequestBody, type OpenAiStandInOptions } from '../../../standin/openai';
import { fixturePath, startStandInServer, type StandIn } from '../../../standin/server';

const PROJECT = fixturePath('coverage', 'qpk');
const files = {
  read: async (file: string) => readFileSync(file, 'utf8'),
  list: async () => [join(PROJECT, 'main.tex'), join(PROJECT, 'intro.tex')],
};

/** The numbered sentences the LLM was sent, as "[n] (section) text" lines of the last user message. */
function numberedLines(body: ChatRequestBody): string[] {
  return body.messages!.at(-1)!.content.split('\n').filter((line) => /^\[\d+\] /.test(line));
}

describe('coverage: the LLM re-ranks the top of the list', () => {
  let standIn: StandIn;
  let options: OpenAiStandInOptions;
  let llm: LlmClient;
  let listed: SentenceCoverage[];

  beforeEach(async () => {
    options = {};
    standIn = await startStandInServer([(s) => installOpenAi(s, options)]);
    llm = createLlmClient(resolveSettings({ ...standIn.settings, 'llm.model': 'gpt-4o-mini' }))!;
    listed = (await coverageOfProject({ file: join(PROJECT, 'main.tex'), scope: 'project', files, minScore: 0.05 })).flagged;
    assert.ok(listed.length >= 6, `the fixture lists ${listed.length} sentence(s) at 0.05`);
  });
  afterEach(() => standIn.close());

  it('asks once about the top N, orders them by the LLM\'s need, and leaves the rest as they were', async () => {
    // Sentence 2 is rated highest, 3 as "7/10", 1 lowest; 4 is left out and an invented 9 given.
    options.reply = () =>
      '```json\n' +
      JSON.stringify({
        sentences: [
          { index: 1, need: 0, reason: "The authors' own plan." },
          { index: 2, need: 10, reason: 'Reports a known finding about quantum neural networks that a reader needs the source of, plainly and at once, in this very sentence.' },
          { index: 3, need: '7/10', reason: 'A general statement.' },
          { index: 9, need: 10, reason: 'A sentence it was never sent.' },
        ],
      }) +
      '\n```';
    const top = 4;
    const outcome = await rerankWithLlm(listed, llm, { top });

    const requests = chatRequests(standIn);
    assert.equal(requests.length, 1);
    const sent = numberedLines(requests[0]!);
    assert.equal(sent.length, top);
    listed.slice(0, top).forEach((s, i) => assert.ok(sent[i]!.startsWith(`[${i + 1}] (`) && sent[i]!.endsWith(s.text), sent[i]));

    const [first, second, third, fourth] = listed;
    assert.equal(outcome.flagged[0], second);
    assert.equal(outcome.flagged[1], third);
    // Unrated, the fourth keeps its model score (above the first's 0 from the LLM).
    assert.deepEqual(outcome.flagged.slice(2, 4), fourth!.score > 0 ? [fourth, first] : [first, fourth]);
    assert.deepEqual(outcome.flagged.slice(top), listed.slice(top), 'below the top N nothing moves');
    assert.equal(outcome.flagged.length, listed.length);
    assert.equal(outcome.asked, top);

    assert.equal(outcome.opinions.size, 3);
    assert.deepEqual(outcome.opinions.get(third!), { need: 0.7, reason: 'A general statement.' });
    assert.equal(outcome.opinions.get(first!)!.need, 0);
    assert.equal(outcome.opinions.get(second!)!.reason.split(' ').length, 20, 'the reason is cut to 20 words');
    assert.ok(!outcome.opinions.has(fourth!));
  });

  it('rejects an answer that rates none of the sentences, and a failing endpoint, so the caller keeps its order', async () => {
    options.reply = () => JSON.stringify({ sentences: [{ index: 12, need: 8, reason: 'Not one of them.' }] });
    await assert.rejects(rerankWithLlm(listed, llm, { top: 5 }), /rated none of the sentences/);
    options.mode = 'http400';
    await assert.rejects(rerankWithLlm(listed, llm, { top: 5 }));
    assert.equal(chatRequests(standIn).length, 2);
  });

  it('asks about as many of the top as fit the model\'s window with their answer, in order', async () => {
    options.reply = () => JSON.stringify({ sentences: [{ index: 1, need: 9, reason: 'A finding of earlier work.' }] });
    const small = createLlmClient(resolveSettings({ ...standIn.settings, 'llm.model': 'gpt-4o-mini', 'llm.contextTokens': 1700 }))!;
    const outcome = await rerankWithLlm(listed, small, { top: listed.length });
    const requests = chatRequests(standIn);
    assert.equal(requests.length, 1);
    const sent = numberedLines(requests[0]!);
    assert.ok(outcome.asked >= 1 && outcome.asked < listed.length, `${outcome.asked} of ${listed.length} asked about`);
    assert.equal(sent.length, outcome.asked);
    assert.ok(fitsWindow(requests[0]!.messages!, 1700), `${promptTokens(requests[0]!.messages!)} tokens and the answer's 1,024 fit`);
    listed.slice(0, outcome.asked).forEach((s, i) => assert.ok(sent[i]!.includes(s.text.slice(0, 40)), `[${i + 1}] is the list's ${i + 1}th`));
    assert.deepEqual(outcome.flagged.slice(outcome.asked), listed.slice(outcome.asked), 'the rest keeps its order');
  });

  it('asks nothing about an empty list', async () => {
    const outcome = await rerankWithLlm([], llm, { top: 20 });
    assert.deepEqual([outcome.flagged, outcome.asked, chatRequests(standIn).length], [[], 0, 0]);
  });

  it('reads the shapes models give: a keyed object, a bare list in prompt order, scores out of 100', () => {
    const keyed = readOpinions({ '1': { need: 3, reason: 'x' }, '[2]': { score: '80%', explanation: 'y' } }, 2);
    assert.deepEqual([...keyed], [[0, { need: 0.3, reason: 'x' }], [1, { need: 0.8, reason: 'y' }]]);
    const bare = readOpinions([{ need: 9 }, { need: 'high' }, { need: 2, reason: 'z' }], 3);
    assert.deepEqual([...bare], [[0, { need: 0.9, reason: 'no reason given' }], [2, { need: 0.2, reason: 'z' }]]);
  });
});
