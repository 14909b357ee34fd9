// A claim that names the people whose work it means, without a year ("Van der Schaar et al.
// argue …"), is no informal citation, so it is searched by its words. DBLP's topic search needs
// title words, and a citing sentence often shares none with the work it names (CL-SciSumm train,
// docs/published-bench.md): the DBLP and PubMed lanes also ask for the first named author's works,
// keep only theirs and rank them by the claim's words. The works are real (HALLMARK's pool_dev.jsonl,
// the stand-in's PubMed records).
import assert from 'node:assert/strict';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings';
import { heuristicQueries } from '../../../../src/core/queries/keyphrases';
import { namedAuthorQueries, searchPublished, type PublishedPlan } from '../../../../src/core/search/published';
import { hasAuthors } from '../../../../src/core/search/byAuthor';
import { DblpTopicSource } from '../../../../src/core/sources/published/dblpTopic';
import { dblpAuthorQuery } from '../../../../src/core/search/dblpAuthorSearch';
import { createPublishedSources } from '../../../../src/core/sources/published';
import { startStandIn, type StandIn } from '../../../standin';
import { parsePoolLines } from '../../../standin/pool';
import { registerDblpRecords } from '../../../standin/dblp';

// Lines of HALLMARK's pool_dev.jsonl (MIT, rpatrik96/hallmark), verbatim.
const SCHAAR = `{"key":"conf/iclr/AlaaCS21","title":"Generative Time-series Modeling with Fourier Flows","authors":["Ahmed M. Alaa","Alex James Chan","Mihaela van der Schaar"],"year":2021,"venue":"ICLR","type":"inproceedings","src":["valid_entries","dev_public"]}
{"key":"conf/icml/AlaaBSS22","title":"How Faithful is your Synthetic Data? Sample-level Metrics for Evaluating and Auditing Generative Models","authors":["Ahmed M. Alaa","Boris van Breugel","Evgeny S. Saveliev","Mihaela van der Schaar"],"year":2022,"venue":"ICML","type":"inproceedings","src":["valid_entries","dev_public"]}
`;
const CLAIM = 'Van der Schaar et al. argue that each synthetic sample must be judged on its own fidelity, not by averages.';
const MEANT = 'conf/icml/AlaaBSS22';

