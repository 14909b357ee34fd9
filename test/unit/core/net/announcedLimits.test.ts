// Crossref's etiquette: the rate and concurrency its answers announce are followed from then on,
// and the polite pool's mailto goes in the User-Agent, to Crossref only.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseLimitInterval, readAnnouncedLimit, AnnouncedLimits } from '../../../../src/core/net/announcedLimits';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings';
import { fetchCrossrefWork } from '../../../../src/core/sources/crossref';
import { readCrossrefWork } from '../../../../src/core/sources/crossrefWork';
import { installCrossref } from '../../../standin/crossref';
import { installDoi } from '../../../standin/doi';
import { fixturePath, send, startStandInServer, type StandIn } from '../../../standin/server';

describe('announced rate limits', () => {
  it('reads Crossref\'s headers as recorded (5 per 1s, one at a time)', () => {
    assert.deepEqual(readAnnouncedLimit({ 'x-rate-limit-limit': '5', 'x-rate-limit-interval': '1s', 'x-concurrency-limit': '1' }), { limit: 5, intervalMs: 1000, concurrency: 1 });
    assert.equal(readAnnouncedLimit({ 'content-type': 'application/json' }), undefined);
    assert.equal(parseLimitInterval('60s'), 60_000);
    assert.equal(parseLimitInterval('500ms'), 500);
    assert.equal(parseLimitInterval('soon'), undefined);
  });

  it('tightens a policy, never loosens one', () => {
    const limits = new AnnouncedLimits();
    limits.observe('crossref', { 'x-rate-limit-limit': '5', 'x-rate-limit-interval': '1s', 'x-concurrency-limit': '1' });
    assert.deepEqual(limits.policyFor('crossref', { concurrency: 5, intervalMs: 0 }), { concurrency: 1, intervalMs: 210 }, '200 ms apart, and a margin');
    assert.deepEqual(limits.policyFor('crossref', { concurrency: 1, intervalMs: 3000 }), { concurrency: 1, intervalMs: 3000 });
    assert.deepEqual(limits.policyFor('arxiv', { concurrency: 1, intervalMs: 3100 }), { concurrency: 1, intervalMs: 3100 });
    limits.observe('crossref', { 'x-rate-limit-limit': '50', 'x-rate-limit-interval': '1s', 'x-concurrency-limit': '3' });
    assert.deepEqual(limits.policyFor('crossref', { concurrency: 5, intervalMs: 0 }), { concurrency: 3, intervalMs: 30 }, 'the latest answer wins');
  });
});

describe('before Crossref has announced anything', () => {
  it("keeps within the public pool's recorded limits, then follows what Crossref announces, up to the base", () => {
    const limits = new AnnouncedLimits();
    assert.deepEqual(limits.policyFor('crossref', { concurrency: 5, intervalMs: 0 }), { concurrency: 1, intervalMs: 210 });
    assert.deepEqual(limits.policyFor('europepmc', { concurrency: 5, intervalMs: 0 }), { concurrency: 5, intervalMs: 0 }, 'no assumption for others');
    limits.observe('crossref', { 'x-rate-limit-limit': '10', 'x-rate-limit-interval': '1s', 'x-concurrency-limit': '3' });
    assert.deepEqual(limits.policyFor('crossref', { concurrency: 5, intervalMs: 0 }), { concurrency: 3, intervalMs: 110 }, 'the polite pool');
  });
});

describe('Crossref etiquette (stand-in)', () => {
  let standIn: StandIn;
  let settings: Settings;
  const plos = readFileSync(fixturePath('crossref', 'works_10.1371_journal.pone.0033693_plosone.json'));

  before(async () => {
    standIn = await startStandInServer([installCrossref, installDoi]);
    settings = resolveSettings({ ...standIn.settings, 'cache.enabled': false, 'http.retries': 0 });
  });
  after(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    installCrossref(standIn);
  });

  it('spaces and serialises requests once Crossref announces 2 per second, one at a time', async () => {
    standIn.handle('crossref', (_req, res) =>
      send(res, 200, plos, 'application/json', { 'x-rate-limit-limit': '2', 'x-rate-limit-interval': '1s', 'x-concurrency-limit': '1' }),
    );
    const pacing = new PacingRegistry();
    const http = createHttpClient(settings, { pacing, sweepAfterMs: false });
    await fetchCrossrefWork('10.1371/journal.pone.0033693', { http, settings });
    assert.deepEqual(pacing.announced.latest('crossref'), { limit: 2, intervalMs: 1000, concurrency: 1 });
    await Promise.all([1, 2, 3].map(() => fetchCrossrefWork('10.1371/journal.pone.0033693', { http, settings })));
    const later = standIn.requests.slice(1);
    for (let i = 1; i < later.length; i++) {
      // Slots start 510 ms apart; a timer that fires late on a busy machine eats into the gap
      // after it, so allow for that. Unpaced, the three would arrive within a few ms.
      assert.ok(later[i]!.at - later[i - 1]!.at >= 400, `gap ${later[i]!.at - later[i - 1]!.at} ms`);
      assert.ok(later[i]!.seq > later[i - 1]!.endSeq!, 'one request at a time');
    }
  });

  it('puts the mailto in the User-Agent for Crossref only, and only a plain address', async () => {
    const polite = resolveSettings({ ...settings, 'sources.crossref.mailto': 'me@example.org' });
    const http = createHttpClient(polite, { pacing: new PacingRegistry(), sweepAfterMs: false });
    await fetchCrossrefWork('10.1371/journal.pone.0033693', { http, settings: polite });
    assert.match(String(standIn.requests[0]!.headers['user-agent']), /^citefinder\/\S+ \(\+https:\/\/\S+; mailto:me@example\.org\)$/);
    await http.request({ service: 'doi', url: `${standIn.settings['sources.doi.url']}/10.1086/307221`, accept: 'application/x-bibtex' }).catch(() => undefined);
    assert.ok(!String(standIn.requests.find((r) => r.service === 'doi')!.headers['user-agent']).includes('mailto'), 'doi.org is not told');
    const injected = resolveSettings({ ...settings, 'sources.crossref.mailto': 'me@example.org\r\nX-Evil: 1' });
    await fetchCrossrefWork('10.1371/journal.pone.0033693', { http: createHttpClient(injected, { pacing: new PacingRegistry(), sweepAfterMs: false }), settings: injected });
    assert.ok(!String(standIn.requests.at(-1)!.headers['user-agent']).includes('mailto'));
  });

  it('reads short-container-title', () => {
    const work = readCrossrefWork((JSON.parse(plos.toString('utf8')) as { message: unknown }).message);
    assert.equal(work?.shortContainerTitle, 'PLoS ONE');
    assert.equal(work?.containerTitle, 'PLoS ONE');
    const ieee = JSON.parse(readFileSync(fixturePath('crossref', 'works_10.1109_icdcsw.2003.1203662_ieee-proceedings.json'), 'utf8')) as { message: unknown };
    assert.equal(readCrossrefWork(ieee.message)?.shortContainerTitle, undefined, 'an empty list is no title');
  });
});
