// A request cancelled while it waits for its pacing slot never leaves: the CLI's Ctrl-C during an
// audit on a busy machine let one go (its slot's file read outlasted the cancel), and the process
// then waited for that answer (60 s on the stand-in) before it could exit.
import assert from 'node:assert/strict';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import type { SlotStore } from '../../../../src/core/net/slots';
import { resolveSettings } from '../../../../src/core/settings';

/** A timetable whose reservation answers when the test says, as a slow slot file would. */
function heldSlots(): { store: SlotStore; reserved: Promise<void>; grant: () => void } {
  let grant = () => {};
  let reserving = () => {};
  const reserved = new Promise<void>((resolve) => (reserving = resolve));
  const store: SlotStore = {
    reserve: (_key, _interval, now) =>
      new Promise<number>((resolve) => {
        reserving();
        grant = () => resolve(now);
      }),
  };
  return { store, reserved, grant: () => grant() };
}

describe('a request cancelled while it waits for its slot', () => {
  it('is not sent, and rejects with an AbortError', async () => {
    const slots = heldSlots();
    const sent: string[] = [];
    const fetchImpl: typeof fetch = async (input) => {
      sent.push(String(input));
      return new Response('<feed/>', { status: 200 });
    };
    const settings = resolveSettings({ 'sources.arxiv.intervalMs': 3000, 'http.retries': 0 });
    const http = createHttpClient(settings, { pacing: new PacingRegistry(slots.store), fetchImpl, cacheDir: '', sweepAfterMs: false });
    const controller = new AbortController();
    const answer = http.request({ service: 'arxiv', url: `${settings['sources.arxiv.url']}?search_query=all:supernovae`, signal: controller.signal });
    await slots.reserved;
    controller.abort();
    slots.grant();
    await assert.rejects(answer, { name: 'AbortError' });
    assert.deepEqual(sent, [], 'nothing was sent after the cancel');
  });
});
