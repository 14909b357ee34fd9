// Inserts into one .bib run one after another (read, decide, edit), so two clicks at once can
// neither both append nor both take the same free key; inserts into other files are not held up.
import assert from 'node:assert/strict';
import { withBibLock } from '../../../src/vscode/bibLock';

/** A work that records when it starts and ends, and finishes when the test says so. */
function step(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const work = async () => {
    log.push(`${name} start`);
    await done;
    log.push(`${name} end`);
    return name;
  };
  return { work, finish };
}

const ticks = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe('per-file .bib lock', () => {
  it('runs a second insert into the same .bib only after the first has finished', async () => {
    const log: string[] = [];
    const a = step(log, 'a');
    const b = step(log, 'b');
    const first = withBibLock('/p/refs.bib', a.work);
    const second = withBibLock('/p/./refs.bib', b.work);
    await ticks();
    assert.deepEqual(log, ['a start'], 'the second waits, the same file written two ways');
    a.finish();
    b.finish();
    assert.deepEqual(await Promise.all([first, second]), ['a', 'b']);
    assert.deepEqual(log, ['a start', 'a end', 'b start', 'b end']);
  });

  it('does not hold up an insert into another .bib', async () => {
    const log: string[] = [];
    const a = step(log, 'a');
    const b = step(log, 'b');
    const first = withBibLock('/p/refs.bib', a.work);
    const other = withBibLock('/p/other.bib', b.work);
    await ticks();
    assert.deepEqual(log.sort(), ['a start', 'b start']);
    a.finish();
    b.finish();
    await Promise.all([first, other]);
  });

  it('lets the next insert run after one that failed, and reports the failure to its caller', async () => {
    const failed = withBibLock('/p/refs.bib', () => Promise.reject(new Error('editor refused')));
    const next = withBibLock('/p/refs.bib', async () => 'ran');
    await assert.rejects(failed, /editor refused/);
    assert.equal(await next, 'ran');
  });
});
