import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ModelJsonError, parseModelJson, readScore } from '../../../../src/core/llm/json';
import { fixturePath } from '../../../standin/server';

function recordedContent(name: string): string {
  const envelope = JSON.parse(readFileSync(fixturePath('openai', name), 'utf8')) as {
    choices: { message: { content: string } }[];
  };
  return envelope.choices[0]!.message.content;
}

describe('parseModelJson', () => {
  it('parses the plain JSON a real model returned', () => {
    const value = parseModelJson(recordedContent('chat-completions_json-relevance-score_gpt-4o.json')) as Record<string, unknown>;
    assert.equal(value.relevance_score, 10);
    assert.match(String(value.summary), /^XAI, or Explainable/);
  });

  it('strips the ```json fences a real model wrapped its answer in', () => {
    const content = recordedContent('chat-completions_json-relevance-score_gpt-4o_markdown-fenced.json');
    assert.ok(content.startsWith('```json'));
    assert.throws(() => JSON.parse(content));
    const value = parseModelJson(content) as Record<string, unknown>;
    assert.equal(value.relevance_score, 10);
    assert.match(String(value.summary), /counterfactual/);
  });

  it('drops <think> blocks, even ones holding braces', () => {
    const content = recordedContent('chat-completions_json-relevance-score_gpt-4o.json');
    const value = parseModelJson(`<think>The user wants {"relevance_score": 0}? No, {score}.</think>\n${content}`);
    assert.equal((value as Record<string, unknown>).relevance_score, 10);
  });

  it('finds the JSON inside leading and trailing prose', () => {
    const value = parseModelJson('Sure! Here is the routing:\n{"discipline": "physics", "note": "uses {braces} and \\"quotes\\""}\nHope this helps.');
    assert.deepEqual(value, { discipline: 'physics', note: 'uses {braces} and "quotes"' });
  });

  it('accepts arrays and tolerates trailing commas', () => {
    assert.deepEqual(parseModelJson('[{"q": ["a", "b",],},]'), [{ q: ['a', 'b'] }]);
    assert.deepEqual(parseModelJson('{"a": "x,}", "b": 1,}'), { a: 'x,}', b: 1 });
  });

  it('throws a ModelJsonError naming the answer when there is no JSON', () => {
    const prose = recordedContent('chat-completions_nonstream_gpt-4o-mini.json');
    assert.throws(() => parseModelJson(prose), (error: unknown) => error instanceof ModelJsonError && /quack/.test(error.message));
    assert.throws(() => parseModelJson(''), ModelJsonError);
    assert.throws(() => parseModelJson('{"unclosed": [1, 2'), ModelJsonError);
    assert.throws(() => parseModelJson('<think>{"a":1}'), ModelJsonError);
  });
});

describe('readScore', () => {
  it('reads the forms models write scores in', () => {
    assert.equal(readScore('8/10'), 0.8);
    assert.equal(readScore('8'), 0.8);
    assert.equal(readScore(8), 0.8);
    assert.equal(readScore('0.8'), 0.8);
    assert.equal(readScore('80%'), 0.8);
    assert.equal(readScore('7.5 out of 10'), 0.75);
    assert.equal(readScore(' 9 / 10 (strong)'), 0.9);
    assert.equal(readScore(85), 0.85);
  });

  it('uses the scale the prompt asked for', () => {
    assert.equal(readScore(1, 10), 0.1);
    assert.equal(readScore('1', 10), 0.1);
    assert.equal(readScore(1), 1);
    assert.equal(readScore(12, 10), 1);
    assert.equal(readScore(0.8, 10), 0.8, 'a fraction below 1 is already 0–1');
    assert.equal(readScore('0.35', 10), 0.35);
    assert.equal(readScore(0, 10), 0);
  });

  it('returns NaN for anything that is not a score', () => {
    assert.ok(Number.isNaN(readScore('high')));
    assert.ok(Number.isNaN(readScore(undefined)));
    assert.ok(Number.isNaN(readScore(null)));
    assert.ok(Number.isNaN(readScore('3/0')));
    assert.equal(readScore(-2), 0);
  });
});
