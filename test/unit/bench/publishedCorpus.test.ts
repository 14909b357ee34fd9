// The published-search benchmark's corpus server on real records: SciFact abstracts (dev claim 3
// cites doc 14717500) as Europe PMC MED records, CL-SciSumm's C00-2123 and HALLMARK's DBLP records
// as DBLP hits and Semantic Scholar papers, in the services' real shapes and relevance order.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../standin/server';
import { parseAnnotationLine, parseReferenceXml } from '../../../bench/lib/clscisumm-data';
import { citedSurnames, hallmarkWork, pubmedDocOf, referencePaperWork, summaryTitle, type PubmedDoc } from '../../../bench/lib/publishedCorpusData';
import { startCorpusServer, limitBreaches, type CorpusServer, type ServedRequest } from '../../../bench/lib/publishedCorpusServer';
import type { SciFactDoc } from '../../../bench/lib/scifact-data';
import { directSearch } from '../../../bench/lib/publishedCorpusDirect';

const lines = (dir: string, file: string) => readFileSync(fixturePath(dir, file), 'utf8').split('\n').filter((l) => l.trim());
const pubmed: PubmedDoc[] = lines('scifact', 'corpus_slice.jsonl').map((l) => pubmedDocOf(JSON.parse(l) as SciFactDoc));
const citances = lines('cl-scisumm', 'C00-2123.ann.txt').flatMap((line) => parseAnnotationLine('C00-2123', line) ?? []);
const rp = referencePaperWork(parseReferenceXml('C00-2123', readFileSync(fixturePath('cl-scisumm', 'C00-2123.xml'), 'utf8')), citances);
const dblpRecords = lines('hallmark', 'pool_sample.jsonl').map((l) => hallmarkWork(JSON.parse(l) as Record<string, unknown>));
const cited = pubmed.find((d) => d.pmid === '14717500')!;

