// A benchmark's pool served by the stand-in: DBLP answers in DBLP's form, Crossref in Crossref's,
// and the product's own clients read them back as they read the real services.
import assert from 'node:assert/strict';
import { createHttpClient } from '../../../src/core/net/http';
import { PacingRegistry } from '../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../src/core/settings';
import { fetchCrossrefWork, searchCrossref } from '../../../src/core/sources/crossref';
import { searchDblp } from '../../../src/core/sources/dblp';
import { fetchArxivById } from '../../../src/core/sources/arxiv';
import { crossrefName } from '../../standin/crossrefPool';
import { startStandIn, type StandIn } from '../../standin';
import { parsePoolLines, registerPoolRecords } from '../../standin/pool';

// Three lines of HALLMARK's pool_dev.jsonl (MIT, rpatrik96/hallmark), verbatim.
const POOL = `{"key":"conf/aaai/0001000FZ021","title":"Unified Tensor Framework for Incomplete Multi-view Clustering and Missing-view Inferring","authors":["Jie Wen 0001","Zheng Zhang 0006","Zhao Zhang 0001","Lei Zhu 0002","Lunke Fei","Bob Zhang 0001","Yong Xu 0001"],"year":2021,"venue":"AAAI","type":"inproceedings","doi":"10.1609/AAAI.V35I11.17231","src":["valid_entries","dev_public"]}
{"key":"conf/cvpr/000121","title":"T-vMF Similarity for Regularizing Intra-Class Feature Distribution","authors":["Takumi Kobayashi 0001"],"year":2021,"venue":"CVPR","type":"inproceedings","doi":"10.1109/CVPR46437.2021.00655","src":["valid_entries"]}

{"key":"conf/icml/Alquier21","title":"Non-Exponentially Weighted Aggregation: Regret Bounds for Unbounded Loss Functions","authors":["Pierre Alquier"],"year":2021,"venue":"ICML","type":"inproceedings","src":["valid_entries"]}
{"key":"journals/corr/abs-2602-12279","title":"UniT: Unified Multimodal Chain-of-Thought Test-time Scaling","authors":["Leon Liangyu Chen","Haoyu Ma","Zhipeng Fan","Ziqi Huang","Animesh Sinha","Xiaoliang Dai","Jialiang Wang","Zecheng He","Jianwei Yang","Chunyuan Li","Junzhe Sun","Chu Wang","Serena Yeung-Levy","Felix Juefei-Xu"],"year":2026,"venue":null,"type":"inproceedings","arxiv":"2602.12279","src":["valid_entries","dev_public"]}
`;

describe('stand-in pool (DBLP and Crossref forms)', () => {
  let standIn: StandIn;
  let settings: Settings;
  const deps = () => ({ http: createHttpClient(settings, { pacing: new PacingRegistry(), sweepAfterMs: false }), settings });

  before(async () => {
    standIn = await startStandIn();
    assert.deepEqual(registerPoolRecords(standIn, parsePoolLines(POOL)), { dblp: 4, crossref: 2, arxiv: 1 });
    settings = resolveSettings({ ...standIn.settings, 'cache.enabled': false, 'http.retries': 0, 'sources.dblp.intervalMs': 0, 'sources.arxiv.intervalMs': 0 });
  });
  after(() => standIn.close());

  it('serves DBLP\'s form: a period after the title, homonym numbers, a single author as an object', async () => {
    const response = await fetch(`${standIn.settings['sources.dblp.url']}/search/publ/api?q=T-vMF%20Similarity&format=json&h=5`);
    const raw = (await response.json()) as { result: { hits: { '@total': string; hit: { info: { title: string; authors: { author: unknown }; year: string } }[] } } };
    assert.equal(raw.result.hits['@total'], '1');
    const info = raw.result.hits.hit[0]!.info;
    assert.equal(info.title, 'T-vMF Similarity for Regularizing Intra-Class Feature Distribution.');
    assert.deepEqual(info.authors.author, { text: 'Takumi Kobayashi 0001' });
    assert.equal(info.year, '2021');
    const [record] = await searchDblp('Unified Tensor Framework Incomplete Multi-view', deps());
    assert.equal(record!.venue, 'AAAI');
    assert.equal(record!.doi, '10.1609/aaai.v35i11.17231');
    assert.deepEqual(record!.authors[0], { name: 'Jie Wen', homonym: '0001' });
  });

  it('serves Crossref\'s form: full venue names, given and family names, only works with a DOI', async () => {
    const work = await fetchCrossrefWork('10.1109/CVPR46437.2021.00655', deps());
    assert.equal(work?.containerTitle, '2021 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)');
    assert.deepEqual(work?.authors, ['Takumi Kobayashi']);
    assert.equal(work?.type, 'proceedings-article');
    const aaai = await fetchCrossrefWork('10.1609/aaai.v35i11.17231', deps());
    assert.equal(aaai?.containerTitle, 'Proceedings of the AAAI Conference on Artificial Intelligence');
    assert.equal(aaai?.shortContainerTitle, 'AAAI');
    const found = await searchCrossref({ bibliographic: 'Unified Tensor Framework for Incomplete Multi-view Clustering Wen 2021', author: 'Wen' }, deps());
    assert.equal(found[0]?.doi, '10.1609/aaai.v35i11.17231');
    assert.deepEqual(await searchCrossref({ bibliographic: 'Non-Exponentially Weighted Aggregation Alquier' }, deps()), [], 'no DOI, not in Crossref');
  });

  it('serves arXiv\'s form for works with an arXiv id, and DBLP\'s CoRR form for the same work', async () => {
    const [record] = await fetchArxivById(['2602.12279'], settings, deps().http);
    assert.equal(record?.title, 'UniT: Unified Multimodal Chain-of-Thought Test-time Scaling');
    assert.equal(record?.year, 2026);
    assert.equal(record?.version, 'v1');
    assert.equal(record?.authors.length, 14);
    const [corr] = await searchDblp('UniT Unified Multimodal Chain-of-Thought', deps());
    assert.equal(corr?.venue, 'CoRR');
    assert.equal(corr?.kind, 'informal');
    assert.equal(corr?.arxivId, '2602.12279');
  });

  it('splits names as Crossref records them', () => {
    assert.deepEqual(crossrefName('Satinder Singh 0001'), { given: 'Satinder', family: 'Singh' });
    assert.deepEqual(crossrefName('James von Brecht'), { given: 'James', family: 'von Brecht' });
    assert.deepEqual(crossrefName('Plato'), { family: 'Plato' });
  });
});
