// An unchanged claim asked again is answered with the result its last run kept, in a new pipeline
// (a new process: only the disk cache is shared), asking nothing and ranking nothing. Another
// claim, a changed setting, another build or model, or an answer under the result that has left
// the cache, never gets it.
import { strict as assert } from 'node:assert';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import cacache from 'cacache';
import type { StandIn } from '../../../standin';
import { closePreprintCache, openPreprintCache } from '../../../helpers/preprintCache';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { createHttpClient } from '../../../../src/core/net/http';
import { parseClaim } from '../../../../src/core/claim';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import { RESULT_KEY_PREFIX, resultKey } from '../../../../src/core/pipeline/resultKey';
import { ENRICHMENT_WAIT_MS } from '../../../../src/core/candidates/enrichment';
import type { FindResult, PipelineEvent } from '../../../../src/core/types';

const CLAIM = 'Machine learning models can predict in-hospital mortality from electronic health records.';
// A bioRxiv claim, one of whose papers is read from its PDF (the others from their JATS).
const PDF_CLAIM = 'Genetic variants affecting protein abundance in single yeast cells can be mapped in large populations.';
const OTHER_CLAIM = 'Machine learning models predict in-hospital mortality of patients from their electronic health records.';

/** The result without its timings, which are the only thing a repeat may change. */
const shown = (result: FindResult): unknown =>
  JSON.parse(JSON.stringify({ ...result, timings: undefined }, (key, value: unknown) => (key.endsWith('Ms') ? undefined : value)));
/** Whether the run was served a kept result: its stages are the claim and the result, no search. */
const served = (result: FindResult) => result.timings.stages.result !== undefined && result.timings.stages.search === undefined;