/** The body is JSON when the answer says so: the tests read its fields as the pipeline would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed answer of any of three services
type Body = any;

async function get(
  server: CorpusServer, setting: string, path: string, params: Record<string, string>,
): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${server.settings[setting]}${path}?${new URLSearchParams(params)}`);
  const text = await response.text();
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

describe('published-search benchmark: corpus server', () => {
  let server: CorpusServer;
  before(async () => (server = await startCorpusServer({ pubmed, cs: [rp, ...dblpRecords] })));
  after(() => server.close());

  it('answers a Europe PMC core search with the SciFact abstract as a DOI-less MED record, best first', async () => {
    const query = '("genetic variation" OR "rare variants" OR penetrance) AND (SRC:MED OR SRC:PMC)';
    const { status, body } = await get(server, 'sources.europepmc.url', '', { query, format: 'json', resultType: 'core', pageSize: '5' });
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body), ['version', 'hitCount', 'request', 'resultList']);
    assert.equal(body.request.queryString, query);
    const first = body.resultList.result[0];
    assert.deepEqual(
      { id: first.id, source: first.source, pmid: first.pmid, title: first.title,
        abstractText: first.abstractText, doi: first.doi, isOpenAccess: first.isOpenAccess },
      { id: '14717500', source: 'MED', pmid: '14717500', title: cited.title, abstractText: cited.abstract, doi: undefined, isOpenAccess: 'N' },
    );
    assert.ok(body.hitCount >= body.resultList.result.length && body.resultList.result.length <= 5);
    assert.equal(server.requests.at(-1)?.found, body.hitCount);
  });

  it('honours the boolean query and the sources: AND narrows, SRC:PPR alone finds no MED record', async () => {
    const params = (query: string) => ({ query, format: 'json', resultType: 'core', pageSize: '25' });
    const broad = await get(server, 'sources.europepmc.url', '', params('(genome OR variants OR cells OR mutations) AND (SRC:MED OR SRC:PMC)'));
    const narrow = await get(server, 'sources.europepmc.url', '', params('(genome AND "rare variants") AND (SRC:MED OR SRC:PMC) AND PUB_YEAR:[2000 TO 2020]'));
    const preprints = await get(server, 'sources.europepmc.url', '', params('(genomes OR variants) AND SRC:PPR'));
    assert.ok(narrow.body.hitCount >= 1 && narrow.body.hitCount < broad.body.hitCount);
    assert.equal(narrow.body.resultList.result[0].pmid, '14717500');
    assert.deepEqual([preprints.body.hitCount, preprints.body.resultList.result], [0, []]);
  });

  it('answers DBLP searches in its raw envelope: every word a prefix, `|` an alternative', async () => {
    const { body } = await get(server, 'sources.dblp.url', '/search/publ/api', { q: 'reorder|re-ordering search statistic translation', format: 'json', h: '3' });
    assert.equal(body.result.hits['@total'], '1');
    const info = body.result.hits.hit[0].info;
    assert.deepEqual([info.title, info.key, info.venue, info.year], ['Word Re-ordering and DP-based Search in Statistical Machine Translation.', 'conf/coling/C00-2123', 'COLING', '2000']);
    assert.deepEqual(info.authors.author, [{ text: 'Tillmann' }, { text: 'Ney' }]);
    const byAuthor = await get(server, 'sources.dblp.url', '/search/publ/api', { q: 'tillmann ney search', format: 'json' });
    assert.equal(byAuthor.body.result.hits.hit[0].info.key, 'conf/coling/C00-2123');
    const none = await get(server, 'sources.dblp.url', '/search/publ/api', { q: 'reordering zebrafish', format: 'json' });
    assert.deepEqual([none.body.result.hits['@total'], none.body.result.hits.hit], ['0', undefined]);
    const bib = await get(server, 'sources.dblp.url', `/rec/${rp.key}.bib`, {});
    assert.match(bib.body, /^@inproceedings\{DBLP:conf\/coling\/C00-2123,\n[\s\S]*title\s+= \{Word Re-ordering and DP-based Search/);
  });

  it('answers Semantic Scholar by relevance with missing words tolerated, the fields asked for, and its year filter', async () => {
    const params = { query: 'dynamic programming word reordering for statistical translation of zebrafish', fields: 'title,externalIds,year', limit: '2' };
    const { body } = await get(server, 'sources.semanticscholar.url', '/paper/search', params);
    assert.ok(body.total >= 1 && body.data.length <= 2);
    assert.deepEqual(Object.keys(body.data[0]), ['paperId', 'title', 'externalIds', 'year']);
    assert.deepEqual([body.data[0].title, body.data[0].externalIds.ACL, body.data[0].externalIds.DBLP, body.data[0].year], [rp.title, 'C00-2123', rp.key, 2000]);
    const later = await get(server, 'sources.semanticscholar.url', '/paper/search', { ...params, year: '2010-' });
    assert.ok(later.body.data.every((p: { title: string }) => p.title !== rp.title));
    const tooMany = await get(server, 'sources.semanticscholar.url', '/paper/search', { ...params, limit: '101' });
    assert.equal(tooMany.status, 400);
  });

  it("sends a claim's words straight to each service in its own syntax (the reference figures)", async () => {
    const claim = '1,000 genomes project enables mapping of genetic sequence variation consisting of rare variants with larger penetrance effects than common variants.';
    const anyWord = await directSearch(server, 'europepmc-or', claim);
    assert.deepEqual(anyWord[0], { pmid: '14717500', title: cited.title });
    assert.deepEqual(await directSearch(server, 'europepmc-and', claim), []);
    const citance = 'Tillmann and Ney showed how to improve the complexity of the Held-Karp algorithm for restricted word reordering';
    assert.deepEqual(await directSearch(server, 'dblp', citance), []);
    assert.equal((await directSearch(server, 'semanticscholar', citance))[0]?.title, rp.title);
    assert.deepEqual(await directSearch(server, 'dblp', 'Tillmann Ney ordering'), [{ title: `${rp.title}.`, dblpKey: rp.key }]);
  });

  it('answers 429 with the real body to a Semantic Scholar request sooner than a second after the last', async () => {
    server.setEnforceS2Spacing(true);
    const params = { query: 'statistical machine translation', fields: 'title', limit: '1' };
    await get(server, 'sources.semanticscholar.url', '/paper/search', params);
    const second = await get(server, 'sources.semanticscholar.url', '/paper/search', params);
    server.setEnforceS2Spacing(false);
    assert.equal(second.status, 429);
    assert.match(second.body.message, /^Too Many Requests/);
    assert.equal(server.requests.at(-1)?.status, 429);
  });
});

describe('published-search benchmark: the reference papers as works', () => {
  it("names C00-2123's authors as its citing sentences do, and no one when they do not agree", () => {
    assert.deepEqual(citedSurnames(citances, 2000), ['Tillmann', 'Ney']);
    assert.deepEqual(citedSurnames(citances.slice(0, 1), 2000), []);
    assert.deepEqual(citedSurnames(citances, 1999), []);
    assert.deepEqual([rp.year, rp.venue, rp.acl], [2000, 'COLING', 'C00-2123']);
    assert.match(rp.abstract ?? '', /^In this paper, we describe a search procedure for statistical machine translation/);
  });
  it('names the authors of a paper printed the year after its meeting by the earlier year', () => {
    // Two of X96-1048's citing sentences (Training-Set-2018 annotation), as written.
    const x96 = [
      'Named Entity evaluation began as a part of recent Message Understanding Conferences (MUC), whose objective was to standardize the evaluation of IE tasks (Sundheim, 1995b).',
      'The test corpus consists of 100 Wall Street Journal documents from the period January 1993 to June 1994, 54 of which contained management succession events (Sundheim, 1995).',
    ].map((text) => ({ paper: 'X96-1048', citing: 'c', text, gold: [1] }));
    const work = referencePaperWork({ id: 'X96-1048', title: 'OVERVIEW OF RESULTS OF THE MUC-6 EVALUATION', sentences: [] }, x96);
    assert.deepEqual([work.year, work.authors], [1996, ['Sundheim']]);
  });
  it('takes a title its Reference_XML lacks from the abstract summary, as plain text or as sentence 0', () => {
    const n09 = parseReferenceXml('N09-1001', readFileSync(fixturePath('cl-scisumm', 'N09-1001-abstract.xml'), 'utf8'));
    assert.equal(n09.title, '');
    const read = (id: string) => readFileSync(fixturePath('cl-scisumm', `${id}.abstract.summary.txt`), 'utf8');
    assert.equal(summaryTitle(read('N09-1001'), n09), 'Subjectivity Recognition onWord Senses via Semi-supervised Mincuts');
    const w09 = { id: 'W09-0621', title: '', sentences: [] };
    assert.equal(summaryTitle(read('W09-0621'), w09), 'Clustering and Matching Headlines for Automatic Paraphrase Acquisition');
    assert.equal(summaryTitle('We supplement WordNet entries with information.', n09), '', 'no title before the abstract: none');
  });
});

describe('published-search benchmark: published limits', () => {
  const at = (service: ServedRequest['service'], times: number[]) => times.map((t) => ({ service, url: '/', at: t }));

  it('counts a Semantic Scholar or DBLP request under a second after the last, and an 11th Europe PMC request within a second', () => {
    const requests = [
      ...at('semanticscholar', [0, 1000, 1500, 3000]),
      ...at('dblp', [0, 990, 2500]),
      ...at('europepmc', [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950, 2000]),
    ];
    assert.deepEqual(limitBreaches(requests), { europepmc: 1, dblp: 0, semanticscholar: 1, openalex: 0 });
  });
});
