// Searching for an informal citation by author and year: the query's text form and each host's
// syntax, then Find Citations end to end against the stand-ins (recorded arXiv feeds, Europe PMC
// preprints and Crossref works), each form finding its real record.
import assert from 'node:assert/strict';
import { startStandIn, type StandIn } from '../../../standin';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings/index';
import { formatQuery, parseQuery } from '../../../../src/core/queries/text';
import { renderArxivQuery } from '../../../../src/core/sources/arxivQuery';
import { renderEuropePmcQuery } from '../../../../src/core/sources/europepmcQuery';
import { recogniseInformalCitation } from '../../../../src/core/informal/recognise';
import { informalQuery } from '../../../../src/core/informal/query';
import { hasAuthors } from '../../../../src/core/search/byAuthor';
import type { Candidate } from '../../../../src/core/types';

const queryOf = (text: string) => informalQuery(recogniseInformalCitation(text)!);

describe('informal citations: search by author and year', () => {
  it('writes the first author and the year ±1 in the text form, and reads them back', () => {
    const query = queryOf('as Perlmutter et al. (1999) showed');
    assert.equal(formatQuery(query), 'au:Perlmutter; 1998..2000');
    assert.deepEqual(parseQuery(formatQuery(query)), query);
    const titled = queryOf('the BERT paper by Devlin et al. 2018');
    assert.equal(formatQuery(titled), 'au:Devlin BERT; 2017..2019');
    assert.deepEqual(parseQuery('au:"Del Maestro" vortex; 2010..').authors, ['Del Maestro']);
  });

  it('renders arXiv au: and Europe PMC AUTH: clauses with the date range', () => {
    const query = queryOf('Del Maestro et al. (2010)');
    assert.equal(renderArxivQuery(query, 'all'), 'au:del_maestro AND submittedDate:[200901010000 TO 201112312359]');
    assert.equal(
      renderEuropePmcQuery(query, 'all', 'bioRxiv'),
      'AUTH:"Del Maestro" AND FIRST_PDATE:[2009-01-01 TO 2011-12-31] AND SRC:PPR AND PUBLISHER:"bioRxiv"',
    );
    const titled = queryOf('the BERT paper by Devlin et al. 2018');
    assert.equal(renderArxivQuery(titled, 'all'), '(all:BERT) AND au:devlin AND submittedDate:[201701010000 TO 201912312359]');
  });

  it('matches family names against the record\'s authors, however they are written', () => {
    const record = { id: 'x', source: 'arxiv' as const, title: 't', authors: ['Adrian Del Maestro', 'Subir Sachdev'] };
    assert.ok(hasAuthors(record, ['Del Maestro']));
    assert.ok(hasAuthors({ ...record, authors: ['Del-Maestro, A.'] }, ['Del Maestro']));
    assert.ok(!hasAuthors(record, ['Maestro Del']));
    assert.ok(!hasAuthors(record, ['Sachdeva']));
  });

  describe('Find Citations on an informal citation (stand-in)', function () {
    this.timeout(20_000);
    let standIn: StandIn;
    beforeEach(async () => (standIn = await startStandIn()));
    afterEach(() => standIn.close());

    async function find(selection: string) {
      const settings = resolveSettings({ ...standIn.settings, 'sources.arxiv.intervalMs': 0, 'cache.enabled': false, 'fulltext.enabled': false, 'http.retries': 0 });
      const http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
      return createPipeline({ settings, http, llm: null }).find({ selection });
    }
    const requests = (service: string) => standIn.requests.filter((r) => r.service === service).map((r) => decodeURIComponent(r.url.replace(/\+/g, ' ')));
    const everyCandidate = (candidates: Candidate[], family: string, from: number, until: number) => {
      assert.ok(candidates.length > 0, 'some candidates');
      for (const c of candidates) {
        assert.ok(hasAuthors(c, [family]), `${c.title} has ${family} among ${c.authors.join(', ')}`);
        // A record without a year is kept (Crossref's record of the IEEE paper has none).
        assert.ok(c.year === undefined || (c.year >= from && c.year <= until), `${c.title}: ${c.year}`);
      }
    };

    it('finds Perlmutter et al. (1999), the arXiv preprint of 1998, searching by au: and dates', async () => {
      const result = await find('As Perlmutter et al. (1999) showed, the expansion of the Universe accelerates.');
      // The rest of the sentence ranks Perlmutter's works of those years (any of its words).
      assert.deepEqual(result.queries, ['au:Perlmutter expansion Universe accelerates; 1998..2000']);
      assert.ok(result.candidates.some((c) => c.arxivId === 'astro-ph/9812133'));
      everyCandidate(result.candidates, 'Perlmutter', 1998, 2000);
      assert.ok(requests('arxiv').some((u) => u.includes('(all:expansion OR all:Universe OR all:accelerates) AND au:perlmutter AND submittedDate:[199801010000 TO 200012312359]')));
      assert.ok(requests('crossref').some((u) => u.includes('query.author=Perlmutter') && u.includes('query.bibliographic=Perlmutter 1999')));
    });

    it('finds Del Maestro\'s 2010 paper from the recorded au:del_maestro feed, and none of his other years', async () => {
      const result = await find('[Del Maestro et al. 2010]');
      everyCandidate(result.candidates, 'Del Maestro', 2009, 2011);
      assert.ok(result.candidates.some((c) => c.year === 2010));
    });

    it('finds a bioRxiv preprint through Europe PMC AUTH: (Brandvain et al., 2013)', async () => {
      const result = await find('(Brandvain et al., 2013)');
      assert.ok(requests('europepmc').some((u) => u.includes('AUTH:"Brandvain"')));
      assert.ok(result.candidates.some((c) => c.source === 'biorxiv' && /Mimulus/.test(c.title)));
      everyCandidate(result.candidates, 'Brandvain', 2012, 2014);
    });

    it('finds a published paper through Crossref from a numbered reference line', async () => {
      const result = await find('[7] S. Arya, T. Turletti, Accurate and explicit differentiation of wireless and congestion losses, ICDCSW, 2003.');
      const found = result.candidates.find((c) => c.doi === '10.1109/icdcsw.2003.1203662');
      assert.ok(found, 'the IEEE paper');
      assert.equal(found.source, 'crossref');
      everyCandidate(result.candidates, 'Arya', 2002, 2004);
    });

    it('finds nothing by Perlmutter in a year he published no recorded work', async () => {
      const result = await find('Perlmutter et al. (2012)');
      assert.ok(!result.candidates.some((c) => c.arxivId === 'astro-ph/9812133'));
      for (const c of result.candidates) assert.ok(hasAuthors(c, ['Perlmutter']));
    });
  });
});