describe('a kept result', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  let cacheDir: string;
  let settings: Settings;
  beforeEach(async () => ({ standIn, cacheDir, settings } = await openPreprintCache('citefinder-results-')));
  afterEach(() => closePreprintCache({ standIn, cacheDir, settings }));

  /** A new pipeline on the shared cache, as a new process is; `now` is the cache's clock. */
  const find = (selection: string, options: { settings?: Settings; now?: () => number } = {}, events: PipelineEvent[] = []) => {
    const s = options.settings ?? settings;
    const http = createHttpClient(s, { now: options.now, sweepAfterMs: false });
    return createPipeline({ settings: s, http, llm: null, now: options.now }).find({ selection }, (e) => events.push(e));
  };

  it('answers a repeat of the claim, asking nothing, with the same result told by the same events', async () => {
    const first = await find(CLAIM);
    assert.ok(first.candidates.length > 0 && first.candidates.some((c) => c.fulltext === 'jats'));
    assert.ok(!served(first));
    standIn.requests.length = 0;
    const events: PipelineEvent[] = [];
    const again = await find(CLAIM, {}, events);
    assert.ok(served(again), `stages: ${JSON.stringify(again.timings.stages)}`);
    assert.deepEqual(standIn.requests.map((r) => r.path), []);
    assert.deepEqual(shown(again), shown(first));
    const types = events.map((e) => e.type).filter((t) => t !== 'stage' && t !== 'warning');
    assert.deepEqual(types, ['claim', 'routing', 'lanes', 'queries', 'candidates', 'done']);
    const warnings = events.flatMap((e) => (e.type === 'warning' ? [e.message] : []));
    assert.deepEqual(warnings, first.warnings);
    assert.ok(again.timings.firstCandidatesMs !== undefined);
  });

  it('is not given to another claim, nor after a setting changed', async () => {
    await find(CLAIM);
    const other = await find(OTHER_CLAIM);
    assert.ok(!served(other));
    assert.equal(other.claim, OTHER_CLAIM);
    const changed = resolveSettings({ ...settings, maxResults: settings.maxResults - 1 });
    const fewer = await find(CLAIM, { settings: changed });
    assert.ok(!served(fewer), 'maxResults changed: the pipeline ran');
    assert.ok(fewer.candidates.length <= changed.maxResults);
    // Each of them kept its own: the first claim with the first settings is still served.
    assert.ok(served(await find(CLAIM)));
  });

  it('expires with the first answer under it to leave the cache', async () => {
    let clock = Date.now();
    const now = () => clock;
    await find(CLAIM, { now });
    const kept = Object.values(await cacache.ls(cacheDir)).filter((e) => e.key.startsWith(RESULT_KEY_PREFIX));
    assert.equal(kept.length, 1);
    const { expiresAt } = JSON.parse((await cacache.get(cacheDir, kept[0]!.key)).data.toString('utf8')) as { expiresAt: number };
    // A week's TTL (cache.ttlHours 168), but the run's remembered 404s stay a day.
    assert.ok(expiresAt <= clock + 24 * 3_600_000, `expires ${expiresAt - clock} ms on`);
    // Served until the moment the first answer under it leaves the cache (storedAt + its TTL), as that answer is.
    clock = expiresAt;
    standIn.requests.length = 0;
    assert.ok(served(await find(CLAIM, { now })), 'served while every answer under it is');
    assert.equal(standIn.requests.length, 0);
    clock = expiresAt + 1;
    const after = await find(CLAIM, { now });
    assert.ok(!served(after), 'the pipeline ran again');
    assert.ok(standIn.requests.length > 0, 'and asked again for the answer that had expired');
  });

  for (const [what, fail] of [
    ['a host that answered 503', (standIn: StandIn) => standIn.failNext('biorxiv', [503, 503, 503, 503])],
    ['a host that did not answer in time', (standIn: StandIn) => standIn.setLatency('biorxiv', 20_000)],
  ] as const) {
    it(`keeps nothing from a run that met ${what}, and keeps the next one's`, async () => {
      // Far below the held answer, far above what a loaded machine needs for one that comes.
      const quick = resolveSettings({ ...settings, 'http.retries': 0, 'http.timeoutMs': 4_000 });
      fail(standIn);
      const failed = await find(CLAIM, { settings: quick });
      assert.ok(failed.warnings.some((w) => /bioRxiv|biorxiv|503|4000 ms/i.test(w)), failed.warnings.join(' | '));
      // The host is well again: no 503 is left for the next run, however few the failed run asked.
      standIn.failNext('biorxiv', []);
      standIn.setLatency('biorxiv', 0);
      standIn.requests.length = 0;
      const again = await find(CLAIM, { settings: quick });
      assert.ok(!served(again), 'the pipeline ran again');
      assert.ok(standIn.requests.some((r) => r.service === 'biorxiv'), 'and asked the host again');
      assert.ok(served(await find(CLAIM, { settings: quick })), 'a run without failures is kept');
    });
  }

  it('keeps nothing from a run whose full text went ahead without a slow second source', async () => {
    // Far past the enrichment's wait (ENRICHMENT_WAIT_MS) on a loaded machine too, within the request's timeout.
    standIn.setLatency('biorxiv', ENRICHMENT_WAIT_MS + 5_000);
    const slow = await find(CLAIM);
    assert.ok(!slow.candidates.some((c) => c.fulltext === 'jats'), 'no JATS: the bioRxiv API that names it came too late');
    standIn.setLatency('biorxiv', 0);
    // What was read depended on the service's speed: the repeat works it out again from the cache.
    const again = await find(CLAIM);
    assert.ok(!served(again), 'the pipeline ran again');
    assert.ok(served(await find(CLAIM)), 'and its run, all in time, is kept');
  });

  it('keeps the result of a run whose GROBID is not running: the papers\' readings stand for it', async () => {
    // Nothing listens on the port of a server just closed: the liveness probe is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const noGrobid = resolveSettings({ ...settings, 'grobid.enabled': true, 'grobid.url': `http://127.0.0.1:${port}` });
    const first = await find(PDF_CLAIM, { settings: noGrobid });
    assert.ok(first.candidates.some((c) => c.fulltext === 'pdfjs'), 'a PDF was read in-process');
    assert.ok(first.warnings.some((w) => w.includes('is not running')), first.warnings.join(' | '));
    standIn.requests.length = 0;
    assert.ok(served(await find(PDF_CLAIM, { settings: noGrobid })));
    assert.equal(standIn.requests.length, 0);
  });

  it('is another key for another claim, edited queries, a setting or another build', () => {
    const input = { claim: parseClaim(CLAIM), settings };
    const key = resultKey(input, 'build-1');
    assert.equal(resultKey({ claim: parseClaim(CLAIM), settings: resolveSettings({ ...settings }) }, 'build-1'), key);
    assert.notEqual(resultKey({ ...input, claim: parseClaim(OTHER_CLAIM) }, 'build-1'), key);
    assert.notEqual(resultKey({ ...input, claim: parseClaim(CLAIM, '\\title{Another paper}\n' + CLAIM, 25) }, 'build-1'), key);
    assert.notEqual(resultKey({ ...input, queries: ['mortality prediction'] }, 'build-1'), key);
    assert.notEqual(resultKey({ ...input, settings: resolveSettings({ ...settings, 'search.years': '2010-' }) }, 'build-1'), key);
    assert.notEqual(resultKey(input, 'build-2'), key);
    // An API key counts by whether it is set, not by its value.
    const keyed = (apiKey: string) => resultKey({ ...input, settings: resolveSettings({ ...settings, 'sources.openalex.apiKey': apiKey }) }, 'build-1');
    assert.notEqual(keyed('k-1'), key);
    assert.equal(keyed('k-1'), keyed('k-2'));
  });
});
