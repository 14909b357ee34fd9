// BibTeX does not wait for the bioRxiv API: a candidate's DOI is known from the search answer, so
// its BibTeX lookup leaves then, and the journal's entry replaces the preprint's once the bioRxiv
// details name the published DOI. Against the stand-in, the bioRxiv API made slow.
import { strict as assert } from 'node:assert';
import { startStandIn, type StandIn } from '../../../standin';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { resolveSettings } from '../../../../src/core/settings/index';
import { resetRegistrationAgencies } from '../../../../src/core/bibtex/agency';

/** Under the enrichment's cap (ENRICHMENT_WAIT_MS), so that a lookup that waits for the answer waits for all of it. */
const BIORXIV_MS = 1000;

describe('BibTeX leaves with the search answer', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  beforeEach(async () => {
    standIn = await startStandIn({ latency: { biorxiv: BIORXIV_MS } });
    resetRegistrationAgencies();
  });
  afterEach(() => standIn.close());

  async function find(selection: string) {
    const settings = resolveSettings({ ...standIn.settings, 'cache.enabled': false, 'fulltext.enabled': false, 'sources.arxiv.intervalMs': 0, 'http.retries': 0 });
    return createPipeline({ settings, llm: null }).find({ selection });
  }

  it('asks for a preprint\'s BibTeX before the bioRxiv API answers, and then the journal\'s DOI', async () => {
    const result = await find('Genetic variants affecting protein abundance in single yeast cells can be mapped in large populations.');
    const details = standIn.requests.filter((r) => r.service === 'biorxiv');
    assert.ok(details.length > 0, 'the bioRxiv API was asked');
    const firstAnswer = Math.min(...details.map((r) => r.endAt ?? Infinity));
    const bibtexAsks = standIn.requests.filter((r) => r.service === 'doi' || (r.service === 'crossref' && r.path.includes('/transform')));
    assert.ok(bibtexAsks.length > 0);
    assert.ok(bibtexAsks[0]!.at < firstAnswer, `the first BibTeX request left ${bibtexAsks[0]!.at - firstAnswer} ms after the bioRxiv API's first answer`);
    // The published DOI the bioRxiv details name is looked up too (its prefix's agency first).
    const published = result.candidates.find((c) => c.publishedDoi);
    assert.ok(published, result.candidates.map((c) => `${c.doi} ${c.publishedDoi}`).join(' | '));
    const prefix = published.publishedDoi!.split('/')[0]!;
    assert.ok(bibtexAsks.some((r) => r.path === `/ra/${prefix}`), bibtexAsks.map((r) => r.path).join(' '));
  });
});
