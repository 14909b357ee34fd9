// The arXiv source against the stand-in (recorded Atom feeds): mapping, search syntax on the
// wire, broadening to a non-empty answer, and every error shape arXiv (or a proxy) produces.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { isAbortError, RateLimitedError } from '../../../../src/core/net/types';
import { broaden } from '../../../../src/core/queries/render';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import { ArxivSource, fetchArxivById } from '../../../../src/core/sources/arxiv';
import { ArxivLookup } from '../../../../src/core/sources/arxivLookup';
import { parseArxivFeed } from '../../../../src/core/sources/arxivAtom';
import { SourceError } from '../../../../src/core/sources/errors';
import { forceArxiv, installArxiv } from '../../../standin/arxiv';
import { fixturePath, startStandInServer, type StandIn } from '../../../standin/server';

const feedText = (name: string) => readFileSync(fixturePath('arxiv-atom', name), 'utf8');

describe('arXiv source', () => {
  let standIn: StandIn;
  let settings: Settings;
  let source: ArxivSource;
  const http = () => createHttpClient(settings, { pacing: new PacingRegistry(), backoffMs: 1 });

  before(async () => {
    standIn = await startStandInServer([installArxiv]);
    settings = resolveSettings({
      ...standIn.settings,
      'cache.enabled': false,
      'http.retries': 0,
      'sources.arxiv.intervalMs': 0,
    });
  });
  after(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    source = new ArxivSource(settings, http());
  });

  it('maps a recorded entry: versionless id, version, pdf vs DOI link, DOI, journal, year', async () => {
    const [record] = await fetchArxivById(['astro-ph/9812133'], settings, http());
    assert.ok(record);
    assert.equal(record.id, 'arxiv:astro-ph/9812133');
    assert.equal(record.arxivId, 'astro-ph/9812133');
    assert.equal(record.version, 'v1');
    assert.equal(record.title, 'Measurements of Omega and Lambda from 42 High-Redshift Supernovae');
    assert.equal(record.doi, '10.1086/307221');
    // The stand-in points the recorded arxiv.org PDF links at itself.
    assert.equal(record.pdfUrl, `${standIn.url}/files/arxiv/pdf/astro-ph/9812133v1`);
    assert.equal(record.url, 'http://arxiv.org/abs/astro-ph/9812133v1');
    assert.equal(record.year, 1998);
    assert.equal(record.authors[0], 'S. Perlmutter');
    assert.ok(record.authors.length > 30);
    assert.match(record.abstract ?? '', /^We report measurements of the mass density/);
    assert.ok(!/\n/.test(record.abstract ?? ''));
    assert.equal(record.source, 'arxiv');
  });

  it('tells the pdf link from the DOI link, both rel="related"', async () => {
    const [record] = await fetchArxivById(['1710.08557'], settings, http());
    assert.equal(record?.pdfUrl, `${standIn.url}/files/arxiv/pdf/1710.08557v1`);
    assert.equal(record?.doi, '10.1186/s12984-017-0305-3');
    assert.equal(record?.journal, 'Journal of NeuroEngineering and Rehabilitation, 2017');
    assert.deepEqual(record?.categories, ['cs.RO']);
    assert.equal(record?.title, 'On Neuromechanical Approaches for the Study of Biological Grasp and Manipulation');
  });

  it('leaves unknown ids out and answers none found with an empty list', async () => {
    const records = await fetchArxivById(['1605.08386', '0000.0000'], settings, http());
    assert.deepEqual(records.map((r) => r.id), ['arxiv:1605.08386']);
    assert.deepEqual(await fetchArxivById(['0000.0000'], settings, http()), []);
  });

  it('sends the rendered query with relevance sorting and max_results', async () => {
    await source.search({ query: { keywords: ['type Ia supernovae', 'cosmology'] }, mode: 'all', maxResults: 7 });
    const sent = new URL(standIn.requests[0]!.url, standIn.url).searchParams;
    assert.equal(sent.get('search_query'), 'all:"type Ia supernovae" AND all:cosmology');
    assert.equal(sent.get('max_results'), '7');
    assert.equal(sent.get('sortBy'), 'relevance');
    assert.equal(standIn.requests[0]!.headers.accept, 'application/atom+xml');
  });

  it('finds the supernova paper for the demo claim by walking the broadening ladder', async () => {
    const query = { keywords: ['distant', 'type Ia supernovae', 'expansion', 'universe', 'accelerating'] };
    const answers: { mode: string; keywords: string[]; ids: string[] }[] = [];
    for (const step of broaden(query)) {
      const records = await source.search({ ...step, maxResults: 5 });
      answers.push({ mode: step.mode, keywords: step.query.keywords, ids: records.map((r) => r.id) });
      if (records.length > 0) break;
    }
    assert.deepEqual(answers[0]?.ids, [], 'the strict AND search is empty: the real empty feed');
    const last = answers.at(-1)!;
    assert.equal(last.mode, 'any');
    assert.equal(last.ids[0], 'arxiv:astro-ph/9812133', JSON.stringify(answers));
  });

  it('finds the supernova paper with the one ranked request the search stage sends first', async () => {
    const records = await source.search({ query: { keywords: ['distant', 'type Ia supernovae', 'expansion', 'universe', 'accelerating'] }, mode: 'any', maxResults: 20 });
    assert.equal(records[0]?.id, 'arxiv:astro-ph/9812133');
    assert.equal(standIn.requests.length, 1);
  });

  it('looks up many ids in one id_list request, leaving unknown ones undefined and refusing malformed ones', async () => {
    const lookup = new ArxivLookup(settings, http());
    const [old, modern, unknown] = await Promise.all([
      lookup.lookup('astro-ph/9812133'),
      lookup.lookup('arXiv:1605.08386v1'),
      lookup.lookup('0000.0000'),
    ]);
    assert.equal(standIn.requests.length, 1);
    assert.equal(new URL(standIn.requests[0]!.url, standIn.url).searchParams.get('id_list'), 'astro-ph/9812133,1605.08386v1,0000.0000');
    assert.match(old?.title ?? '', /Omega and Lambda from 42 High-Redshift Supernovae/);
    assert.equal(modern?.arxivId, '1605.08386');
    assert.equal(unknown, undefined);
    await assert.rejects(lookup.lookup('abc'), /not an arXiv identifier/);
    assert.equal(standIn.requests.length, 1, 'a malformed id never reaches arXiv');
  });

  it('turns the HTTP 400 error feed into a clear message', async () => {
    await assert.rejects(fetchArxivById(['abc'], settings, http()), (error: unknown) => {
      assert.ok(error instanceof SourceError);
      assert.equal(error.message, 'arXiv rejected the request: incorrect id format for abc.');
      return true;
    });
  });

  it('turns an Error entry inside a 200 feed into a clear message', async () => {
    forceArxiv(standIn, 'error-entry');
    await assert.rejects(
      source.search({ query: { keywords: ['lattice'] }, mode: 'all', maxResults: 3 }),
      (error: unknown) => error instanceof SourceError && /incorrect id format for INVALIDID/.test(error.message),
    );
  });

  it('says so when an HTML page comes back instead of a feed', async () => {
    await assert.rejects(
      source.search({ query: { keywords: ['standin_html'] }, mode: 'all', maxResults: 3 }),
      (error: unknown) => error instanceof SourceError && /HTML page instead of an Atom feed \("Handle Redirect"\)/.test(error.message),
    );
  });

  it('says so when the feed is cut off', async () => {
    forceArxiv(standIn, 'truncated');
    await assert.rejects(
      source.search({ query: { keywords: ['testing'] }, mode: 'all', maxResults: 3 }),
      (error: unknown) => error instanceof SourceError && /broken Atom feed .*cut off/.test(error.message),
    );
  });

  it('reports a 429 as rate limited by arXiv', async () => {
    forceArxiv(standIn, 'rate-limited');
    await assert.rejects(
      source.search({ query: { keywords: ['testing'] }, mode: 'all', maxResults: 3 }),
      (error: unknown) => error instanceof RateLimitedError && /Rate limited by 127\.0\.0\.1/.test(error.message),
    );
  });

  it('propagates cancellation as an AbortError', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      source.search({ query: { keywords: ['testing'] }, mode: 'all', maxResults: 3, signal: controller.signal }),
      (error: unknown) => isAbortError(error),
    );
  });
});

