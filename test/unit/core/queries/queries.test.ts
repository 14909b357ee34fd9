import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseClaim } from '../../../../src/core/claim';
import { splitSentences } from '../../../../src/core/text/sentences';
import { createLlmClient } from '../../../../src/core/llm/client';
import { cleanKeywords, generateQueries, heuristicQueries, keyphrases, readQueries } from '../../../../src/core/queries';
import { formatQuery } from '../../../../src/core/queries/text';
import { resolveSettings } from '../../../../src/core/settings/index';
import type { Claim, Query } from '../../../../src/core/types';
import { chatRequests, installOpenAi, type OpenAiStandInOptions } from '../../../standin/openai';
import { fixturePath, startStandInServer, type StandIn } from '../../../standin/server';

const scifact = readFileSync(fixturePath('queries', 'scifact-dev-claims.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { id: number; claim: string });
const claimText = (id: number) => scifact.find((c) => c.id === id)!.claim;
const paper = readFileSync(fixturePath('latex', 'paper.tex'), 'utf8');

/** No query may carry a sentence of the context, nor the claim itself, to a search host. */
function assertKeywordsOnly(queries: Query[], claim: Claim): void {
  const contextSentences = [claim.context.title, claim.context.abstract, claim.context.sectionText]
    .filter((t): t is string => Boolean(t))
    .flatMap((t) => splitSentences(t, 'claim'));
  for (const query of queries) {
    const text = formatQuery(query);
    assert.ok(query.keywords.length >= 1 && query.keywords.length <= 6, `1-6 keywords: ${text}`);
    for (const keyword of query.keywords) assert.ok(keyword.split(' ').length <= 4, `keyword, not prose: "${keyword}"`);
    for (const sentence of [...contextSentences, ...claim.sentences, claim.text]) {
      if (sentence.split(' ').length >= 5) assert.ok(!text.includes(sentence), `query carries a sentence: ${text}`);
    }
  }
}

describe('heuristic keyphrases on real SciFact claims', () => {
  it('keeps entity phrases whole and drops generic words', () => {
    assert.deepEqual(keyphrases(claimText(53)), ['ALDH1 expression', 'prognosis', 'breast cancer']);
    assert.deepEqual(keyphrases(claimText(36)), ['deficiency', 'vitamin B12', 'blood', 'homocysteine']);
    assert.deepEqual(keyphrases(claimText(70)), ['PPM1D', 'suppresses', 'p53 function']);
    // "lymphatic filariasis" is one name (models/collocations.json); "treat" fills the query to three words.
    assert.deepEqual(keyphrases(claimText(94)), ['Albendazole', 'treat', 'lymphatic filariasis']);
  });

  it('gives every claim a query of 1-6 keywords without stopwords or bare numbers', () => {
    for (const { claim } of scifact) {
      const keywords = keyphrases(claim);
      assert.ok(keywords.length >= 1 && keywords.length <= 6, `${claim} -> ${keywords}`);
      for (const keyword of keywords) {
        assert.doesNotMatch(keyword, /^(the|of|in|is|are|with|to|and|a|an|that|for)$/i, claim);
        assert.doesNotMatch(keyword, /^[\d.,/%]+$/, claim);
      }
    }
  });

  it('joins "Type Ia" and leaves out the verbs of a physics claim', () => {
    const keywords = keyphrases('Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.');
    assert.ok(keywords.includes('Type Ia'), keywords.join('|'));
    assert.ok(keywords.includes('supernovae'));
    assert.ok(!keywords.includes('indicate') && !keywords.includes('Observations'));
  });

  it('leaves out the manuscript’s own figures, tables, equations and sections a plain-text claim numbers', () => {
    const cases: [string, RegExp][] = [
      ['As shown in Table 2, BERT outperforms ELMo on the GLUE benchmark.', /^BERT outperforms\|ELMo\|GLUE benchmark$/],
      ['Dark energy dominates the late universe (see Fig. 3 and Section 4.2).', /^Dark energy\|late\|universe$/],
      ['The error decreases exponentially with depth, as in Eq. (5).', /^error\|exponentially\|depth$/],
      ['Type Ia supernovae were observed with the Hubble Space Telescope (Supplementary Figs. 1a–3).', /Hubble/],
    ];
    for (const [sentence, expected] of cases) {
      const keywords = keyphrases(sentence).join('|');
      assert.match(keywords, expected, sentence);
      assert.doesNotMatch(keywords, /\b(Table|Fig|Figs|Section|Eq|see|1a|Supplementary)\b/, sentence);
    }
    // A table that is the topic, with no number after it, stays.
    assert.match(keyphrases('Mendeleev arranged the elements in a periodic table.').join('|'), /table/);
  });

  it('reads a list of works cited in plain text as citations, not as the topic', () => {
    // A CL-SciSumm training citance (J96-3004), cut after its seventh work: its surnames made the whole query.
    const citance = 'Since in written Chinese there is no explicit word delimiter (equivalent to the blank space in written English), the problem of Chinese sentence tokenization has been the focus of considerable research efforts, and significant advancements have been made (e.g., Bai 1995; Zhang et al. 1994; Chen and Liu 1992; Chiang et al. 1992; Fan and Tsai 1988; Gan 1995; Gan, Palmer, and Lua 1996).';
    const keywords = keyphrases(citance);
    assert.ok(keywords.includes('Chinese') && keywords.includes('delimiter'), keywords.join('|'));
    assert.deepEqual(keywords.filter((k) => /Zhang|Chen|Chiang|Tsai|Palmer|Lua|Bai|Gan/.test(k)), []);
  });

  it('makes one query per sentence plus a combined one, capped at four sentences', () => {
    const sentences = scifact.slice(0, 6).map((c) => c.claim);
    const queries = heuristicQueries(sentences);
    assert.deepEqual(queries.filter((q) => q.sentence !== undefined).map((q) => q.sentence), [0, 1, 2, 3]);
    const combined = queries.filter((q) => q.sentence === undefined);
    assert.equal(combined.length, 1);
    assert.ok(combined[0]!.keywords.length >= 2 && combined[0]!.keywords.length <= 5);
    assert.deepEqual(heuristicQueries([claimText(94)]).length, 1, 'no combined query for one sentence');
  });
});

describe('readQueries / cleanKeywords (LLM answers)', () => {
  it('reads the documented shape and converts sentence numbers to indexes', () => {
    assert.deepEqual(readQueries({ queries: [{ sentence: 2, keywords: ['dark energy', 'supernovae'] }, { sentence: '1', keywords: ['Hubble diagram'] }], combined: ['cosmic acceleration'] }, 2), [
      { keywords: ['dark energy', 'supernovae'], sentence: 1 },
      { keywords: ['Hubble diagram'], sentence: 0 },
      { keywords: ['cosmic acceleration'] },
    ]);
  });

  it('reads drifted shapes: a bare array, keyword strings in query syntax', () => {
    assert.deepEqual(readQueries([['a b', 'c'], '"type Ia supernovae" cosmology'], 2), [
      { keywords: ['a b', 'c'], sentence: 0 },
      { keywords: ['type Ia supernovae', 'cosmology'], sentence: 1 },
    ]);
  });

  it('drops hallucinated sentence numbers and rejects answers with nothing usable', () => {
    assert.deepEqual(readQueries({ queries: [{ sentence: 7, keywords: ['x'] }, { sentence: 1, keywords: ['y'] }] }, 1), [{ keywords: ['y'], sentence: 0 }]);
    assert.throws(() => readQueries({ summary: 'no queries' }, 1), /no "queries" list/);
    assert.throws(() => readQueries({ queries: [{ sentence: 1, keywords: [] }] }, 1), /no usable keywords/);
  });

  it('keeps keywords, not prose or search syntax', () => {
    assert.deepEqual(
      cleanKeywords(['ti:"dark energy"', 'supernovae AND cosmology', 'The expansion of the universe is accelerating today', 'SUPERNOVAE', '', 42, 'IL-6']),
      ['dark energy', 'supernovae cosmology', 'SUPERNOVAE', 'IL-6'],
    );
    assert.deepEqual(cleanKeywords(['Dark Energy', 'dark energy']), ['Dark Energy']);
    assert.equal(cleanKeywords(Array.from({ length: 10 }, (_, i) => `term${i}`)).length, 6);
  });
});

describe('generateQueries', () => {
  const selection = 'Observations of distant Type~Ia supernovae indicate that the expansion of the universe is accelerating \\parencite{riess1998}.\nDust extinction is corrected with the Cardelli law (Eq.~\\eqref{eq:mu}).';
  const claim = parseClaim(selection, paper);
  let standIn: StandIn;
  let options: OpenAiStandInOptions;

  beforeEach(async () => {
    options = {};
    standIn = await startStandInServer([(s) => installOpenAi(s, options)]);
  });
  afterEach(() => standIn.close());
  const llm = () => createLlmClient(resolveSettings({ ...standIn.settings, 'llm.model': 'gpt-4o-mini' }));

  it('uses heuristics without an LLM, keywords only', async () => {
    const warnings: string[] = [];
    const { queries, by } = await generateQueries(claim, null, (m) => warnings.push(m));
    assert.equal(by, 'heuristic');
    assert.deepEqual(warnings, []);
    assert.deepEqual(queries.map((q) => q.sentence), [0, 1, undefined]);
    assertKeywordsOnly(queries, claim);
  });

  it('asks the LLM once for all sentences, with the manuscript context', async () => {
    options.reply = () => JSON.stringify({
      queries: [
        { sentence: 1, keywords: ['Type Ia supernovae', 'accelerating universe', 'cosmological constant'] },
        { sentence: 2, keywords: ['dust extinction', 'Cardelli law'] },
      ],
      combined: ['supernova cosmology', 'dust extinction'],
    });
    const { queries, by } = await generateQueries(claim, llm(), () => assert.fail('no warning expected'));
    assert.equal(by, 'llm');
    assert.deepEqual(queries.map(formatQuery), [
      '"Type Ia supernovae" "accelerating universe" "cosmological constant"',
      '"dust extinction" "Cardelli law"',
      '"supernova cosmology" "dust extinction"',
    ]);
    const requests = chatRequests(standIn);
    assert.equal(requests.length, 1);
    const prompt = requests[0]!.messages!.map((m) => m.content).join('\n');
    assert.match(prompt, /1\. Observations of distant Type Ia supernovae/);
    assert.match(prompt, /2\. Dust extinction is corrected/);
    assert.match(prompt, /Manuscript title: Cosmic Acceleration from Type Ia Supernovae/);
    assert.match(prompt, /Manuscript abstract: We revisit the evidence/);
    assert.match(prompt, /Section: Methods \/ Light-curve fitting/);
    assertKeywordsOnly(queries, claim);
  });

  it('never lets a context sentence the model echoes into a query', async () => {
    const echoed = claim.context.abstract!.split('. ')[0]!;
    options.reply = () => JSON.stringify({ queries: [{ sentence: 1, keywords: [echoed, 'supernovae'] }, { sentence: 2, keywords: [claim.sentences[1]] }], combined: [claim.text] });
    const { queries, by } = await generateQueries(claim, llm(), () => {});
    assert.equal(by, 'llm');
    assertKeywordsOnly(queries, claim);
    assert.deepEqual(queries[0]!.keywords, ['supernovae']);
    assert.deepEqual(queries[1]!.keywords, keyphrases(claim.sentences[1]!), 'a sentence left without keywords gets heuristic ones');
  });

  it('fills a sentence the model skipped from the heuristics', async () => {
    options.reply = () => '{"queries": [{"sentence": 2, "keywords": ["dust extinction"]}]}';
    const { queries, by } = await generateQueries(claim, llm(), () => {});
    assert.equal(by, 'llm');
    assert.deepEqual(queries[0], { keywords: keyphrases(claim.sentences[0]!), sentence: 0 });
    assert.deepEqual(queries[1], { keywords: ['dust extinction'], sentence: 1 });
  });

  for (const [what, setup, pattern] of [
    ['prose (the recorded default answer)', (o: OpenAiStandInOptions) => void o, /^Queries: the LLM's answer was unusable \(The model did not return JSON/],
    ['other JSON (the recorded fenced answer)', (o: OpenAiStandInOptions) => void (o.mode = 'fenced'), /no "queries" list/],
    ['an HTTP 400', (o: OpenAiStandInOptions) => void (o.mode = 'http400'), /HTTP 400.*Using the heuristics instead\.$/],
  ] as const) {
    it(`falls back to heuristics with one warning on ${what}`, async () => {
      setup(options);
      const warnings: string[] = [];
      const { queries, by } = await generateQueries(claim, llm(), (m) => warnings.push(m));
      assert.equal(by, 'heuristic');
      assert.equal(warnings.length, 1);
      assert.match(warnings[0]!, pattern);
      assert.deepEqual(queries, (await generateQueries(claim, null, () => {})).queries);
    });
  }

  it('does not swallow cancellation', async () => {
    standIn.handle('openai', () => {});
    const controller = new AbortController();
    const generating = generateQueries(claim, llm(), () => assert.fail('no warning on abort'), controller.signal);
    setImmediate(() => controller.abort());
    await assert.rejects(generating, (e: unknown) => e instanceof Error && e.name === 'AbortError');
  });
});
