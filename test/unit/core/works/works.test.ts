import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath, startStandInServer, type StandIn } from '../../../standin/server';
import { installCrossref } from '../../../standin/crossref';
import { installArxiv } from '../../../standin/arxiv';
import { installBiorxiv } from '../../../standin/biorxiv';
import { installSemanticScholar } from '../../../standin/semanticscholar';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings/index';
import { HttpError } from '../../../../src/core/net/types';
import type { CoreDeps } from '../../../../src/core/deps';
import { identifierOfFields, parseIdentifier } from '../../../../src/core/identity/identifiers';
import { readCrossrefWork } from '../../../../src/core/sources/crossrefWork';
import { crossrefRecord, fetchCrossrefWork, searchCrossref } from '../../../../src/core/sources/crossref';
import { WorkLookup } from '../../../../src/core/works/lookup';

const work = (file: string) => readCrossrefWork((JSON.parse(readFileSync(fixturePath('crossref', file), 'utf8')) as { message: unknown }).message);

describe('parseIdentifier', () => {
  const cases: [string, unknown][] = [
    ['10.1086/307221', { kind: 'doi', doi: '10.1086/307221' }],
    ['doi:10.1086/307221', { kind: 'doi', doi: '10.1086/307221' }],
    ['https://doi.org/10.1016/S0140-6736(97)11096-0', { kind: 'doi', doi: '10.1016/s0140-6736(97)11096-0' }],
    ['http://dx.doi.org/10.1086%2F307221', { kind: 'doi', doi: '10.1086/307221' }],
    ['<10.1186/s12984-017-0305-3>.', { kind: 'doi', doi: '10.1186/s12984-017-0305-3' }],
    ['1706.03762', { kind: 'arxiv', id: '1706.03762' }],
    ['1706.03762v5', { kind: 'arxiv', id: '1706.03762', version: 'v5' }],
    ['arXiv:1710.08557v2', { kind: 'arxiv', id: '1710.08557', version: 'v2' }],
    ['astro-ph/9812133', { kind: 'arxiv', id: 'astro-ph/9812133' }],
    ['math.GT/0309136v1', { kind: 'arxiv', id: 'math.GT/0309136', version: 'v1' }],
    ['https://arxiv.org/abs/astro-ph/9812133v1', { kind: 'arxiv', id: 'astro-ph/9812133', version: 'v1' }],
    ['https://arxiv.org/pdf/2004.07180v2.pdf', { kind: 'arxiv', id: '2004.07180', version: 'v2' }],
    ['https://doi.org/10.48550/arXiv.2312.07559', { kind: 'arxiv', id: '2312.07559' }],
    ['https://www.biorxiv.org/content/10.1101/2024.04.01.587366v2.full.pdf', { kind: 'doi', doi: '10.1101/2024.04.01.587366', server: 'biorxiv' }],
    ['https://www.medrxiv.org/content/10.1101/2020.03.02.20029975v1', { kind: 'doi', doi: '10.1101/2020.03.02.20029975', server: 'medrxiv' }],
    ['10.1101/2024.04.01.587366', { kind: 'doi', doi: '10.1101/2024.04.01.587366' }],
    ['doi: 10.1086/307221', { kind: 'doi', doi: '10.1086/307221' }],
    ['PMID: 40120586', { kind: 'pubmed', pmid: '40120586' }],
    ['pmid40120586', { kind: 'pubmed', pmid: '40120586' }],
    ['https://pubmed.ncbi.nlm.nih.gov/40120586/', { kind: 'pubmed', pmid: '40120586' }],
    ['https://www.ncbi.nlm.nih.gov/pubmed/40120586', { kind: 'pubmed', pmid: '40120586' }],
    ['https://europepmc.org/article/MED/40120586', { kind: 'pubmed', pmid: '40120586' }],
    ['PMC5967733', { kind: 'pmc', pmcid: 'PMC5967733' }],
    ['PMCID: pmc5967733', { kind: 'pmc', pmcid: 'PMC5967733' }],
    ['https://pmc.ncbi.nlm.nih.gov/articles/PMC5967733/', { kind: 'pmc', pmcid: 'PMC5967733' }],
    ['https://www.ncbi.nlm.nih.gov/pmc/articles/PMC5967733/', { kind: 'pmc', pmcid: 'PMC5967733' }],
    ['https://europepmc.org/article/PMC/PMC5967733', { kind: 'pmc', pmcid: 'PMC5967733' }],
  ];
  for (const [text, expected] of cases) {
    it(`reads ${text}`, () => assert.deepEqual(parseIdentifier(text), expected));
  }
  // A bare number given as an identifier is a PMID (pubmedIds.test.ts); a selected one is not (looksLikeIdentifier).
  for (const text of ['', 'Perlmutter et al. (1999)', 'see 10.1086/307221 there', '2004.07', 'https://example.org/paper', '10.12/x', 'PMID 40120586 and PMC5967733']) {
    it(`refuses ${JSON.stringify(text)}`, () => assert.equal(parseIdentifier(text), undefined));
  }
  it('reads the identifier a .bib entry carries, DOI first, then eprint, then URL', () => {
    assert.deepEqual(identifierOfFields({ doi: 'https://doi.org/10.1086/307221', eprint: '1706.03762' }), { kind: 'doi', doi: '10.1086/307221' });
    assert.deepEqual(identifierOfFields({ eprint: 'astro-ph/9812133', archiveprefix: 'arXiv' }), { kind: 'arxiv', id: 'astro-ph/9812133' });
    assert.deepEqual(identifierOfFields({ eprint: 'PMC12345', eprinttype: 'pmcid', url: 'https://arxiv.org/abs/1706.03762' }), { kind: 'arxiv', id: '1706.03762' });
    assert.equal(identifierOfFields({ title: 'Attention is all you need' }), undefined);
  });
  it('reads a PubMed or PMC id of a .bib entry last: biblatex\'s eprinttype, JabRef\'s pmid and pmcid fields', () => {
    assert.deepEqual(identifierOfFields({ eprint: '40120586', eprinttype: 'pubmed' }), { kind: 'pubmed', pmid: '40120586' });
    assert.deepEqual(identifierOfFields({ eprint: 'PMC5967733', eprinttype: 'pmcid' }), { kind: 'pmc', pmcid: 'PMC5967733' });
    assert.deepEqual(identifierOfFields({ pmid: ' 40120586 ', pmcid: 'PMC5967733' }), { kind: 'pubmed', pmid: '40120586' });
    assert.deepEqual(identifierOfFields({ pmcid: 'PMC5967733' }), { kind: 'pmc', pmcid: 'PMC5967733' });
    assert.deepEqual(identifierOfFields({ doi: '10.1016/j.xgen.2025.100814', pmid: '40120586' }), { kind: 'doi', doi: '10.1016/j.xgen.2025.100814' });
    assert.equal(identifierOfFields({ pmid: 'n/a' }), undefined);
  });
});

