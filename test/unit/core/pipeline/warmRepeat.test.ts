// A claim asked again with the cache warm, as a new process would (a new pipeline, only the disk
// cache shared): nothing is asked, no cached PDF nor arXiv answer with entries is read (their
// bodies are removed before the repeat, so reading one would miss and go to the network: their
// readings stand in for them), no parse worker is started, and the cards, scores and paragraphs
// are those of the first run. With and without GROBID.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cacache from 'cacache';
import { startStandIn, type StandIn } from '../../../standin';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { parseWorkersStarted, stopIdleParseWorkers } from '../../../../src/core/fulltext/parsePool';
import { resetGrobidState } from '../../../../src/core/fulltext';
import { isStoredMetadata } from '../../../../src/core/net/cache';
import { resolveSettings } from '../../../../src/core/settings/index';
import type { FindResult } from '../../../../src/core/types';

const CLAIMS = {
  // medRxiv preprints, every PDF served.
  medrxiv: 'Machine learning models can predict in-hospital mortality from electronic health records.',
  // arXiv papers, some of whose PDFs the stand-in answers 404: remembered, they bring nothing to read either.
  arxiv: 'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.',
};

/** The result without its timings, which are the only thing a repeat may change. */
function shown(result: FindResult): unknown {
  return JSON.parse(JSON.stringify(result.candidates, (key, value: unknown) => (key.endsWith('Ms') ? undefined : value)));
}

describe('a warm repeat', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  let cacheDir: string;
  beforeEach(async () => {
    standIn = await startStandIn({ anyPreprintPdf: true });
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-warm-repeat-'));
    await stopIdleParseWorkers();
    resetGrobidState();
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  /**
   * Removes the bodies of the cached PDFs and of the arXiv answers with entries (not of the
   * remembered 404s nor of empty answers, which have no reading), keeping their index lines.
   */
  async function dropBodies(): Promise<{ pdfs: number; arxiv: number }> {
    const read = (service: string, meta: unknown) =>
      isStoredMetadata(meta) && meta.service === service && meta.status === 200 && meta.kind === 'ok';
    const entries = Object.values(await cacache.ls(cacheDir));
    const pdfs = entries.filter((e) => read('pdf', e.metadata));
    const arxiv = entries.filter((e) => read('arxiv', e.metadata));
    for (const entry of [...pdfs, ...arxiv]) rmSync(entry.path, { force: true });
    return { pdfs: pdfs.length, arxiv: arxiv.length };
  }

  for (const [name, selection] of Object.entries(CLAIMS)) for (const grobid of [false, true]) {
    it(`asks nothing, reads no PDF, starts no parse worker and shows the same cards (${name}, ${grobid ? 'GROBID' : 'no GROBID'})`, async () => {
      const claim = { selection };
      const settings = resolveSettings({ ...standIn.settings, 'cache.dir': cacheDir, 'sources.arxiv.intervalMs': 0,
        'grobid.enabled': grobid, 'fulltext.enabled': true });
      const coldWorkers = parseWorkersStarted();
      const first = await createPipeline({ settings, llm: null }).find(claim);
      assert.ok(parseWorkersStarted() > coldWorkers, 'the first run, its PDFs on the network, started workers');
      const read = first.candidates.filter((c) => c.fulltext === (grobid ? 'grobid' : 'pdfjs'));
      assert.ok(read.length > 0, 'the first run read full texts');
      const dropped = await dropBodies();
      assert.ok(dropped.pdfs >= read.length);
      if (name === 'arxiv') assert.ok(dropped.arxiv > 0, 'the arXiv search answered with entries');
      // A new process: no worker alive, nothing known of GROBID.
      await stopIdleParseWorkers();
      resetGrobidState();
      standIn.requests.length = 0;
      const workers = parseWorkersStarted();
      const again = await createPipeline({ settings, llm: null, reuseResults: false }).find(claim);
      assert.deepEqual(standIn.requests.map((r) => r.path), []);
      assert.equal(parseWorkersStarted(), workers, 'no parse worker was started');
      assert.deepEqual(shown(again), shown(first));
    });
  }
});