describe('arXiv Atom parsing', () => {
  it('reads the current search feed: 10 entries, pdf links, DOIs only where given', () => {
    const { records, totalResults } = parseArxivFeed(feedText('api2026_search_testing_10-results.atom.xml'));
    assert.equal(totalResults, 214881);
    assert.equal(records.length, 10);
    assert.ok(records.every((r) => r.pdfUrl?.startsWith('https://arxiv.org/pdf/')));
    assert.equal(records[0]?.doi, '10.1109/icstw55395.2022.00035');
    assert.deepEqual(records[0]?.categories, ['cs.SE', 'cs.LG']);
    assert.equal(records[2]?.version, 'v2');
    assert.ok(records.some((r) => r.doi === undefined));
  });

  it('reads old-style ids and legacy namespaced fields', () => {
    const [old] = parseArxivFeed(feedText('api2026_idlist_astro-ph_0601001_old-style-id.atom.xml')).records;
    assert.equal(old?.arxivId, 'astro-ph/0601001');
    assert.ok(old?.journal);
    const [legacy] = parseArxivFeed(feedText('legacy2016_idlist_1111.2011v2.atom.xml')).records;
    assert.equal(legacy?.arxivId, '1111.2011');
    assert.equal(legacy?.version, 'v2');
    assert.ok(legacy?.doi);
    assert.ok(!legacy?.title.includes('\n'));
  });

  it('reads an empty feed as no records', () => {
    assert.deepEqual(parseArxivFeed(feedText('api2026_idlist_0000.0000_empty.atom.xml')).records, []);
  });

  it('rejects XML that is not a feed without a parser stack', () => {
    assert.throws(() => parseArxivFeed('<?xml version="1.0"?><error>nope</error>'), SourceError);
    assert.throws(() => parseArxivFeed(''), SourceError);
  });
});
