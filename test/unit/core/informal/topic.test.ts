// An informal citation inside a sentence is searched by author and year and ranked by the
// sentence's topic; in computer science DBLP is asked too. The same-surname works are real
// (HALLMARK's pool_dev.jsonl, DBLP's records of ICLR/ICML/NeurIPS papers by a Wang).
import assert from 'node:assert/strict';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { createPipeline } from '../../../../src/core/pipeline';
import { formatQuery } from '../../../../src/core/queries/text';
import { resolveSettings, type Settings } from '../../../../src/core/settings';
import { ArxivSource } from '../../../../src/core/sources';
import { informalQueries } from '../../../../src/core/search/informalHook';
import { dblpAuthorQuery } from '../../../../src/core/search/dblpAuthorSearch';
import { hasAuthors, searchByAuthor } from '../../../../src/core/search/byAuthor';
import { authorSearchMode, rankByTopic, sentenceTopic } from '../../../../src/core/search/topic';
import { recogniseInformalCitation } from '../../../../src/core/informal/recognise';
import { startStandIn, type StandIn } from '../../../standin';
import { parsePoolLines } from '../../../standin/pool';
import { registerDblpRecords } from '../../../standin/dblp';

// Lines of HALLMARK's pool_dev.jsonl (MIT, rpatrik96/hallmark), verbatim; the paper the sentence
// means comes last, so the stand-in's own order never hands it to the product.
const WANGS = `{"key":"conf/iclr/00010YL22","title":"A Unified Contrastive Energy-based Model for Understanding the Generative Ability of Adversarial Training","authors":["Yifei Wang 0001","Yisen Wang 0001","Jiansheng Yang","Zhouchen Lin"],"year":2022,"venue":"ICLR","type":"inproceedings","src":["valid_entries"]}
{"key":"conf/iclr/0001ZDYL023","title":"A Message Passing Perspective on Learning Dynamics of Contrastive Learning","authors":["Yifei Wang 0001","Qi Zhang 0067","Tianqi Du","Jiansheng Yang","Zhouchen Lin","Yisen Wang 0001"],"year":2023,"venue":"ICLR","type":"inproceedings","src":["valid_entries"]}
{"key":"conf/iclr/0001YCL00L22","title":"CrossFormer: A Versatile Vision Transformer Hinging on Cross-scale Attention","authors":["Wenxiao Wang 0001","Lu Yao","Long Chen 0016","Binbin Lin","Deng Cai 0001","Xiaofei He 0001","Wei Liu 0005"],"year":2022,"venue":"ICLR","type":"inproceedings","src":["valid_entries"]}
{"key":"conf/icml/0013ZC22","title":"Thompson Sampling for Robust Transfer in Multi-Task Bandits","authors":["Zhi Wang 0013","Chicheng Zhang","Kamalika Chaudhuri"],"year":2022,"venue":"ICML","type":"inproceedings","src":["valid_entries"]}
{"key":"conf/nips/0001L22","title":"Posterior Collapse of a Linear Latent Variable Model","authors":["Zihao Wang 0001","Liu Ziyin 0001"],"year":2022,"venue":"NeurIPS","type":"inproceedings","src":["valid_entries"]}
{"key":"conf/iclr/0001I22","title":"On the Learning and Learnability of Quasimetrics","authors":["Tongzhou Wang 0001","Phillip Isola"],"year":2022,"venue":"ICLR","type":"inproceedings","src":["valid_entries"]}
{"key":"conf/iclr/0001WDK21","title":"Optimism in Reinforcement Learning with Generalized Linear Function Approximation","authors":["Yining Wang 0001","Ruosong Wang","Simon Shaolei Du","Akshay Krishnamurthy"],"year":2021,"venue":"ICLR","type":"inproceedings","src":["valid_entries"]}
{"key":"conf/iclr/0001Z0YL22","title":"Chaos is a Ladder: A New Theoretical Understanding of Contrastive Learning via Augmentation Overlap","authors":["Yifei Wang 0001","Qi Zhang 0067","Yisen Wang 0001","Jiansheng Yang","Zhouchen Lin"],"year":2022,"venue":"ICLR","type":"inproceedings","src":["valid_entries","dev_public"]}
`;
const SENTENCE = 'Wang et al. (2022) showed that contrastive learning works through the overlap of augmentations.';
const MEANT = 'conf/iclr/0001Z0YL22';

