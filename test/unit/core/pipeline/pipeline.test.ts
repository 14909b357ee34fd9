// The whole pipeline in-process against the stand-in services: the order of progress events,
// the LLM path (the model alone sees the manuscript), an unreachable LLM, biology routing,
// and cancellation that really stops the requests.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../../../standin';
import { installOpenAi, textSentToModel } from '../../../standin/openai';
import { fixturePath } from '../../../standin/server';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import type { PipelineEvent } from '../../../../src/core/types';
import { modelReply } from '../../../helpers/modelReply';

const SUPERNOVA =
  'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.';
const MANUSCRIPT = readFileSync(fixturePath('latex', 'cosmology.tex'), 'utf8');

/** What a model would answer to each of citefinder's three prompts, as real JSON text. */

describe('pipeline', function () {
  let standIn: StandIn;
  let cacheDir: string;
  const settingsFor = (values: Record<string, unknown> = {}): Settings =>
    resolveSettings({
      ...standIn.settings,
      'cache.dir': cacheDir,
      'sources.arxiv.intervalMs': 0,
      'grobid.enabled': false,
      ...values,
    });

  beforeEach(async () => {
    standIn = await startStandIn();
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-pipeline-'));
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('reports routing, queries, candidates, then BibTeX and scores, then done', async () => {
    const events: PipelineEvent[] = [];
    const result = await createPipeline({ settings: settingsFor(), llm: null }).find({ selection: SUPERNOVA }, (e) => events.push(e));
    const kinds = events.filter((e) => e.type !== 'stage' && e.type !== 'warning').map((e) =>
      e.type !== 'patch' ? e.type : e.patch.score !== undefined ? 'support' : 'bibtex');
    assert.equal(kinds[0], 'claim');
    assert.deepEqual(new Set(kinds.slice(1, 3)), new Set(['routing', 'queries']));
    const firstCandidates = kinds.indexOf('candidates');
    assert.ok(firstCandidates > 2 && firstCandidates < kinds.indexOf('bibtex'), kinds.join(' '));
    assert.ok(kinds.indexOf('support') > firstCandidates);
    assert.equal(kinds.at(-1), 'done');

    const top = result.candidates[0];
    assert.equal(top?.arxivId, 'astro-ph/9812133');
    assert.equal(top?.citeKey, 'perlmutter1999measurements');
    assert.equal(top?.support?.by, 'lexical');
    assert.ok(top?.paragraphs?.length && top.paragraphs.every((p) => p.score >= 0 && p.score <= 1 && p.reason));
    assert.ok(result.timings.firstCandidatesMs !== undefined && result.timings.firstCandidatesMs <= result.timings.totalMs);
    assert.ok(result.warnings.some((w) => w.startsWith('No LLM configured')));
  });

  it('lets only the configured LLM see the manuscript, and uses its routing, queries and judgement', async () => {
    installOpenAi(standIn, { reply: modelReply });
    const settings = settingsFor({ 'llm.model': 'stand-in-model' });
    const selection = 'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating~\\cite{riess1998}.';
    const result = await createPipeline({ settings }).find({
      selection,
      document: MANUSCRIPT,
      selectionOffset: MANUSCRIPT.indexOf('Observations of distant'),
    });
    assert.equal(result.routing.by, 'llm');
    assert.equal(result.routing.reason, 'Cosmology: supernova distances.');
    assert.ok(result.queries[0]?.includes('"Type Ia supernovae"'), result.queries.join(' | '));
    assert.equal(result.candidates[0]?.support?.by, 'llm');
    assert.match(textSentToModel(standIn), /Quillwort/, 'the model got the manuscript context');

    const searched = standIn.requests.filter((r) => r.service === 'arxiv' || r.service === 'europepmc');
    const sent = searched.map((r) => decodeURIComponent(r.url.replace(/\+/g, ' ')).toLowerCase()).join('\n');
    assert.ok(searched.length > 0);
    for (const secret of ['quillwort', 'standard candles', 'riess1998', 'indicate that the expansion']) {
      assert.ok(!sent.includes(secret), `search host received "${secret}"`);
    }
  });

  it('says once that an unreachable LLM was skipped, and falls back to the heuristics', async () => {
    const settings = settingsFor({ 'llm.model': 'absent', 'llm.baseUrl': 'http://127.0.0.1:9/v1', 'llm.timeoutMs': 2000 });
    const result = await createPipeline({ settings }).find({ selection: SUPERNOVA });
    assert.equal(result.routing.by, 'heuristic');
    assert.ok(result.candidates.length > 0);
    const llmWarnings = result.warnings.filter((w) => /LLM|model/i.test(w));
    assert.equal(llmWarnings.length, 1, llmWarnings.join(' | '));
  });

  it('routes a clinical claim to medRxiv and finds preprints there', async () => {
    const result = await createPipeline({ settings: settingsFor(), llm: null }).find({
      selection: 'Machine learning models can predict in-hospital mortality from electronic health records.',
    });
    assert.equal(result.routing.primary, 'medrxiv');
    assert.ok(result.candidates.some((c) => c.source === 'medrxiv' && c.doi?.startsWith('10.1101/')));
    assert.ok(standIn.requests.some((r) => r.service === 'europepmc' && /PUBLISHER:"medRxiv"/.test(decodeURIComponent(r.url))));
  });

  it('shows preprints after one Europe PMC round trip, before the bioRxiv API has answered, and enriches them after', async () => {
    // The bioRxiv API answers only once candidates were shown: a pipeline that waited for it
    // would never finish (the test times out), whatever the machine's load.
    const details = standIn.handlerOf('biorxiv')!;
    let shown = () => {};
    const candidatesShown = new Promise<void>((resolve) => (shown = resolve));
    standIn.handle('biorxiv', async (req, res) => (await candidatesShown, details(req, res)));
    let answeredBeforeCandidates: number | undefined;
    const result = await createPipeline({ settings: settingsFor(), llm: null }).find(
      { selection: 'Machine learning models can predict in-hospital mortality from electronic health records.' },
      (e) => {
        if (e.type !== 'candidates' || answeredBeforeCandidates !== undefined) return;
        answeredBeforeCandidates = standIn.requests.filter((r) => r.service === 'biorxiv' && r.endAt !== undefined).length;
        shown();
      },
    );
    assert.ok(standIn.requests.some((r) => r.service === 'biorxiv'), 'the bioRxiv API was asked');
    assert.equal(answeredBeforeCandidates, 0, 'candidates waited for the bioRxiv API');
    // The wave's requests go out together, so the stand-in may see them in any order on a busy machine.
    const queries = standIn.requests.filter((r) => r.service === 'europepmc')
      .map((r) => new URL(r.url, standIn.url).searchParams.get('query') ?? '');
    assert.ok(queries.some((q) => /^\([^()]+ OR [^()]+\) AND SRC:PPR/.test(q)), `no ranked OR of the key terms in ${queries.join(' | ')}`);
    assert.ok(result.candidates.some((c) => c.version !== undefined), 'enriched from the bioRxiv API in the end');
  });

  it('asks Crossref about each DOI once, the records as lists, and about a preprint only after the bioRxiv API answered', async () => {
    const result = await createPipeline({ settings: settingsFor(), llm: null }).find({
      selection: 'Machine learning models can predict in-hospital mortality from electronic health records.',
    });
    const crossref = standIn.requests.filter((r) => r.service === 'crossref');
    assert.equal(new Set(crossref.map((r) => r.url)).size, crossref.length, crossref.map((r) => r.url).join('\n'));
    const recordRequests = crossref.filter((r) => !r.path.endsWith('/transform/application/x-bibtex'));
    assert.ok(recordRequests.some((r) => r.url.includes('filter=doi')), recordRequests.map((r) => r.url).join('\n'));
    assert.ok(recordRequests.length < result.candidates.length, 'the records went out as lists, not one by one');
    // The lists say which DOIs Crossref holds: no turn of its single slot is spent on a transform's 404.
    const transforms = crossref.filter((r) => r.path.endsWith('/transform/application/x-bibtex'));
    assert.deepEqual(transforms.filter((r) => r.status === 404).map((r) => r.url), []);
    const published = result.candidates.filter((c) => c.publishedDoi && c.doi?.startsWith('10.1101/'));
    assert.ok(published.length > 0, 'the bioRxiv API named journal versions');
    for (const c of published) {
      const details = standIn.requests.find((r) => r.service === 'biorxiv' && r.path.includes(c.doi!))!;
      // Alone (`/works/{doi}`) or in a list (`filter=doi:…`): whatever names the preprint's DOI.
      const asked = crossref.filter((r) => decodeURIComponent(r.url).toLowerCase().includes(c.doi!.toLowerCase()));
      assert.ok(asked.every((r) => r.seq > details.endSeq!), c.doi);
    }
  });

  it('asks nothing when a preprint search is repeated, though its PDFs went out before the bioRxiv API named their versions', async () => {
    await standIn.close();
    standIn = await startStandIn({ anyPreprintPdf: true });
    // The bioRxiv API answers once the PDFs have gone out: the full text stops waiting for it
    // after ENRICHMENT_WAIT_MS, and the PDFs leave before the versions are known.
    const details = standIn.handlerOf('biorxiv')!;
    const content = standIn.handlerOf('medrxivContent')!;
    let pdfAsked = () => {};
    const pdfsOut = new Promise<void>((resolve) => (pdfAsked = resolve));
    standIn.handle('medrxivContent', (req, res) => (pdfAsked(), content(req, res)));
    standIn.handle('biorxiv', async (req, res) => (await pdfsOut, details(req, res)));
    const claim = { selection: 'Machine learning models can predict in-hospital mortality from electronic health records.' };
    const settings = settingsFor({ 'fulltext.enabled': true });
    const first = await createPipeline({ settings, llm: null }).find(claim);
    const pdfs = standIn.requests.filter((r) => r.service === 'medrxivContent');
    assert.ok(pdfs.length > 0 && pdfs.every((r) => /\/10\.1101\/\d+\.full\.pdf$/.test(r.path)), pdfs.map((r) => r.path).join(' '));
    assert.ok(first.candidates.some((c) => c.fulltext === 'pdfjs' && c.version !== undefined), 'the versions came after the PDFs');
    standIn.requests.length = 0;
    const again = await createPipeline({ settings, llm: null }).find(claim);
    assert.deepEqual(standIn.requests.map((r) => r.path), []);
    const shown = (r: typeof first) => r.candidates.map((c) => [c.id, c.fulltext, c.version]);
    assert.deepEqual(shown(again), shown(first));
  });

  it('leaves no rejected promise behind when cancelled after candidates arrived', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const controller = new AbortController();
      const pending = createPipeline({ settings: settingsFor(), llm: null }).find({ selection: SUPERNOVA }, (event) => {
        if (event.type === 'candidates') controller.abort();
      }, controller.signal);
      await assert.rejects(pending, { name: 'AbortError' });
      // Unhandled rejections are reported once the microtask queue drains, before the next macrotask.
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('stops a slow search when cancelled: the requests in flight are dropped and nothing more is asked', async () => {
    // The claim is a close call between arXiv and bioRxiv (routing/closeCall.ts): both are searched at once.
    standIn.setLatency('arxiv', 5000);
    standIn.setLatency('europepmc', 5000);
    const controller = new AbortController();
    const pending = createPipeline({ settings: settingsFor(), llm: null }).find({ selection: SUPERNOVA }, () => {}, controller.signal);
    const asked = (service: string) => standIn.requests.filter((r) => r.service === service);
    // Cancel once the search requests have reached arXiv and Europe PMC (each then in flight for 5 s), however busy the machine.
    standIn.setLatency('semanticscholar', 5000);
    // Beside them the published lanes: PubMed's ranked request (Europe PMC too; the close call adds
    // that lane, so without the claim's words) and Semantic Scholar's.
    await until(() => asked('arxiv').length === 1 && asked('europepmc').length === 4 && asked('semanticscholar').length === 1,
      'the arXiv request, the four Europe PMC ones and the Semantic Scholar one');
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
    const inFlight = [...standIn.requests];
    // The closed connections reach the server asynchronously; wait for them.
    await until(() => inFlight.every((r) => r.aborted === true), 'the closed connections');
    assert.equal(inFlight.length, 6);
    assert.equal(standIn.requests.length, 6, 'nothing else was asked');
  });

});

/**
 * Polls until `condition` holds: waits for the event, not for a fixed time. The limit (below
 * mocha's 20 s) only keeps a test that fails from polling on after it.
 */
async function until(condition: () => boolean, what: string, limitMs = 15_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