describe('Crossref work records', () => {
  it('reads the retraction and the correction of the retracted Lancet paper, with their dates and sources', () => {
    const lancet = work('works_10.1016_s0140-6736-97-11096-0_retracted_updated-by.json')!;
    assert.equal(lancet.doi, '10.1016/s0140-6736(97)11096-0');
    assert.match(lancet.title, /^RETRACTED: Ileal-lymphoid-nodular hyperplasia/);
    assert.deepEqual(lancet.updatedBy.map((n) => [n.type, n.doi, n.source, n.date]), [
      ['correction', '10.1016/s0140-6736(04)15715-2', 'retraction-watch', '2004-03-06'],
      ['retraction', '10.1016/s0140-6736(10)60175-4', 'retraction-watch', '2010-02-06'],
    ]);
    assert.equal(lancet.year, 1998);
    assert.equal(lancet.containerTitle, 'The Lancet');
  });
  it('reads a bioRxiv preprint\'s published version and server', () => {
    const preprint = work('works_10.1101_2024.04.01.587366_biorxiv-preprint_posted-content.json')!;
    assert.deepEqual(preprint.preprintOf, ['10.1016/j.xgen.2025.100814']);
    assert.equal(preprint.institution, 'bioRxiv');
    const record = crossrefRecord(preprint);
    assert.equal(record.source, 'biorxiv');
    assert.equal(record.publishedDoi, '10.1016/j.xgen.2025.100814');
    assert.ok(!/[<>]/.test(record.abstract ?? ''), 'JATS tags are removed from the abstract');
  });
  it('drops fields of the wrong type and refuses a record without a title', () => {
    assert.equal(readCrossrefWork({ DOI: '10.1/x', title: [42] }), undefined);
    const odd = readCrossrefWork({ DOI: '10.1234/x', title: ['T'], author: [{ family: 7 }, 'x', { given: 'A', family: 'B' }], 'updated-by': [{ type: 'retraction' }] });
    assert.deepEqual(odd?.authors, ['A B']);
    assert.deepEqual(odd?.updatedBy, []);
  });
});

