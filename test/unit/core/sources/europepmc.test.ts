// bioRxiv/medRxiv search through Europe PMC, enriched from the bioRxiv details API, against the
// stand-in (real Europe PMC payloads and real bioRxiv/medRxiv metadata).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { isAbortError } from '../../../../src/core/net/types';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import { createSources, EuropePmcSource, fetchBiorxivDetails, SourceError } from '../../../../src/core/sources';
import { stripHtml, toPaperRecord, type EuropePmcResult } from '../../../../src/core/sources/europepmcRecord';
import { parseSearchResults } from '../../../../src/core/sources/europepmc';
import { checkEuropePmcResult } from '../../../../src/core/sources/validate';
import { jatsContentUrl } from '../../../../src/core/sources/biorxivDetails';
import { installBiorxiv } from '../../../standin/biorxiv';
import { forceEuropePmc, installEuropePmc } from '../../../standin/europepmc';
import { fixturePath, startStandInServer, type StandIn } from '../../../standin/server';

describe('Europe PMC source (bioRxiv / medRxiv)', () => {
  let standIn: StandIn;
  let settings: Settings;
  let warnings: string[];
  const http = (s: Settings = settings) => createHttpClient(s, { pacing: new PacingRegistry(), backoffMs: 1 });
  const source = (server: 'biorxiv' | 'medrxiv', s: Settings = settings) =>
    new EuropePmcSource(server, s, http(s), { warn: (m) => warnings.push(m) });

  before(async () => {
    standIn = await startStandInServer([installEuropePmc, installBiorxiv]);
    settings = resolveSettings({ ...standIn.settings, 'cache.enabled': false, 'http.retries': 0 });
  });
  after(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    warnings = [];
  });

  it('searches PPR records of the server and maps them, then enriches each from the details API', async () => {
    const biorxiv = source('biorxiv');
    const found = await biorxiv.search({
      query: { keywords: ['speciation', 'introgression'] },
      mode: 'all',
      maxResults: 5,
    });
    assert.equal(standIn.requests.filter((r) => r.service === 'biorxiv').length, 0, 'the search answers before any enrichment');
    assert.equal(found[0]?.publishedDoi, undefined);
    const records = await Promise.all(found.map((r) => biorxiv.enrich(r)));
    const search = standIn.requests.find((r) => r.service === 'europepmc')!;
    const params = new URL(search.url, standIn.url).searchParams;
    assert.equal(params.get('query'), '(speciation AND introgression) AND SRC:PPR AND PUBLISHER:"bioRxiv"');
    assert.equal(params.get('resultType'), 'core');
    assert.equal(params.get('format'), 'json');
    assert.equal(params.get('pageSize'), '5');
    assert.equal(records.length, 1);
    const [record] = records;
    assert.equal(record?.id, 'doi:10.1101/000109');
    assert.equal(record?.source, 'biorxiv');
    assert.equal(record?.title, 'Speciation and introgression between Mimulus nasutus and Mimulus guttatus');
    assert.deepEqual(record?.authors.slice(0, 2), ['Yaniv Brandvain', 'Amanda M Kenney']);
    assert.equal(record?.year, 2013);
    assert.equal(record?.url, `${standIn.settings['sources.doi.url']}/10.1101/000109`, 'the page link is built on the configured DOI resolver');
    assert.match(record?.abstract ?? '', /nasutus "budded" off/);
    // From the details API:
    assert.equal(record?.version, '1');
    assert.deepEqual(record?.categories, ['Evolutionary Biology']);
    assert.equal(record?.publishedDoi, '10.1371/journal.pgen.1004410');
    assert.equal(record?.pdfUrl, `${standIn.settings['sources.biorxivContent.url']}/10.1101/000109v1.full.pdf`);
    assert.ok(standIn.requests.some((r) => r.service === 'biorxiv' && r.path === '/details/biorxiv/10.1101/000109/na/json'));
    assert.deepEqual(warnings, []);
  });

  it('looks each preprint up in the details API once per run, however many queries return it', async () => {
    const biorxiv = source('biorxiv');
    const queries = [['speciation', 'introgression'], ['Mimulus', 'speciation'], ['introgression', 'Mimulus']];
    const answers = await Promise.all(queries.map((keywords) => biorxiv.search({ query: { keywords }, mode: 'all', maxResults: 5 })));
    assert.ok(answers.every((records) => records.some((r) => r.id === 'doi:10.1101/000109')));
    await Promise.all(answers.flat().map((r) => biorxiv.enrich(r)));
    const lookups = standIn.requests.filter((r) => r.service === 'biorxiv' && r.path === '/details/biorxiv/10.1101/000109/na/json');
    assert.equal(lookups.length, 1);
  });

  it('keeps only the wanted server, even if the host ignored the publisher filter', async () => {
    forceEuropePmc(standIn, 'unfiltered');
    const records = await source('medrxiv').search({ query: { keywords: ['cancer'] }, mode: 'all', maxResults: 25 });
    assert.ok(records.length >= 2, JSON.stringify(records.map((r) => r.doi)));
    assert.ok(records.every((r) => r.source === 'medrxiv'));
    const lite = records.find((r) => r.doi === '10.1101/2025.06.13.25329599');
    assert.ok(lite, 'the real lite medRxiv record is found');
    assert.equal(lite.abstract, undefined);
    assert.equal(lite.authors[0], 'JS Mendez');
    assert.equal(lite.pdfUrl, undefined, 'no version known, so no guessed PDF link');
    assert.ok(!records.some((r) => r.doi?.startsWith('10.21203/')), 'Research Square filtered out');
  });

  it('answers for bioRxiv and medRxiv in one request, each server keeping its own records', async () => {
    const request = { query: { keywords: ['cancer', 'mortality'] }, mode: 'any' as const, maxResults: 5 };
    const both = await source('biorxiv').searchAlongside(request, ['medrxiv', 'arxiv']);
    const searches = standIn.requests.filter((r) => r.service === 'europepmc');
    assert.equal(searches.length, 1, 'one round trip for both servers');
    const params = new URL(searches[0]!.url, standIn.url).searchParams;
    assert.equal(params.get('query'), '(cancer OR mortality) AND SRC:PPR AND (PUBLISHER:"bioRxiv" OR PUBLISHER:"medRxiv")');
    assert.equal(params.get('pageSize'), '10', 'room for five of each');
    assert.deepEqual([...both.keys()], ['biorxiv', 'medrxiv'], 'arXiv is not a Europe PMC server');
    const biorxiv = both.get('biorxiv')!;
    const medrxiv = both.get('medrxiv')!;
    assert.ok(biorxiv.length > 0 && medrxiv.length > 0, JSON.stringify([biorxiv.map((r) => r.doi), medrxiv.map((r) => r.doi)]));
    assert.ok(biorxiv.every((r) => r.source === 'biorxiv') && medrxiv.every((r) => r.source === 'medrxiv'));
    assert.ok(![...biorxiv, ...medrxiv].some((r) => r.doi?.startsWith('10.21203/')), 'Research Square filtered out');
    // The same records each server's own search finds, in the same order.
    const alone = await source('medrxiv').search({ ...request, maxResults: 25 });
    assert.deepEqual(medrxiv.map((r) => r.id), alone.map((r) => r.id).filter((id) => medrxiv.some((r) => r.id === id)));
    assert.ok(medrxiv.every((r) => alone.some((a) => a.id === r.id)));
  });

  it('answers an empty result with no records', async () => {
    const records = await source('biorxiv').search({
      query: { keywords: ['asdkfjhasdkfjhasdf'] },
      mode: 'all',
      maxResults: 10,
    });
    assert.deepEqual(records, []);
    assert.equal(standIn.requests.filter((r) => r.service === 'biorxiv').length, 0);
  });

  it('enriches from the cache alone what an earlier run asked the details API, and asks nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citefinder-enrich-cache-'));
    const cached = resolveSettings({ ...settings, 'cache.enabled': true, 'cache.dir': dir });
    const searching = http(cached);
    try {
      const searcher = new EuropePmcSource('biorxiv', cached, searching, { warn: (m) => warnings.push(m) });
      const [found] = await searcher.search({ query: { keywords: ['speciation', 'introgression'] }, mode: 'all', maxResults: 5 });
      assert.equal(await source('biorxiv', cached).enrichFromCache(found!), undefined, 'nothing cached yet');
      const asking = http(cached);
      const enriched = await new EuropePmcSource('biorxiv', cached, asking, { warn: (m) => warnings.push(m) }).enrich(found!);
      await asking.storesSettled?.(); // the details answer is written behind it, as a run ends once it is
      standIn.requests.length = 0;
      const local = await source('biorxiv', cached).enrichFromCache(found!);
      assert.deepEqual(local, enriched);
      assert.equal(local?.version, '1');
      assert.deepEqual(standIn.requests, []);
    } finally {
      await searching.storesSettled?.(); // the search's answer is written behind it
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns but keeps the record when enrichment fails', async () => {
    standIn.failNext('biorxiv', [500]);
    const biorxiv = source('biorxiv');
    const found = await biorxiv.search({ query: { keywords: ['Mimulus'] }, mode: 'all', maxResults: 3 });
    const records = await Promise.all(found.map((r) => biorxiv.enrich(r)));
    assert.equal(records.length, 1);
    assert.equal(records[0]?.publishedDoi, undefined);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /Could not enrich 10\.1101\/000109 from the bioRxiv API: .*HTTP 500/);
  });

  it('skips enrichment when the bioRxiv API is switched off', async () => {
    const off = resolveSettings({ ...standIn.settings, 'cache.enabled': false, 'sources.biorxiv.enabled': false });
    const medrxiv = source('medrxiv', off);
    const found = await medrxiv.search({ query: { keywords: ['triathlon'] }, mode: 'any', maxResults: 3 });
    const records = await Promise.all(found.map((r) => medrxiv.enrich(r)));
    assert.equal(records.length, 1);
    assert.equal(records[0], found[0], 'the record is kept as it was');
    assert.equal(standIn.requests.filter((r) => r.service === 'biorxiv').length, 0);
  });

  it('reports an HTML page and cut-off JSON as SourceErrors', async () => {
    const search = (keyword: string) => source('biorxiv').search({ query: { keywords: [keyword] }, mode: 'all', maxResults: 3 });
    await assert.rejects(search('standin_html'), (e: unknown) => e instanceof SourceError && /HTML page instead of JSON/.test(e.message));
    forceEuropePmc(standIn, 'truncated');
    await assert.rejects(search('genomics'), (e: unknown) => e instanceof SourceError && /malformed JSON.*cut off/.test(e.message));
  });

  it('propagates cancellation', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      source('biorxiv').search({ query: { keywords: ['genomics'] }, mode: 'all', maxResults: 3, signal: controller.signal }),
      (e: unknown) => isAbortError(e),
    );
  });

  it('reads the details API, and says when a DOI is unknown', async () => {
    const details = await fetchBiorxivDetails('medrxiv', '10.1101/19000687', settings, http());
    assert.equal(details?.category, 'Sports Medicine');
    assert.equal(details?.publishedDoi, '10.1002/tsm2.134');
    assert.equal(await fetchBiorxivDetails('biorxiv', '10.1101/999999', settings, http()), undefined);
  });

  it('names the JATS full text on the content URL of the settings, and follows no link to another site', async () => {
    const details = await fetchBiorxivDetails('medrxiv', '10.1101/19000687', settings, http());
    // The recorded answer's jatsxml is https://www.medrxiv.org/content/early/…/19000687.source.xml.
    assert.match(details!.jatsUrl!, /^http:\/\/127\.0\.0\.1:\d+\/medrxiv-content\/early\/\d{4}\/\d\d\/\d\d\/19000687\.source\.xml$/);
    const content = { 'sources.medrxivContent.url': 'https://mirror.example/medrxiv/' };
    const mirror = resolveSettings(content);
    assert.equal(jatsContentUrl('https://www.medrxiv.org/content/early/2019/06/25/19000109.source.xml', 'medrxiv', mirror),
      'https://mirror.example/medrxiv/early/2019/06/25/19000109.source.xml');
    for (const link of [
      'https://evil.example/content/early/2019/06/25/19000109.source.xml',
      'https://www.biorxiv.org/content/early/2019/06/25/19000109.source.xml', // the other server
      'https://www.medrxiv.org/content/early/../../secret.source.xml',
      'https://www.medrxiv.org/content/early/2019/06/25/19000109.full.pdf',
      undefined,
    ]) assert.equal(jatsContentUrl(link, 'medrxiv', mirror), undefined, link);
  });

  it('sets a structured abstract\'s headings apart from the words the medRxiv API glues them to', async () => {
    const details = await fetchBiorxivDetails('medrxiv', '10.1101/19000356', settings, http());
    assert.match(details!.abstract!, /^BACKGROUND: Juvenile-onset systemic lupus/);
    assert.match(details!.abstract!, /METHODS: Serum /);
    assert.doesNotMatch(details!.abstract!, /[A-Z]{6,}[a-z]/);
    assert.match(details!.abstract!, /\(JSLE\)/); // acronyms are left alone
    // Capitalised headings too ("ObjectiveGuidelines recommend …").
    const capitalised = await fetchBiorxivDetails('medrxiv', '10.1101/19000174', settings, http());
    assert.match(capitalised!.abstract!, /^Objective: Guidelines recommend/);
    assert.doesNotMatch(capitalised!.abstract!, /\b(Objective|Design|Results|Conclusions?)[A-Z][a-z]/);
  });

  it('creates sources per the enabled switches', () => {
    const all = createSources(settings, http());
    assert.deepEqual(Object.keys(all).filter((k) => all[k as keyof typeof all]), ['arxiv', 'biorxiv', 'medrxiv']);
    const some = createSources(
      resolveSettings({ 'sources.arxiv.enabled': false, 'sources.europepmc.enabled': false }),
      http(),
    );
    assert.deepEqual(some, { arxiv: undefined, biorxiv: undefined, medrxiv: undefined });
  });
});

