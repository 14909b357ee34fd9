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
    const firstAnswer = Math.min(...details.map((r) => r.endSeq ?? Infinity));
    const bibtexAsks = standIn.requests.filter((r) => r.service === 'doi' || (r.service === 'crossref' && r.path.includes('/transform')));
    assert.ok(bibtexAsks.length > 0);
    assert.ok(bibtexAsks[0]!.seq < firstAnswer, 'the first BibTeX request came after the bioRxiv API\'s first answer');
    // The published DOI the bioRxiv details name is looked up too (its prefix's agency first).
    const published = result.candidates.find((c) => c.publishedDoi);
    assert.ok(published, result.candidates.map((c) => `${c.doi} ${c.publishedDoi}`).join(' | '));
    const prefix = published.publishedDoi!.split('/')[0]!;
    assert.ok(bibtexAsks.some((r) => r.path === `/ra/${prefix}`), bibtexAsks.map((r) => r.path).join(' '));
  });
});

describe('a preprint\'s BibTeX lookup that the journal\'s replaces', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  beforeEach(async () => {
    standIn = await startStandIn();
    resetRegistrationAgencies();
  });
  afterEach(() => standIn.close());

  it('takes back its Crossref transform before it is sent', async () => {
    // Crossref's first answer (the list of the preprints' records the BibTeX lookups read) waits
    // until the lookups were planned again with the journal DOIs the bioRxiv API named: the
    // journal's prefix is asked of doi.org (/ra/10.1038, nature12904's, a DOI only that answer names).
    let replanned!: () => void;
    const planned = new Promise<void>((resolve) => (replanned = resolve));
    const doi = standIn.handlerOf('doi')!;
    standIn.handle('doi', (req, res) => {
      if (req.path === '/ra/10.1038') replanned();
      return doi(req, res);
    });
    const crossref = standIn.handlerOf('crossref')!;
    standIn.handle('crossref', async (req, res) => {
      await planned;
      return crossref(req, res);
    });
    const settings = resolveSettings({ ...standIn.settings, 'cache.enabled': false, 'fulltext.enabled': false, 'sources.arxiv.intervalMs': 0, 'http.retries': 0 });
    const result = await createPipeline({ settings, llm: null }).find({
      selection: 'Genetic variants affecting protein abundance in single yeast cells can be mapped in large populations.',
    });
    const transforms = standIn.requests.filter((r) => r.service === 'crossref' && r.path.includes('/transform')).map((r) => decodeURIComponent(r.path));
    assert.ok(!transforms.some((path) => path.includes('10.1101/2024.04.01.587366')), `the preprint's entry was asked: ${transforms.join(' ')}`);
    const card = result.candidates.find((c) => c.doi === '10.1101/2024.04.01.587366');
    assert.equal(card?.publishedDoi, '10.1016/j.xgen.2025.100814');
    assert.equal(card?.bibtexOf, 'published', `${card?.bibtexSource} ${card?.bibtexError ?? ''}`);
  });
});