describe('published search: the works of an author the claim names', () => {
  it('asks for the last word of the first name a claim cites, with the claim\'s words to rank', () => {
    const queries = heuristicQueries([CLAIM]);
    const [query, ...more] = namedAuthorQueries(CLAIM, queries);
    assert.deepEqual(query!.authors, ['schaar']);
    assert.ok(query!.keywords.length > 0);
    assert.equal(more.length, 0);
    assert.deepEqual(namedAuthorQueries('Synthetic samples must be judged on their own fidelity.', queries), [], 'names nobody');
    assert.deepEqual(namedAuthorQueries(CLAIM, [{ keywords: ['synthetic'], authors: ['Schaar'] }]), [], 'an informal citation is searched by author already');
  });

  it('asks for the last named author too when the claim names another work, never for a co-author', () => {
    const authorsAsked = (claim: string) => namedAuthorQueries(claim, heuristicQueries([claim])).map((q) => q.authors);
    assert.deepEqual(authorsAsked('Alaa [3] and Van der Schaar [4] both judge each synthetic sample on its own fidelity.'), [['alaa'], ['schaar']]);
    assert.deepEqual(authorsAsked('Alaa and Chan judge each synthetic sample on its own fidelity.'), [['alaa']]);
  });

  it('ranks a named author\'s works by the claim\'s topic words, never by the names it cites', () => {
    const claim = 'Pang[4] and Su[5] both optimized their multi-classification results using the Mincut model.';
    const queries = heuristicQueries([claim]);
    assert.ok(queries[0]!.keywords.some((k) => /\bPang\b/.test(k)), 'the topic query keeps the names (DBLP matches authors too)');
    for (const query of namedAuthorQueries(claim, queries)) {
      assert.ok(!query.keywords.some((k) => /\b(Pang|Su)\b/i.test(k)), `${query.authors}: ${query.keywords.join(', ')}`);
      assert.ok(query.keywords.some((k) => /Mincut/.test(k)));
    }
    const [alone] = namedAuthorQueries('Schaar et al.', heuristicQueries(['Schaar et al.']));
    assert.deepEqual([alone!.authors, alone!.keywords], [['schaar'], []], 'a name and nothing else: the author\'s works alone');
    const coAuthors = 'Alaa and Chan judge each synthetic sample on its own fidelity.';
    const [pair] = namedAuthorQueries(coAuthors, heuristicQueries([coAuthors]));
    assert.ok(pair!.keywords.includes('Chan'), `a co-author is a word of the one work named: kept (${pair!.keywords.join(', ')})`);
  });

  it('asks DBLP for the name with any of the rarest words, as for an informal citation', () => {
    assert.equal(dblpAuthorQuery({ keywords: ['fidelity', 'averages', 'synthetic'], authors: ['schaar'] }), 'schaar fidelity|averages|synthetic');
    assert.equal(dblpAuthorQuery({ keywords: [], authors: ['schaar'] }), 'schaar');
  });

  describe('against the stand-in', function () {
    this.timeout(20_000);
    let standIn: StandIn;
    let settings: Settings;
    before(async () => {
      standIn = await startStandIn();
      registerDblpRecords(standIn, parsePoolLines(SCHAAR));
      settings = resolveSettings({ ...standIn.settings, 'sources.dblp.intervalMs': 0, 'cache.enabled': false, 'http.retries': 0 });
    });
    after(() => standIn.close());
    beforeEach(() => (standIn.requests.length = 0));

    const search = (claimText: string, claimSource?: string) => {
      const http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
      const plan: PublishedPlan = { lanes: ['dblp'], reports: [{ lane: 'dblp', searched: true }], ownField: ['dblp'] };
      const queries = heuristicQueries([claimText]);
      const sources = { dblp: new DblpTopicSource(settings, http) };
      return searchPublished(plan, queries, { sources, claimText, claimSource, maxResults: 10, warn: () => {}, onHits: () => {} });
    };
    const dblpQueries = () => standIn.requests.filter((r) => r.service === 'dblp').map((r) => new URL(r.url, standIn.url).searchParams.get('q') ?? '');

    it('asks DBLP for the author\'s works beside the topic search, and finds the work meant', async () => {
      const { hits } = await search(CLAIM);
      assert.ok(dblpQueries().some((q) => /^schaar( |$)/.test(q)), dblpQueries().join('\n'));
      assert.ok(hits.some((h) => h.record.dblpKey === MEANT), hits.map((h) => h.record.title).join(' | '));
    });

    it('asks for the author alone when none of their works holds a claim word, and keeps only theirs', async () => {
      const http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
      const source = new DblpTopicSource(settings, http);
      const records = await source.search({ query: { keywords: ['judged', 'averages'], authors: ['schaar'] }, mode: 'any', maxResults: 10 });
      assert.deepEqual(dblpQueries(), ['schaar judged|averages', 'schaar']);
      assert.deepEqual(new Set(records.map((r) => r.dblpKey)), new Set([MEANT, 'conf/iclr/AlaaCS21']));
      assert.ok(records.every((r) => hasAuthors(r, ['Schaar'])));
    });

    it('asks DBLP for the author alone when the claim holds no word but the name', async () => {
      const { hits } = await search('As Van der Schaar et al. showed.');
      assert.ok(dblpQueries().includes('schaar'), dblpQueries().join('\n'));
      assert.ok(hits.some((h) => h.record.dblpKey === MEANT), hits.map((h) => h.record.title).join(' | '));
    });

    it('asks PubMed for the author\'s works by AUTH:, and keeps only theirs', async () => {
      // The stand-in's PubMed holds Herger et al.'s Cell Genomics article (test/fixtures/europepmc).
      const claimText = 'Like Herger et al., we read each variant\'s effect from its abundance after selection.';
      const http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
      const plan: PublishedPlan = { lanes: ['pubmed'], reports: [{ lane: 'pubmed', searched: true }], ownField: ['pubmed'] };
      const sources = createPublishedSources(settings, http);
      const queries = heuristicQueries([claimText]);
      const { hits } = await searchPublished(plan, queries, { sources, claimText, maxResults: 10, warn: () => {}, onHits: () => {} });
      const asked = standIn.requests.filter((r) => r.service === 'europepmc').map((r) => new URL(r.url, standIn.url).searchParams.get('query') ?? '');
      const byAuthor = asked.filter((q) => /AUTH:"herger"/i.test(q));
      assert.equal(byAuthor.length, 1, asked.join('\n'));
      // Europe PMC's free text covers the author list: the name among the topic words would match all their works.
      assert.doesNotMatch(byAuthor[0]!, /\bHerger OR|OR Herger\b/i);
      assert.ok(hits.some((h) => /pooled prime editing/i.test(h.record.title)), hits.map((h) => h.record.title).join(' | '));
    });

    it('asks DBLP for the works of each author whose work the claim names', async () => {
      await search('Alaa [3] and Van der Schaar [4] both judge each synthetic sample on its own fidelity, not by averages.');
      for (const name of ['alaa', 'schaar']) assert.ok(dblpQueries().some((q) => q.startsWith(`${name} `) || q === name), dblpQueries().join('\n'));
      // In LaTeX the citations are gone from the plain text; the selection as written still tells two works.
      standIn.requests.length = 0;
      const plain = 'Alaa and Van der Schaar both judge each synthetic sample on its own fidelity, not by averages.';
      await search(plain, 'Alaa~\\cite{alaa21} and Van der Schaar~\\cite{schaar22} both judge each synthetic sample on its own fidelity, not by averages.');
      for (const name of ['alaa', 'schaar']) assert.ok(dblpQueries().some((q) => q.startsWith(`${name} `) || q === name), dblpQueries().join('\n'));
      standIn.requests.length = 0;
      await search(plain);
      assert.ok(dblpQueries().every((q) => !q.startsWith('schaar')), `as plain text a pair of co-authors: ${dblpQueries().join(' | ')}`);
    });

    it('asks nobody\'s works for a claim that names nobody', async () => {
      await search('Each synthetic sample must be judged on its own fidelity, not by averages.');
      assert.ok(dblpQueries().length > 0);
      assert.ok(dblpQueries().every((q) => !/^schaar/.test(q)), dblpQueries().join('\n'));
    });
  });
});
