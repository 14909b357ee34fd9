// The batcher behind arXiv's id and version lookups: what goes out together, and when. Each
// request here is held until the test lets it answer, so nothing depends on timing.
import assert from 'node:assert/strict';
import { RequestBatcher } from '../../../../src/core/net/requestBatcher';

/** A send that records each batch and answers only when the test releases it. */
function heldSend() {
  const batches: string[][] = [];
  const pending: { answer: () => void; fail: (error: Error) => void }[] = [];
  let arrived: () => void = () => {};
  const send = (lookups: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(lookups);
      pending.push({ answer: () => resolve(lookups.map((l) => l.toUpperCase())), fail: reject });
      arrived();
    });
  /** Resolves once `count` batches have gone out. */
  const sent = (count: number) =>
    new Promise<void>((resolve) => {
      arrived = () => batches.length >= count && resolve();
      arrived();
    });
  return { send, batches, pending, sent };
}

describe('request batcher', () => {
  it('sends the lookups of one tick together, and each gets its own answer', async () => {
    const held = heldSend();
    const batcher = new RequestBatcher(10, held.send);
    const answers = Promise.all(['a', 'b', 'c'].map((l) => batcher.ask(l)));
    await held.sent(1);
    held.pending[0]!.answer();
    assert.deepEqual(await answers, ['A', 'B', 'C']);
    assert.deepEqual(held.batches, [['a', 'b', 'c']]);
  });

  it('sends the lookups asked while a request is out as the next request, one request at a time', async () => {
    const held = heldSend();
    const batcher = new RequestBatcher(10, held.send);
    const first = batcher.ask('a');
    await held.sent(1);
    const later = [batcher.ask('b'), batcher.ask('c')];
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(held.batches.length, 1, 'nothing else goes out while the first request is out');
    held.pending[0]!.answer();
    assert.equal(await first, 'A');
    await held.sent(2);
    held.pending[1]!.answer();
    assert.deepEqual(await Promise.all(later), ['B', 'C']);
    assert.deepEqual(held.batches, [['a'], ['b', 'c']]);
  });

  it('splits a large batch into requests of at most the maximum', async () => {
    const held = heldSend();
    const batcher = new RequestBatcher(2, held.send);
    const answers = Promise.all(['a', 'b', 'c'].map((l) => batcher.ask(l)));
    await held.sent(1);
    held.pending[0]!.answer();
    await held.sent(2);
    held.pending[1]!.answer();
    assert.deepEqual(await answers, ['A', 'B', 'C']);
    assert.deepEqual(held.batches, [['a', 'b'], ['c']]);
  });

  it('fails only the lookups of the request that failed', async () => {
    const held = heldSend();
    const batcher = new RequestBatcher(1, held.send);
    const failed = batcher.ask('a');
    const answered = batcher.ask('b');
    await held.sent(1);
    held.pending[0]!.fail(new Error('arXiv is down'));
    await assert.rejects(failed, /arXiv is down/);
    await held.sent(2);
    held.pending[1]!.answer();
    assert.equal(await answered, 'B');
  });

  it('keeps lookups waiting while held, then sends them together once released', async () => {
    const held = heldSend();
    const batcher = new RequestBatcher(10, held.send);
    const release = batcher.hold();
    const answers = [batcher.ask('a')];
    await new Promise((resolve) => setImmediate(resolve));
    answers.push(batcher.ask('b'));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(held.batches, [], 'nothing goes out while the batch is held');
    release();
    release(); // a second call does nothing
    await held.sent(1);
    held.pending[0]!.answer();
    assert.deepEqual(await Promise.all(answers), ['A', 'B']);
    assert.deepEqual(held.batches, [['a', 'b']]);
  });
});
