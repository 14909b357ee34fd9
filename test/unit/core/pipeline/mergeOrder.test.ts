// A preprint and its journal version found by different lanes become one card, led by the preprint's
// id. When the journal's answer comes first the card is shown under the journal's id, then the
// preprint's: what was attached to it (BibTeX, trust, the count) stays with it, in the result and in
// the results panel, which folds the same events (test/unit/core/candidates/mergeKeepsPatches.test.ts
// has the patches that arrive before and across the rename).
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { startStandIn, type StandIn } from '../../../standin';
import type { StandInRequest } from '../../../standin/server';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { resolveSettings } from '../../../../src/core/settings/index';
import type { FindResult, PipelineEvent } from '../../../../src/core/types';
import { applyHostMessage, emptyResults } from '../../../../src/webview/resultsModel';

const PRIME_EDITING = 'Pooled prime editing enables high-throughput screening of human genetic variants.';
const JOURNAL_DOI = '10.1016/j.xgen.2025.100814';

describe('a preprint that answers after its journal version', function () {
  this.timeout(30_000);
  let standIn: StandIn;
  let cacheDir: string;

  beforeEach(async () => {
    standIn = await startStandIn();
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-merge-order-'));
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  /** Europe PMC's preprint search is answered only once its published search has been (an event, not a time). */
  function preprintsAfterPublished(): void {
    const europePmc = standIn.handlerOf('europepmc')!;
    let publishedSent!: () => void;
    const published = new Promise<void>((resolve) => (publishedSent = resolve));
    standIn.handle('europepmc', async (req: StandInRequest, res: ServerResponse) => {
      const query = req.url.searchParams.get('query') ?? '';
      if (query.includes('SRC:PPR')) await published;
      else if (query.includes('(SRC:MED OR SRC:PMC)')) res.once('finish', () => publishedSent());
      return europePmc(req, res);
    });
  }

  async function findWithEvents(): Promise<{ events: PipelineEvent[]; result: FindResult }> {
    const settings = resolveSettings({ ...standIn.settings, 'cache.dir': cacheDir, 'sources.arxiv.intervalMs': 0, 'grobid.enabled': false });
    const events: PipelineEvent[] = [];
    const result = await createPipeline({ settings, llm: null }).find({ selection: PRIME_EDITING }, (e) => events.push(e));
    return { events, result };
  }

  it('keeps all the card was given when its preprint answers after its journal version', async () => {
    preprintsAfterPublished();
    const { events, result } = await findWithEvents();
    const card = result.candidates.find((c) => c.publishedDoi === JOURNAL_DOI || c.doi === JOURNAL_DOI);
    assert.ok(card, result.candidates.map((c) => c.title).join(' | '));
    assert.deepEqual([...card.sources].sort(), ['biorxiv', 'pubmed']);
    const shown = events.flatMap((e) => (e.type === 'candidates' ? e.candidates : [])).filter((c) => /pooled prime editing/i.test(c.title));
    const ids = [...new Set(shown.map((c) => c.id))];
    assert.deepEqual(ids, ['doi:10.1016/j.xgen.2025.100814', card.id], 'shown under the journal\'s id first, then the preprint\'s');
    assert.match(card.bibtex ?? '', /journal=\{Cell Genomics\}/);
    assert.ok(card.trust, 'trust arrived');
    assert.ok(card.citedBy, 'a count');
    // Every patch went to an id the final result holds.
    const finalIds = new Set(result.candidates.map((c) => c.id));
    const lost = events.filter((e) => e.type === 'patch' && !finalIds.has(e.id) && shown.some((c) => c.id === e.id));
    assert.deepEqual(lost, []);
    // The results panel, folding the same events as messages, shows the same card.
    let state = applyHostMessage(emptyResults(), { type: 'start', runId: 1, claim: PRIME_EDITING });
    for (const event of events.filter((e) => e.type !== 'done')) state = applyHostMessage(state, { type: 'event', runId: 1, event });
    const panelCard = state.candidates.find((c) => c.id === card.id);
    assert.ok(panelCard, 'the panel holds the card under its id');
    assert.equal(panelCard.bibtex, card.bibtex);
    assert.deepEqual(panelCard.citedBy, card.citedBy);
    assert.deepEqual(panelCard.trust, card.trust);
  });
});
