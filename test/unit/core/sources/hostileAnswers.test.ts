// Answers of the wrong shape, built from the real recorded payloads: each record is checked on
// its own (a bad one is skipped with a warning, the good ones kept), links are only ever http(s)
// and otherwise built on the configured endpoints, and XML with a DOCTYPE is refused.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import { ArxivSource, EuropePmcSource, fetchBiorxivDetails, SourceError } from '../../../../src/core/sources';
import { arxivAbsBase, parseArxivFeed } from '../../../../src/core/sources/arxivAtom';
import { fixturePath, send, startStandInServer, type StandIn } from '../../../standin/server';

const feed = readFileSync(fixturePath('arxiv-atom', 'api2026_search_testing_10-results.atom.xml'), 'utf8');
const pprRecords = JSON.parse(readFileSync(fixturePath('europepmc', 'ppr-core-records_built-from-biorxiv-details.json'), 'utf8')) as Record<string, unknown>[];
const details = JSON.parse(readFileSync(fixturePath('biorxiv', 'biorxiv_2013-01-01_2013-11-07.json'), 'utf8')) as Record<string, unknown>[];

/** The n-th <entry> of the feed replaced by what `change` makes of it. */
function withEntry(xml: string, n: number, change: (entry: string) => string): string {
  let seen = -1;
  return xml.replace(/<entry>[\s\S]*?<\/entry>/g, (entry) => (++seen === n ? change(entry) : entry));
}