describe('informal citations: the sentence\'s topic', () => {
  it('takes the sentence\'s content words as the query\'s keywords, without names or reporting verbs', () => {
    const citation = recogniseInformalCitation(SENTENCE)!;
    assert.deepEqual(sentenceTopic(SENTENCE, citation), ['contrastive', 'learning', 'overlap', 'augmentations']);
    const [query] = informalQueries(SENTENCE, SENTENCE)!;
    assert.equal(formatQuery(query!), 'au:Wang contrastive learning overlap augmentations; 2021..2023');
    assert.equal(authorSearchMode(query!), 'any', 'topic words rank, they do not all have to match');
    assert.equal(dblpAuthorQuery(query!), 'Wang contrastive|learning|overlap|augmentations');
  });

  it('keeps a bare mention and a named paper as they were', () => {
    assert.equal(formatQuery(informalQueries('(Wang et al., 2022)', '(Wang et al., 2022)')![0]!), 'au:Wang; 2021..2023');
    const named = informalQueries('the BERT paper by Devlin et al. 2018', 'the BERT paper by Devlin et al. 2018')![0]!;
    assert.equal(formatQuery(named), 'au:Devlin BERT; 2017..2019');
    assert.equal(authorSearchMode(named), 'all');
  });

  it('ranks the works by the topic\'s words in their titles, ties in the host\'s order', () => {
    const works = parsePoolLines(WANGS).map((r) => ({ title: r.title, key: r.key }));
    assert.equal(rankByTopic(works, ['contrastive', 'learning', 'overlap', 'augmentations'])[0]!.key, MEANT);
    assert.deepEqual(rankByTopic(works, []), works);
  });

  describe('against the stand-in', function () {
    this.timeout(20_000);
    let standIn: StandIn;
    let settings: Settings;
    before(async () => {
      standIn = await startStandIn();
      registerDblpRecords(standIn, parsePoolLines(WANGS));
      settings = resolveSettings({ ...standIn.settings, 'sources.arxiv.intervalMs': 0, 'sources.dblp.intervalMs': 0, 'cache.enabled': false, 'fulltext.enabled': false, 'http.retries': 0 });
    });
    after(() => standIn.close());
    beforeEach(() => (standIn.requests.length = 0));
    const http = () => createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });

    it('asks DBLP for the author with any of the topic\'s words, and puts the paper meant first', async () => {
      const [query] = informalQueries(SENTENCE, SENTENCE)!;
      const { hits } = await searchByAuthor([query!], {
        sources: {},
        crossref: { http: http(), settings },
        maxResults: 10,
        warn: () => {},
        onHits: () => {},
      });
      const dblpHits = hits.filter((h) => h.record.source === 'dblp').sort((a, b) => a.rank - b.rank);
      assert.equal(dblpHits[0]?.record.dblpKey, MEANT);
      assert.ok(dblpHits.every((h) => hasAuthors(h.record, ['Wang']) && h.record.year! >= 2021 && h.record.year! <= 2023));
      const sent = standIn.requests.find((r) => r.service === 'dblp')!;
      assert.equal(new URL(sent.url, standIn.url).searchParams.get('q'), 'Wang contrastive|learning|overlap|augmentations');
    });

    it('asks DBLP again for the author alone when none of the author\'s works holds a topic word', async () => {
      const sentence = 'Wang et al. (2022) argued that representations cluster by their views.';
      const [query] = informalQueries(sentence, sentence)!;
      const deps = { sources: {}, crossref: { http: http(), settings }, maxResults: 10, warn: () => {}, onHits: () => {} };
      const { hits } = await searchByAuthor([query!], deps);
      const sent = standIn.requests.filter((r) => r.service === 'dblp').map((r) => new URL(r.url, standIn.url).searchParams.get('q'));
      assert.deepEqual(sent, ['Wang representations|cluster|views', 'Wang']);
      const found = hits.filter((h) => h.record.source === 'dblp').map((h) => h.record.dblpKey);
      assert.ok(found.includes(MEANT), found.join(' '));
      assert.ok(hits.every((h) => hasAuthors(h.record, ['Wang']) && h.record.year! >= 2021 && h.record.year! <= 2023));
    });

    it('asks a host again for the author alone when none of the author\'s works there holds a topic word', async () => {
      // arXiv reads `(a OR b) AND au:x` as a requirement: the sentence's words, all absent from the
      // recorded Perlmutter et al. (1999) entry, would empty arXiv's answer.
      const sentence = 'Perlmutter et al. (1999) argued that gravity repels on the largest scales.';
      const [query] = informalQueries(sentence, sentence)!;
      assert.equal(authorSearchMode(query!), 'any');
      const { hits } = await searchByAuthor([query!], {
        sources: { arxiv: new ArxivSource(settings, http()) },
        crossref: { http: http(), settings },
        maxResults: 10,
        warn: () => {},
        onHits: () => {},
      });
      assert.ok(hits.some((h) => h.record.source === 'arxiv' && /42 High-Redshift Supernovae/.test(h.record.title)), JSON.stringify(hits.map((h) => h.record.title)));
      const arxivQueries = standIn.requests.filter((r) => r.service === 'arxiv').map((r) => new URL(r.url, standIn.url).searchParams.get('search_query') ?? '');
      assert.equal(arxivQueries.length, 2, arxivQueries.join('\n'));
      assert.match(arxivQueries[0]!, /gravity/);
      assert.doesNotMatch(arxivQueries[1]!, /gravity/);
    });

    it('Find Citations on the sentence shows the paper meant first, with DBLP\'s BibTeX', async () => {
      const result = await createPipeline({ settings, http: http(), llm: null }).find({ selection: SENTENCE });
      assert.equal(result.candidates[0]?.dblpKey, MEANT, result.candidates.map((c) => c.title).join(' | '));
      // DBLP's BibTeX (its biburl says so), under citefinder's own key.
      assert.match(result.candidates[0]?.bibtex ?? '', /^@inproceedings\{wang2022chaos,[\s\S]*biburl\s+= \{https:\/\/dblp\.org\/rec\/conf\/iclr\/0001Z0YL22\.bib\}/);
    });

    it('takes the topic from the visible prose only: no comment, hidden text or cite key leaves the machine', async () => {
      const selection = 'Wang et al. (2022) showed % HiddenTopicSecret\n that contrastive learning \\iffalse IffalseTopicSecret \\fi works through the overlap of augmentations~\\cite{secretkey2022}.';
      const result = await createPipeline({ settings, http: http(), llm: null }).find({ selection });
      assert.deepEqual(result.queries, ['au:Wang contrastive learning overlap augmentations; 2021..2023']);
      const sent = standIn.requests.map((r) => decodeURIComponent(r.url.replace(/\+/g, ' '))).join('\n');
      assert.match(sent, /Wang contrastive\|learning\|overlap\|augmentations/, 'the visible topic did reach DBLP');
      for (const secret of ['HiddenTopicSecret', 'IffalseTopicSecret', 'secretkey2022']) assert.ok(!sent.includes(secret), `${secret} left the machine`);
    });

    it('finds "Vaswani et al. 2017"-style bare mentions on DBLP alone when no other service has them', async () => {
      const result = await createPipeline({ settings, http: http(), llm: null }).find({ selection: '(Wang et al., 2021)' });
      assert.ok(result.candidates.some((c) => c.dblpKey === 'conf/iclr/0001WDK21'), 'the 2021 ICLR paper, DOI-less, from DBLP');
      for (const c of result.candidates) assert.ok(hasAuthors(c, ['Wang']));
    });
  });
});
