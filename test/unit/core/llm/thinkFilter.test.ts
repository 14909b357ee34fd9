// A raw reasoning model's <think> blocks dropped from a streamed answer, wherever the deltas
// happen to split the text: every split of a DeepSeek-R1-style answer gives the same answer.
import { strict as assert } from 'node:assert';
import { ThinkFilter } from '../../../../src/core/llm/thinkFilter';

function streamed(deltas: string[]): string {
  const filter = new ThinkFilter();
  return deltas.map((d) => filter.push(d)).join('') + filter.end();
}

const ANSWER = '<think>\nThe user asks about [1]. Its paragraph on <b>results</b> < 5% …\n</think>\n\n[1] reports the finding; see its Results.';

describe('llm: a reasoning model\'s <think> block is not shown', () => {
  it('drops the block however the stream splits it, tags included', () => {
    const expected = '\n\n[1] reports the finding; see its Results.';
    for (let i = 0; i <= ANSWER.length; i++) {
      for (const j of [i, Math.min(ANSWER.length, i + 3), Math.min(ANSWER.length, i + 9)]) {
        assert.equal(streamed([ANSWER.slice(0, i), ANSWER.slice(i, j), ANSWER.slice(j)]), expected, `split at ${i} and ${j}`);
      }
    }
  });

  it('keeps text that only looks like a tag\'s start, and <thinking> blocks go too', () => {
    assert.equal(streamed(['a <', 'b and <th', 'e end']), 'a <b and <the end');
    assert.equal(streamed(['x <thi']), 'x <thi', 'held back, then given at the end');
    assert.equal(streamed(['<THINKING>plan</Thinking>Answer.', ' More.']), 'Answer. More.');
  });

  it('shows nothing of a block the stream cut off, and leaves an answer without one as it is', () => {
    assert.equal(streamed(['<think>I will ', 'answer with']), '');
    assert.equal(streamed(['No reasoning ', 'here.']), 'No reasoning here.');
  });
});
