// A journal or proceedings card that names its arXiv version (DBLP's CoRR twin, Semantic Scholar's
// `externalIds.ArXiv`) is read in full from arXiv's PDF, which is open where the publisher's copy
// rarely is, instead of being scored on its title. The paper is the NAACL 2018 industry-track paper
// whose real PDF the stand-in serves as arXiv:1805.02262 (test/standin/files.ts); the records are
// as DBLP lists the proceedings paper and its CoRR copy: a title, authors, an id, no abstract.
import { strict as assert } from 'node:assert';
import { formatFindResult } from '../../../../src/cli/format';
import { OpenAccessLookup } from '../../../../src/core/candidates/openAccessLookup';
import { supportStage } from '../../../../src/core/pipeline/support';
import { Run } from '../../../../src/core/pipeline/run';
import { pdfUrlCandidates } from '../../../../src/core/fulltext';
import { resolveSettings } from '../../../../src/core/settings/index';
import type { Claim, FindResult, PaperRecord } from '../../../../src/core/types';
import { useYeastStages } from '../../../helpers/yeastStages';

const TITLE = 'Construction of the Literature Graph in Semantic Scholar';
const AUTHORS = ['Waleed Ammar', 'Dirk Groeneveld', 'Chandra Bhagavatula', 'Iz Beltagy', 'Miles Crawford'];
const PROCEEDINGS: PaperRecord = {
  id: 'doi:10.18653/v1/n18-3011', source: 'dblp', title: TITLE, authors: AUTHORS, year: 2018,
  doi: '10.18653/v1/N18-3011', journal: 'NAACL-HLT (3)', dblpKey: 'conf/naacl/AmmarGBBCDDEFHK18',
};
const CORR_TWIN: PaperRecord = {
  id: 'arxiv:1805.02262', source: 'dblp', title: TITLE, authors: AUTHORS, year: 2018,
  arxivId: '1805.02262', journal: 'CoRR', dblpKey: 'journals/corr/abs-1805-02262',
};
const TEXT = 'A literature graph of scientific papers, their authors and the entities they mention can be built with entity extraction and linking.';
const CLAIM: Claim = { source: TEXT, text: TEXT, sentences: [TEXT], context: {} };

describe('a published card read from its arXiv version', () => {
  const yeast = useYeastStages();
  const pdfAsked = () => yeast.standIn.requests.filter((r) => r.service === 'files').map((r) => r.path);

  async function scored(records: PaperRecord[], settings: Record<string, unknown> = {}) {
    const { store, deps } = yeast.stages();
    const run = new Run(() => {});
    const stageDeps = { ...deps, settings: resolveSettings({ ...deps.settings, 'grobid.enabled': false, ...settings }) };
    store.addHits(records.map((record, rank) => ({ record, queryIndex: 0, rank })));
    await supportStage(store.list(), CLAIM, [{ keywords: ['literature graph', 'entity linking'] }],
      { ...stageDeps, llm: null, store, enriched: async () => {} }, run);
    return { card: store.list()[0]!, warnings: run.warnings };
  }

  it('reads a proceedings card merged with its CoRR copy from arXiv\'s PDF, paragraph by paragraph', async () => {
    const { card, warnings } = await scored([PROCEEDINGS, CORR_TWIN]);
    assert.equal(card.arxivId, '1805.02262');
    assert.equal(card.openAccess, true, 'its arXiv version is open');
    assert.equal(card.fulltext, 'pdfjs', warnings.join(' | '));
    assert.deepEqual(pdfAsked(), ['/arxiv/pdf/1805.02262']);
    assert.equal(card.fulltextArxivVersion, '1805.02262', 'the card says its passages are the preprint\'s');
    // The CLI's readable list of that card (routing and timings play no part in a card's lines).
    const result = { claim: TEXT, sentences: [TEXT], queries: [], candidates: [card], warnings, timings: { totalMs: 1, stages: {} } };
    const listed = formatFindResult(result as unknown as FindResult);
    assert.match(listed, /\n {3}open access · passages from its arXiv version \(arXiv:1805\.02262\)\n/);
    assert.ok(card.paragraphs?.some((p) => /entity linking|entities/i.test(p.text) && p.section !== 'Abstract'), JSON.stringify(card.paragraphs?.map((p) => p.section)));
  });

  it('keeps the title-only reading, saying why, when arXiv\'s PDFs are switched off', async () => {
    const { card, warnings } = await scored([PROCEEDINGS, CORR_TWIN], { 'sources.arxivPdf.url': '' });
    assert.equal(card.fulltext, 'abstract');
    assert.equal(card.fulltextArxivVersion, undefined);
    assert.deepEqual(pdfAsked(), []);
    assert.ok(warnings.some((w) => /no open-access PDF link is known/.test(w)), warnings.join(' | '));
  });

  it('asks OpenAlex for a card\'s missing abstract, never for a full text its arXiv version gives', async () => {
    const asked = async (records: PaperRecord[]) => {
      const { store, deps } = yeast.stages();
      yeast.standIn.requests.length = 0;
      store.addHits(records.map((record, rank) => ({ record, queryIndex: 0, rank })));
      const lookup = new OpenAccessLookup(deps, store, () => {});
      lookup.update();
      await lookup.settle();
      return yeast.standIn.requests.filter((r) => r.service === 'openalex').map((r) => decodeURIComponent(r.path));
    };
    const withAbstract = { ...PROCEEDINGS, abstract: 'We describe a deployed scalable system for organizing published scientific literature.' };
    assert.deepEqual(await asked([withAbstract, CORR_TWIN]), []);
    assert.deepEqual(await asked([withAbstract]), ['/works/doi:10.18653/v1/N18-3011'], 'without an arXiv version it is asked for a PDF');
    assert.deepEqual(await asked([PROCEEDINGS, CORR_TWIN]), ['/works/doi:10.18653/v1/N18-3011'], 'without an abstract it is asked for one');
  });

  it('tries the link the record\'s own source gave first, and adds none to an arXiv record or a record without an arXiv id', () => {
    const settings = resolveSettings({ 'sources.arxivPdf.url': 'https://arxiv.org/pdf/' });
    const s2 = { ...CORR_TWIN, source: 'semanticscholar' as const, pdfUrl: 'https://aclanthology.org/N18-3011.pdf' };
    assert.deepEqual(pdfUrlCandidates(s2, settings), ['https://aclanthology.org/N18-3011.pdf', 'https://arxiv.org/pdf/1805.02262']);
    assert.deepEqual(pdfUrlCandidates(PROCEEDINGS, settings), []);
    const arxiv: PaperRecord = { ...CORR_TWIN, source: 'arxiv', url: 'https://arxiv.org/abs/1805.02262v1', pdfUrl: 'https://arxiv.org/pdf/1805.02262v1' };
    assert.deepEqual(pdfUrlCandidates(arxiv, settings), ['https://arxiv.org/pdf/1805.02262v1']);
  });
});