describe('WorkLookup against the stand-in', () => {
  let standIn: StandIn;
  let deps: CoreDeps;
  beforeEach(async () => {
    standIn = await startStandInServer([installCrossref, installArxiv, installBiorxiv, installSemanticScholar]);
    const settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'sources.arxiv.intervalMs': 0, 'sources.semanticscholar.intervalMs': 0 });
    deps = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) };
  });
  afterEach(() => standIn.close());

  it('finds a journal DOI through Crossref and keeps its notices', async () => {
    const found = await new WorkLookup(deps).byIdentifier(parseIdentifier('doi:10.1016/S0140-6736(97)11096-0')!);
    assert.equal(found?.record.source, 'crossref');
    assert.equal(found?.crossref?.updatedBy.length, 2);
  });
  it('reads a medRxiv DOI from the bioRxiv API, with the JATS full text it names on the content URL of the settings', async () => {
    const found = await new WorkLookup(deps).byIdentifier(parseIdentifier('https://www.medrxiv.org/content/10.1101/19000133v1')!);
    assert.equal(found?.record.source, 'medrxiv');
    assert.equal(found?.record.jatsUrl, `${deps.settings['sources.medrxivContent.url']}/early/2019/06/25/19000133.source.xml`);
  });
  it('says "no such work" for a DOI Crossref does not have, and throws when Crossref fails', async () => {
    assert.equal(await new WorkLookup(deps).byIdentifier({ kind: 'doi', doi: '10.1371/notarealdoi' }), undefined);
    // A refused connection is "Crossref unavailable", which the caller reports as such.
    const settings = resolveSettings({ ...standIn.settings, 'sources.crossref.url': 'http://127.0.0.1:9', 'http.retries': 0 });
    const dead = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) };
    await assert.rejects(new WorkLookup(dead).byIdentifier({ kind: 'doi', doi: '10.1086/307221' }), (error: Error) => !(error instanceof HttpError) && /127\.0\.0\.1|ECONNREFUSED|connect/i.test(error.message));
  });
  it('looks arXiv ids up together in one id_list request', async () => {
    const lookup = new WorkLookup(deps);
    const [a, b] = await Promise.all([
      lookup.byIdentifier(parseIdentifier('arXiv:1710.08557')!),
      lookup.byIdentifier(parseIdentifier('https://arxiv.org/abs/astro-ph/9812133')!),
    ]);
    assert.equal(a?.record.arxivId, '1710.08557');
    assert.equal(b?.record.arxivId, 'astro-ph/9812133');
    assert.equal(standIn.requests.filter((r) => r.service === 'arxiv').length, 1);
  });
  it('finds a published work by title and author, and not by a title alone that is too short', async () => {
    const lookup = new WorkLookup(deps);
    const outcome = await lookup.byBibliographic({ title: 'Accurate and explicit differentiation of wireless and congestion losses', author: 'Arya' });
    assert.equal(outcome.status, 'found');
    assert.equal(outcome.status === 'found' && outcome.work.record.doi, '10.1109/icdcsw.2003.1203662');
    const wrongAuthor = await lookup.byBibliographic({ title: 'Accurate and explicit differentiation of wireless and congestion losses', author: 'Perlmutter' });
    assert.equal(wrongAuthor.status, 'not-found');
    assert.equal((await lookup.byBibliographic({ title: 'Ecology' })).status, 'not-found');
  });
  it("finds a work Crossref's search does not, through Semantic Scholar's title match, with its abstract", async () => {
    // Agrawal et al., SIGMOD 1993: S2's recorded match names its DOI, which the stand-in's Crossref
    // and doi.org do not hold, so S2's own record stands; the author must still be one of its authors.
    const lookup = new WorkLookup(deps);
    const title = 'Mining association rules between sets of items in large databases';
    const outcome = await lookup.byBibliographic({ title, author: 'Rakesh Agrawal' });
    assert.equal(outcome.status, 'found');
    const record = outcome.status === 'found' ? outcome.work.record : undefined;
    assert.equal(record?.doi, '10.1145/170035.170072');
    assert.match(record?.abstract ?? '', /large database of customer transactions/);
    assert.ok(standIn.requests.some((r) => r.url === '/crossref/works/10.1145/170035.170072'), "the DOI's authority was asked first");
    assert.equal((await lookup.byBibliographic({ title, author: 'Perlmutter' })).status, 'not-found');
    const off = new WorkLookup({ ...deps, settings: resolveSettings({ ...deps.settings, 'sources.semanticscholar.enabled': false }) });
    assert.equal((await off.byBibliographic({ title, author: 'Agrawal' })).status, 'not-found');
  });
  it('sends year filters to Crossref', async () => {
    const none = await searchCrossref({ bibliographic: 'Accurate and explicit differentiation of wireless and congestion losses', fromYear: 2010 }, deps);
    assert.deepEqual(none, []);
    assert.match(standIn.requests.at(-1)!.url, /filter=from-pub-date%3A2010/);
    assert.ok(await fetchCrossrefWork('10.1038/srep16696', deps));
  });
});