describe('Europe PMC record mapping (real core records)', () => {
  const core = JSON.parse(
    readFileSync(fixturePath('europepmc', 'search_query-cancer_resultType-core_records-0-1-5.json'), 'utf8'),
  ) as { resultList: { result: EuropePmcResult[] } };
  const [plain, withPdf, htmlAbstract] = core.resultList.result;

  it('takes the PDF from fullTextUrlList, authors from authorList', () => {
    const record = toPaperRecord(withPdf!, 'biorxiv')!;
    assert.match(record.pdfUrl ?? '', /pdf/);
    assert.ok(withPdf!.fullTextUrlList!.fullTextUrl!.some((u) => u.documentStyle === 'pdf' && u.url === record.pdfUrl));
    assert.deepEqual(record.authors, [], 'this real record names no authors');
    const first = htmlAbstract!.authorList!.author![0]!;
    assert.equal(toPaperRecord(htmlAbstract!, 'biorxiv')!.authors[0], `${first.firstName} ${first.lastName}`);
    assert.equal(toPaperRecord(plain!, 'biorxiv')!.pdfUrl, undefined, 'a doi link is not a PDF');
  });

  it('strips HTML from abstracts and lower-cases DOIs', () => {
    assert.match(htmlAbstract!.abstractText!, /<[a-z]/i);
    const record = toPaperRecord(htmlAbstract!, 'medrxiv')!;
    assert.doesNotMatch(record.abstract!, /<\/?[a-z]+[^>]*>/i);
    assert.equal(record.doi, htmlAbstract!.doi!.toLowerCase());
    assert.equal(toPaperRecord(plain!, 'biorxiv')!.doi, '10.1016/s0140-6736(24)02600-x');
    assert.equal(stripHtml('<h4>Background</h4>A &amp; B<sup>2</sup>&#x3b1;'), 'Background: A & B2α');
    assert.equal(stripHtml('<p>One.</p><p>Two.<br/>Three.</p>'), 'One. Two. Three.');
  });

  it('sets a structured abstract\'s headings apart from the sentence before them', () => {
    const text = readFileSync(fixturePath('europepmc', 'search_query-cancer_resultType-core_med-records-1-5-6-11-14.json'), 'utf8');
    const tasmania = parseSearchResults(text).map(checkEuropePmcResult).find((r) => r?.pmid === '40356016')!;
    assert.match(tasmania.abstractText!, /Tasmania\.<h4>Methods<\/h4>A co-design/, 'the recorded markup');
    const abstract = toPaperRecord(tasmania, 'pubmed')!.abstract!;
    assert.match(abstract, /^Issue addressed: Generally, bowel cancer/);
    assert.match(abstract, /in remote Tasmania\. Methods: A co-design method/);
    assert.doesNotMatch(abstract, /[a-z]\.[A-Z]/, 'no sentence glued to the next heading');
  });
});