describe('hostile and malformed answers', () => {
  let standIn: StandIn;
  let settings: Settings;
  let answer: { type: string; body: string };
  let warnings: string[];

  before(async () => {
    standIn = await startStandInServer([
      (s) => {
        for (const service of ['arxiv', 'europepmc', 'biorxiv'] as const) s.handle(service, (_req, res) => send(res, 200, answer.body, answer.type));
      },
    ]);
    settings = resolveSettings({ ...standIn.settings, 'cache.enabled': false, 'http.retries': 0, 'sources.doi.url': 'https://doi.mirror.test/' });
  });
  after(() => standIn.close());
  beforeEach(() => (warnings = []));
  const http = () => createHttpClient(settings, { pacing: new PacingRegistry(), sweepAfterMs: false });

  it('keeps the valid Europe PMC records of an answer that has some of the wrong type', async () => {
    const good = pprRecords.filter((r) => (r.bookOrReportDetails as { publisher?: string }).publisher === 'bioRxiv').slice(0, 3);
    const broken = [
      { ...good[0], title: 12345 },
      { ...good[1], authorList: 'Brandvain Y' },
      { ...good[2], bookOrReportDetails: { publisher: ['bioRxiv'] } },
    ];
    const all = [...good, ...broken, 'not a record', null];
    answer = { type: 'application/json', body: JSON.stringify({ hitCount: all.length, resultList: { result: all } }) };
    const source = new EuropePmcSource('biorxiv', settings, http(), { warn: (m) => warnings.push(m) });
    const records = await source.search({ query: { keywords: ['genome'] }, mode: 'any', maxResults: 20 });
    assert.deepEqual(records.map((r) => r.title), good.map((r) => r.title));
    assert.deepEqual(warnings, ['Europe PMC sent 3 records with fields missing or of the wrong type; skipped them.']);
    assert.equal(records[0]!.url, `https://doi.mirror.test/${String(good[0]!.doi).toLowerCase()}`, 'page links on the configured DOI resolver');
  });

  it('says one skipped Europe PMC record in the singular', async () => {
    const good = pprRecords.filter((r) => (r.bookOrReportDetails as { publisher?: string }).publisher === 'bioRxiv').slice(0, 2);
    const all = [good[0], { ...good[1], title: 12345 }];
    answer = { type: 'application/json', body: JSON.stringify({ hitCount: all.length, resultList: { result: all } }) };
    const source = new EuropePmcSource('biorxiv', settings, http(), { warn: (m) => warnings.push(m) });
    const records = await source.search({ query: { keywords: ['genome'] }, mode: 'any', maxResults: 20 });
    assert.deepEqual(records.map((r) => r.title), [good[0]!.title]);
    assert.deepEqual(warnings, ['Europe PMC sent 1 record with fields missing or of the wrong type; skipped it.']);
  });

  it('never passes on a javascript: or file: PDF link from Europe PMC', async () => {
    const [record] = pprRecords;
    const links = (url: string) => ({ ...record, fullTextUrlList: { fullTextUrl: [{ documentStyle: 'pdf', url }] } });
    answer = { type: 'application/json', body: JSON.stringify({ resultList: { result: [links('javascript:alert(1)'), { ...links('file:///etc/passwd'), id: 'other', doi: '10.1101/x' }] } }) };
    const source = new EuropePmcSource('biorxiv', settings, http());
    const records = await source.search({ query: { keywords: ['genome'] }, mode: 'any', maxResults: 5 });
    assert.equal(records.length, 2);
    for (const r of records) assert.ok(r.pdfUrl === undefined || /^https?:/.test(r.pdfUrl), r.pdfUrl);
  });

  it('uses the valid versions of a bioRxiv details answer and names an unusable one', async () => {
    const versions = details.filter((d) => d.doi === '10.1101/000109');
    answer = { type: 'application/json', body: JSON.stringify({ collection: [{ ...versions[0], version: { n: 9 }, published: 10 }, ...versions] }) };
    const found = await fetchBiorxivDetails('biorxiv', '10.1101/000109', settings, http());
    assert.equal(found?.title, versions[0]!.title);
    assert.equal(found?.version, String(versions.at(-1)!.version));

    answer = { type: 'application/json', body: JSON.stringify({ collection: [{ doi: ['10.1101/000109'] }] }) };
    await assert.rejects(fetchBiorxivDetails('biorxiv', '10.1101/000109', settings, http()), (e: unknown) =>
      e instanceof SourceError && /no readable record for 10\.1101\/000109 \(fields of the wrong type\)/.test(e.message));
    for (const body of ['{"collection": {"doi": "x"}}', 'null', '42']) {
      answer = { type: 'application/json', body };
      const outcome = await fetchBiorxivDetails('biorxiv', '10.1101/000109', settings, http()).catch((e: unknown) => e);
      assert.ok(outcome === undefined || outcome instanceof SourceError, `${body}: ${String(outcome)}`);
    }
  });

  it('skips arXiv entries of the wrong shape and keeps the rest, building missing links on the configured endpoint', async () => {
    let xml = withEntry(feed, 0, (e) => e.replace(/<id>[^<]*<\/id>/, '<id><b>nested</b></id>'));
    xml = withEntry(xml, 1, (e) => e.replace(/<link [^>]*\/>/g, ''));
    xml = withEntry(xml, 2, (e) => e.replace(/href="https:\/\/arxiv\.org\/abs\/[^"]*"/, 'href="javascript:alert(1)"').replace(/href="https:\/\/arxiv\.org\/pdf\/[^"]*"/, 'href="file:///etc/passwd"'));
    xml = withEntry(xml, 3, (e) => e.replace(/<name>[^<]*<\/name>/, '<name><x>1</x><x>2</x></name>'));
    answer = { type: 'application/atom+xml', body: xml };
    const mirror = resolveSettings({ ...settings, 'sources.arxiv.url': `${standIn.url}/arxiv/mirror/api/query`, 'sources.arxiv.intervalMs': 0 });
    const source = new ArxivSource(mirror, createHttpClient(mirror, { pacing: new PacingRegistry(), sweepAfterMs: false }), (m) =>
      warnings.push(m),
    );
    const records = await source.search({ query: { keywords: ['testing'] }, mode: 'any', maxResults: 10 });
    const original = parseArxivFeed(feed).records;
    assert.equal(records.length, original.length - 1, 'only the entry with a nested <id> is left out');
    assert.deepEqual(warnings, ['arXiv sent 1 entry without an id or title, or with fields of the wrong shape; skipped.']);
    const linkless = records.find((r) => r.id === original[1]!.id)!;
    assert.equal(linkless.url, `${standIn.url}/arxiv/mirror/abs/${original[1]!.arxivId}`);
    assert.equal(linkless.pdfUrl, undefined);
    const hostile = records.find((r) => r.id === original[2]!.id)!;
    assert.equal(hostile.url, `${standIn.url}/arxiv/mirror/abs/${original[2]!.arxivId}`);
    assert.equal(hostile.pdfUrl, undefined);
    assert.equal(records.find((r) => r.id === original[3]!.id)!.authors.length, original[3]!.authors.length - 1);
  });

  it('derives the abstract-page base from the configured API endpoint', () => {
    assert.equal(arxivAbsBase('https://export.arxiv.org/api/query'), 'https://export.arxiv.org/abs');
    assert.equal(arxivAbsBase('http://10.0.0.5:8080/arxiv/api/query/'), 'http://10.0.0.5:8080/arxiv/abs');
    assert.equal(arxivAbsBase('http://mirror.test/search'), 'http://mirror.test/search/abs');
  });

  it('refuses a feed that declares a DOCTYPE (entity expansion, external entities)', () => {
    const lol = '<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    const xxe = '<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY x SYSTEM "file:///etc/passwd">]>';
    for (const prolog of [lol, xxe]) {
      const xml = feed.replace(/^<\?xml[^>]*\?>/, prolog).replace('<title>', '<title>&b;&x;');
      assert.throws(() => parseArxivFeed(xml), (e: unknown) => e instanceof SourceError && /DOCTYPE declaration.*refused/.test(e.message));
    }
  });
});
