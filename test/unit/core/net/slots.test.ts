// Start slots (net/slots.ts): a request marked sent and then leaving late moves the timetable to
// its departure, so the next request, in this process or another, is spaced from when the host
// saw the first. Clocks are given, not read: nothing here waits for time.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSlots, MemorySlots, type SlotStore } from '../../../../src/core/net/slots';

const KEY = 'arxiv-export.arxiv.org';
const INTERVAL = 3000;

function behavesLikeATimetable(name: string, make: () => { slots: SlotStore; other?: SlotStore; done?: () => void }): void {
  describe(name, () => {
    it('spaces the next request from a late departure, not from the mark', async () => {
      const { slots, other = slots, done } = make();
      try {
        assert.equal(await slots.markSent!(KEY, INTERVAL, 1000), 0);
        await slots.markDeparted!(KEY, INTERVAL, 1175); // left 175 ms after its mark
        assert.equal(await other.markSent!(KEY, INTERVAL, 4150), 25);
        assert.equal(await other.reserve(KEY, INTERVAL, 1200), 4175);
      } finally {
        done?.();
      }
    });

    it('never moves the timetable back for a departure reported out of order', async () => {
      const { slots, other = slots, done } = make();
      try {
        assert.equal(await slots.markSent!(KEY, INTERVAL, 1000), 0);
        await slots.markDeparted!(KEY, INTERVAL, 900);
        assert.equal(await other.markSent!(KEY, INTERVAL, 3990), 10);
      } finally {
        done?.();
      }
    });
  });
}

behavesLikeATimetable('slots in memory', () => ({ slots: new MemorySlots() }));
behavesLikeATimetable('slots in files, read by another process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'citefinder-slots-'));
  // A second store on the same folder stands for another process.
  return { slots: new FileSlots(dir), other: new FileSlots(dir), done: () => rmSync(dir, { recursive: true, force: true }) };
});
