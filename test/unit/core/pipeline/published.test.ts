// The published literature beside the preprint servers, through the whole pipeline against the
// stand-in's recorded payloads: a PubMed article read in full from PMC's JATS, a preprint and its
// journal version as one card citing the journal's Crossref BibTeX, a CS proceedings paper from
// DBLP and Semantic Scholar, the lanes said (searched, skipped and why), Semantic Scholar's 429
// and OpenAlex's keyless limit handled, and the user's choice of published or preprints only.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cacache from 'cacache';
import { startStandIn, type StandIn } from '../../../standin';
import { forceSemanticScholar429 } from '../../../standin/semanticscholar';
import { send } from '../../../standin/server';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import type { FindResult } from '../../../../src/core/types';

const TSDB = 'The garlic-derived trisulfide compound TSDB damages the cell membrane of Staphylococcus aureus.';
const PRIME_EDITING = 'Pooled prime editing enables high-throughput screening of human genetic variants.';
const ASSOCIATION_RULES = 'Mining association rules between sets of items in large databases reveals frequent purchase patterns.';
const RESNET = 'Deep residual learning makes very deep networks trainable for image recognition.';

describe('published literature', function () {
  this.timeout(30_000);
  let standIn: StandIn;
  let cacheDir: string;
  const settingsFor = (values: Record<string, unknown> = {}): Settings =>
    resolveSettings({ ...standIn.settings, 'cache.dir': cacheDir, 'sources.arxiv.intervalMs': 0, 'sources.dblp.intervalMs': 0,
      'sources.semanticscholar.intervalMs': 0, 'grobid.enabled': false, ...values });
  const find = (selection: string, values: Record<string, unknown> = {}): Promise<FindResult> =>
    createPipeline({ settings: settingsFor(values), llm: null }).find({ selection });
  const lane = (result: FindResult, name: string) => result.lanes?.find((l) => l.lane === name);
  // Query strings as URLSearchParams writes them: `+` for a space.
  const paths = (service: string) => standIn.requests.filter((r) => r.service === service).map((r) => decodeURIComponent(r.url.replace(/\+/g, ' ')));

  beforeEach(async () => {
    standIn = await startStandIn();
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-published-'));
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('finds a PubMed Central article and scores its paragraphs from PMC\'s open-access JATS', async () => {
    const result = await find(TSDB);
    const paper = result.candidates.find((c) => c.pmcid === 'PMC5967733');
    assert.ok(paper, result.candidates.map((c) => c.title).join(' | '));
    assert.ok(paper.sources.includes('pubmed'));
    assert.equal(paper.doi, '10.1371/journal.pone.0197348');
    assert.equal(paper.openAccess, true);
    assert.equal(paper.fulltext, 'jats');
    assert.ok(paper.paragraphs?.some((p) => /Results/i.test(p.section) && /membrane/i.test(p.text)), JSON.stringify(paper.paragraphs?.map((p) => p.section)));
    assert.ok(paths('europepmc').some((u) => u.includes('(SRC:MED OR SRC:PMC)')), 'the published search was asked');
    assert.ok(paths('europepmc').some((u) => u.endsWith('/webservices/rest/PMC5967733/fullTextXML')), 'the JATS was read from Europe PMC');
    assert.deepEqual(lane(result, 'pubmed'), { lane: 'pubmed', searched: true });
  });

  it('shows a preprint and its journal version as one card that cites the journal\'s Crossref BibTeX', async () => {
    const result = await find(PRIME_EDITING);
    const cards = result.candidates.filter((c) => /pooled prime editing/i.test(c.title));
    assert.equal(cards.length, 1, 'one card for both versions');
    const card = cards[0]!;
    assert.deepEqual([...card.sources].sort(), ['biorxiv', 'pubmed']);
    assert.equal(card.doi, '10.1101/2024.04.01.587366', 'the preprint keeps its own DOI');
    assert.equal(card.publishedDoi, '10.1016/j.xgen.2025.100814');
    assert.equal(card.pmid, '40120586');
    assert.equal(card.versionOfRecord?.doi, '10.1016/j.xgen.2025.100814');
    assert.equal(card.bibtexOf, 'published');
    assert.match(card.bibtex ?? '', /journal=\{Cell Genomics\}/);
    assert.equal(card.openAccess, true, 'the preprint is the open version');
  });

  it('finds a proceedings paper through Semantic Scholar, with its DBLP key, abstract and venue', async () => {
    const result = await find(ASSOCIATION_RULES);
    const paper = result.candidates.find((c) => c.doi === '10.1145/170035.170072');
    assert.ok(paper, result.candidates.map((c) => c.title).join(' | '));
    assert.ok(paper.sources.includes('semanticscholar'));
    assert.equal(paper.dblpKey, 'conf/sigmod/AgrawalIS93');
    assert.match(paper.journal ?? '', /SIGMOD/);
    assert.ok((paper.abstract ?? '').length > 100);
    assert.ok(paths('semanticscholar').every((u) => /\/paper\/search\?query=[^&]+&fields=/.test(u)));
    assert.ok(paths('semanticscholar').every((u) => /fields=[^&]*citationCount/.test(decodeURIComponent(u))), 'the count is asked for');
    assert.deepEqual(paper.citedBy, { count: 16127, by: 'semanticscholar' });
    // One request: the keyphrases, then the claim's rarest words they lack.
    const query = new URL(paths('semanticscholar')[0]!, 'http://x').searchParams.get('query') ?? '';
    assert.ok(/\bpurchase\b/.test(query) && query.split(' ').length > 8, query);
  });

  it('finds a CVPR paper through DBLP when arXiv has no such record, and says which lanes it searched', async () => {
    const result = await find(RESNET);
    assert.equal(result.routing.discipline, 'computer-science');
    const paper = result.candidates.find((c) => c.dblpKey === 'conf/cvpr/HeZRS16');
    assert.ok(paper, result.candidates.map((c) => c.title).join(' | '));
    assert.equal(paper.journal, 'CVPR');
    assert.deepEqual(result.lanes?.map((l) => [l.lane, l.searched]), [['arxiv', true], ['dblp', true], ['semanticscholar', true], ['openalex', false]]);
    assert.equal(lane(result, 'openalex')?.note, 'no API key: DOI lookups only');
    // DBLP requires every term: two OR-groups of the claim's rarest words.
    assert.ok(paths('dblp').some((u) => /q=[^& ]+\|[^& ]+ [^& ]+\|/.test(u)), paths('dblp').join(' | '));
    assert.ok(!paths('openalex').some((u) => /\/works\?/.test(u)), 'OpenAlex is not searched without a key');
  });

  it('skips Semantic Scholar for the run when it answers 429, says so, and keeps the other lanes\' papers', async () => {
    forceSemanticScholar429(standIn, 10);
    const result = await find(RESNET, { 'http.retries': 1 });
    assert.deepEqual(lane(result, 'semanticscholar'), {
      lane: 'semanticscholar', searched: false, note: 'rate limited (HTTP 429); skipped for this run', failed: 'rate-limited',
    });
    assert.ok(result.warnings.some((w) => /^Semantic Scholar answered 429 \(rate limited\); it is skipped for this run\. An API key/.test(w)), result.warnings.join(' | '));
    assert.ok(result.candidates.some((c) => c.dblpKey === 'conf/cvpr/HeZRS16'), 'DBLP still found its paper');
  });

  it('blames the rate-limited lane, not the queries, when the only lane holding the paper answers 429', async () => {
    forceSemanticScholar429(standIn, 10);
    const result = await find('Mining association rules between sets of items in large databases is efficient.', { 'http.retries': 0 });
    assert.equal(result.candidates.length, 0);
    assert.ok(!result.warnings.includes('No candidates found. Try editing the queries.'), result.warnings.join(' | '));
    assert.ok(result.warnings.some((w) => /^No candidates: Semantic Scholar could not be searched \(see the warnings above\), and .*DBLP.* found nothing\.$/.test(w)),
      result.warnings.join(' | '));
  });

  it('reports a switched-off preprint server as not searched, never as one that found nothing', async () => {
    forceSemanticScholar429(standIn, 10);
    const claim = 'Mining association rules between sets of items in large databases is efficient.';
    const result = await find(claim, { 'http.retries': 0, 'sources.arxiv.enabled': false });
    assert.deepEqual(lane(result, 'arxiv'), { lane: 'arxiv', searched: false, note: 'switched off' });
    assert.deepEqual(standIn.requests.filter((r) => r.service === 'arxiv'), []);
    const said = result.warnings.find((w) => w.startsWith('No candidates:'));
    assert.match(said ?? '', /^No candidates: Semantic Scholar could not be searched \(see the warnings above\), and .*DBLP.* found nothing\.$/, result.warnings.join(' | '));
    assert.doesNotMatch(said!, /arXiv/);
  });

  it('searches OpenAlex with the user\'s key, and never writes the key to the cache', async () => {
    const result = await find(PRIME_EDITING, { 'sources.openalex.apiKey': 'secret-test-key' });
    assert.deepEqual(lane(result, 'openalex'), { lane: 'openalex', searched: true });
    const searches = paths('openalex').filter((u) => u.includes('/works?'));
    assert.equal(searches.length, 1);
    assert.match(searches[0]!, /api_key=secret-test-key/);
    assert.match(searches[0]!, /filter=type:!preprint/);
    const index = JSON.stringify(await cacache.ls(cacheDir));
    assert.ok(index.includes('/works?'), 'the OpenAlex answer is cached');
    assert.ok(!index.includes('secret-test-key'), 'the key is not in the cache index');
  });

  it('names a lane that answers an HTML page instead of JSON, and still shows the other lanes\' papers', async () => {
    standIn.handle('semanticscholar', (_req, res) => send(res, 200, '<!DOCTYPE html><html><head><title>Maintenance</title></head></html>', 'text/html'));
    const result = await find(RESNET);
    assert.ok(result.warnings.some((w) => /^Semantic Scholar search failed: Semantic Scholar sent an HTML page/.test(w)), result.warnings.join(' | '));
    assert.equal(lane(result, 'semanticscholar')?.searched, false);
    assert.ok(result.candidates.length > 0);
  });

  it('asks only the journals\' lanes for "published only", and only the preprint servers for "preprints only"', async () => {
    const published = await find(TSDB, { 'search.kind': 'published' });
    assert.ok(published.candidates.some((c) => c.pmcid === 'PMC5967733'));
    assert.ok(paths('europepmc').every((u) => !u.includes('SRC:PPR')), 'no preprint search');
    assert.ok(published.lanes?.filter((l) => ['biorxiv', 'medrxiv'].includes(l.lane)).every((l) => !l.searched && l.note === 'published only'));
    standIn.requests.length = 0;
    const preprints = await find(TSDB, { 'search.kind': 'preprints' });
    assert.ok(paths('europepmc').every((u) => !u.includes('SRC:MED')), 'no published search');
    assert.equal(lane(preprints, 'pubmed')?.note, 'preprints only');
    assert.ok(preprints.candidates.every((c) => !c.sources.includes('pubmed')));
  });

  it('asks no preprint server for "published only" when the claim names its authors', async () => {
    const result = await find('Perlmutter et al. (1999) measured the mass density of the universe from distant supernovae.', { 'search.kind': 'published' });
    assert.deepEqual(standIn.requests.filter((r) => ['arxiv', 'biorxiv', 'medrxiv'].includes(r.service)).map((r) => r.url), []);
    assert.ok(paths('europepmc').every((u) => !u.includes('SRC:PPR')), 'no preprint search');
    assert.ok(result.candidates.every((c) => !c.sources.includes('arxiv')), result.candidates.map((c) => c.id).join(' | '));
    assert.equal(lane(result, 'arxiv')?.note, 'published only');
    assert.ok(paths('crossref').some((u) => u.includes('query.author=Perlmutter')), 'the author is still searched where works are published');
    assert.ok(paths('semanticscholar').some((u) => u.includes('year=1998-2000')), 'and the journals\' lanes in the mention\'s years');
  });

  it('looks a journal hit without an abstract up in OpenAlex by DOI, keyless, and never a preprint', async () => {
    const result = await find(PRIME_EDITING, { 'search.kind': 'published' });
    const card = result.candidates.find((c) => c.doi === '10.1016/j.xgen.2025.100814')!;
    assert.ok(card, result.candidates.map((c) => c.id).join(' | '));
    assert.deepEqual(paths('openalex').filter((u) => u.includes('xgen')), ['/openalex/works/doi:10.1016/j.xgen.2025.100814']);
    assert.ok(!paths('openalex').some((u) => u.includes('api_key')), 'no empty key is sent');
    // OpenAlex's record of it has no abstract and no open PDF: nothing is invented.
    assert.equal(card.abstract, undefined);
    assert.equal(card.pdfUrl, undefined);
    assert.deepEqual(card.citedBy, { count: 3, by: 'openalex' }, 'but its citation count is taken');
    standIn.requests.length = 0;
    await find(PRIME_EDITING, { 'cache.dir': join(cacheDir, 'both') });
    assert.ok(!paths('openalex').some((u) => u.includes('10.1101/')), 'the bioRxiv preprint is not looked up');
  });

  it('keeps a count on a preprint merged with its journal version: OpenAlex\'s of the journal, else none asked', async () => {
    // Found alone (published only) the Cell Genomics card says "cited by 3 (OpenAlex)"; merged with its
    // bioRxiv preprint it said nothing: the preprint's abstract and PDF left OpenAlex unasked.
    const journalLookups = () => paths('openalex').filter((u) => u.includes('xgen'));
    const mergedCard = (result: FindResult) => result.candidates.find((c) => c.publishedDoi === '10.1016/j.xgen.2025.100814')!;
    const merged = mergedCard(await find(PRIME_EDITING));
    assert.deepEqual([...merged.sources].sort(), ['biorxiv', 'pubmed']);
    assert.deepEqual(merged.citedBy, { count: 3, by: 'openalex' });
    assert.deepEqual(journalLookups(), ['/openalex/works/doi:10.1016/j.xgen.2025.100814']);
    assert.match(merged.abstract ?? '', /^Understanding the effects of rare genetic variants/, 'the preprint\'s abstract stays');
    // Europe PMC counting the journal's citations: that count is kept, and OpenAlex is not asked.
    standIn.requests.length = 0;
    const europePmc = standIn.handlerOf('europepmc')!;
    standIn.handle('europepmc', (req, res) => {
      const end = res.end.bind(res) as (body: unknown) => void;
      res.end = ((body: unknown) => end(String(body).replace('"pmid": "40120586"', '"pmid": "40120586", "citedByCount": 40'))) as typeof res.end;
      return europePmc(req, res);
    });
    const counted = mergedCard(await find(PRIME_EDITING, { 'cache.dir': join(cacheDir, 'counted') }));
    assert.deepEqual(counted.citedBy, { count: 40, by: 'europepmc' });
    assert.deepEqual(journalLookups(), []);
  });

  it('stops OpenAlex lookups for the run after a 429, and says so once', async () => {
    standIn.handle('openalex', (_req, res) => send(res, 429, '{"error":"Rate limit exceeded"}', 'application/json', { 'retry-after': '43200' }));
    const result = await find(RESNET, { 'http.retries': 0 });
    const said = result.warnings.filter((w) => w.startsWith('OpenAlex answered 429'));
    assert.equal(said.length, 1, result.warnings.join(' | '));
    assert.ok(paths('openalex').length >= 1);
    assert.ok(result.candidates.some((c) => c.dblpKey === 'conf/cvpr/HeZRS16'));
  });

  it('scores an article on its abstract, and says so, when PMC sends a malformed fullTextXML', async () => {
    const europePmc = standIn.handlerOf('europepmc')!;
    standIn.handle('europepmc', (req, res) =>
      req.path.endsWith('/fullTextXML') ? send(res, 200, '<article><body><sec><p>cut off', 'application/xml') : europePmc(req, res));
    const result = await find(TSDB);
    const paper = result.candidates.find((c) => c.pmcid === 'PMC5967733')!;
    assert.equal(paper.fulltext, 'abstract');
    assert.ok(result.warnings.some((w) => /Antibacterial Effect.*full text unavailable \(its JATS full text could not be read, and /.test(w)), result.warnings.join(' | '));
  });

  it('asks nothing when a published search is repeated', async () => {
    const first = await find(PRIME_EDITING);
    standIn.requests.length = 0;
    const again = await find(PRIME_EDITING);
    assert.deepEqual(standIn.requests.map((r) => r.url), []);
    assert.deepEqual(again.candidates.map((c) => c.id), first.candidates.map((c) => c.id));
  });
});
