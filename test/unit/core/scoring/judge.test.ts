// The LLM judge against the stand-in OpenAI-compatible server: real response envelopes, with the
// answer shapes real models produce (fences, prose around JSON, "8/10", invented indexes).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { FulltextDocument } from '../../../../src/core/fulltext/model';
import { createLlmClient } from '../../../../src/core/llm/client';
import type { LlmClient } from '../../../../src/core/llm/types';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import { LlmCallBudget, scoreCandidate } from '../../../../src/core/scoring';
import { readJudgements } from '../../../../src/core/scoring/judge';
import { parseTei } from '../../../../src/core/fulltext/tei';
import { fitsWindow, promptTokens } from '../../../../src/core/llm/window';
import type { Claim } from '../../../../src/core/types';
import { chatRequests, installOpenAi, type ChatRequestBody, type OpenAiStandInOptions } from '../../../standin/openai';
import { fixturePath, startStandInServer, type StandIn } from '../../../standin/server';

interface SciFactDoc {
  doc_id: number;
  abstract: string[];
}

/** A real SciFact abstract (doc 13734012, cited by dev claim 5), two sentences per paragraph. */
function realDocument(): FulltextDocument {
  const corpus = readFileSync(fixturePath('scifact', 'corpus_slice.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SciFactDoc);
  const doc = corpus.find((d) => d.doc_id === 13734012)!;
  const paragraphs = [];
  for (let i = 0; i < doc.abstract.length; i += 2) {
    const sentences = doc.abstract.slice(i, i + 2);
    paragraphs.push({ text: sentences.join(' '), sentences });
  }
  return { sections: [{ head: 'Body', paragraphs }], captions: [], references: [] };
}

const CLAIM_TEXT = '1/2000 in UK have abnormal PrP positivity.';
const claim: Claim = { source: CLAIM_TEXT, text: CLAIM_TEXT, sentences: [CLAIM_TEXT], context: {} };

/** The passages the judge was shown, as "[n] (section) text" lines of the last user message. */
function passagesSent(body: ChatRequestBody): string[] {
  const last = body.messages!.at(-1)!.content;
  return last.split('\n').filter((line) => /^\[\d+\]/.test(line));
}

describe('LLM judge (scoring) against the stand-in OpenAI server', () => {
  let standIn: StandIn;
  let options: OpenAiStandInOptions;
  let settings: Settings;
  let llm: LlmClient;
  let warnings: string[];

  beforeEach(async () => {
    options = {};
    standIn = await startStandInServer([(s) => installOpenAi(s, options)]);
    settings = resolveSettings({ ...standIn.settings, 'llm.model': 'gpt-4o-mini', 'scoring.llmParagraphs': 3 });
    llm = createLlmClient(settings)!;
    warnings = [];
  });
  afterEach(() => standIn.close());

  function score(budget = new LlmCallBudget(8), document = realDocument()) {
    return scoreCandidate(
      { claim, queries: [], document, retrievalScore: 0.5 },
      { llm, budget, settings, warn: (m) => warnings.push(m) },
    );
  }

  it('sends one call with the top N lexical paragraphs and reads a fenced JSON answer', async () => {
    options.reply = () =>
      '```json\n' +
      JSON.stringify({
        paragraphs: [
          { index: 1, score: 9, label: 'supports', reason: 'About 1 in 2000 people in the UK carry abnormal PrP.' },
          { index: 2, score: 2, label: 'unrelated', reason: 'Describes the tissue survey.' },
          { index: 3, score: 0, label: 'unrelated', reason: 'Methods only.' },
        ],
      }) +
      '\n```';
    const result = await score();
    const requests = chatRequests(standIn);
    assert.equal(requests.length, 1);
    const passages = passagesSent(requests[0]!);
    assert.equal(passages.length, 3, 'scoring.llmParagraphs = 3 paragraphs, numbered from 1');
    assert.match(passages[0]!, /^\[1\] \(Body\) /);
    assert.ok(requests[0]!.messages!.at(-1)!.content.includes(CLAIM_TEXT));
    assert.equal(result.support.label, 'supports');
    assert.equal(result.support.by, 'llm');
    // The judge's score is kept beside the calibrated one, which stays the number shown.
    assert.equal(result.paragraphs[0]!.llmScore, 0.9);
    assert.ok(result.paragraphs[0]!.score >= 0 && result.paragraphs[0]!.score <= 1);
    assert.equal(result.score, Math.max(...result.paragraphs.map((p) => p.score)));
    assert.equal(result.paragraphs[0]!.label, 'supports');
    assert.equal(result.paragraphs[0]!.reason, 'About 1 in 2000 people in the UK carry abnormal PrP.');
    // The judged paragraph is the one sent as [1], text unchanged.
    assert.ok(passages[0]!.endsWith(result.paragraphs[0]!.text.replace(/\s+/g, ' ').trim()));
    assert.deepEqual(warnings, []);
  });

  it('shows the lexical label beside the judge\'s when they disagree, and only then', async () => {
    const lexical = await scoreCandidate(
      { claim, queries: [], document: realDocument(), retrievalScore: 0.5 },
      { llm: null, budget: new LlmCallBudget(8), settings, warn: () => {} },
    );
    options.reply = () => JSON.stringify({ paragraphs: [{ index: 1, score: 8, label: 'contradicts', reason: 'The survey finds fewer carriers than the claim says.' }] });
    const disagree = await score();
    assert.equal(disagree.support.label, 'contradicts');
    assert.equal(disagree.support.by, 'llm');
    assert.notEqual(lexical.support.label, 'contradicts');
    assert.equal(disagree.support.lexical, lexical.support.label, 'the calibrated lexical label, kept beside the judge\'s');
    options.reply = () => JSON.stringify({ paragraphs: [{ index: 1, score: 8, label: lexical.support.label, reason: 'Agrees.' }] });
    const agree = await score();
    assert.equal(agree.support.label, lexical.support.label);
    assert.equal(agree.support.lexical, undefined);
  });

  it('reads "8/10" scores and JSON wrapped in prose', async () => {
    options.reply = () =>
      'Sure! Here is my assessment of the passages.\n' +
      '{"paragraphs": [{"index": "2", "score": "8/10", "label": "Supports", "reason": "Prevalence estimate of 1 in 2000."}]}\n' +
      'Let me know if you need anything else.';
    const result = await score();
    assert.equal(result.paragraphs.length, 1, 'only the judged paragraph is shown');
    assert.equal(result.paragraphs[0]!.llmScore, 0.8);
    assert.equal(result.paragraphs[0]!.label, 'supports');
    assert.equal(result.support.by, 'llm');
  });

  it('ignores paragraph indexes and papers the model invents; clamps and truncates', async () => {
    const longReason = Array.from({ length: 45 }, (_, i) => `word${i}`).join(' ');
    options.reply = () =>
      JSON.stringify({
        paragraphs: [
          { index: 7, score: 10, label: 'supports', reason: 'Invented passage.' },
          { index: 0, score: 10, label: 'supports', reason: 'There is no passage 0.' },
          { index: 3, score: 6, label: 'contradicts', reason: longReason },
          { index: 3, score: 10, label: 'supports', reason: 'Duplicate of 3: the first one counts.' },
          { index: 1, score: 15, label: 'supports', reason: 'Out of scale.' },
        ],
        papers: [{ title: 'A paper the model made up', doi: '10.1234/made.up' }],
      });
    const result = await score();
    const sent = passagesSent(chatRequests(standIn)[0]!);
    assert.equal(result.paragraphs.length, 2);
    for (const p of result.paragraphs) {
      assert.ok(p.score >= 0 && p.score <= 1, `score ${p.score} in 0–1`);
      assert.ok(sent.some((line) => line.endsWith(p.text.replace(/\s+/g, ' ').trim())), 'only paragraphs it was given');
      assert.ok(!/Invented|no passage 0|Duplicate/.test(p.reason));
    }
    const third = result.paragraphs.find((p) => p.label === 'contradicts')!;
    assert.equal(third.reason.split(' ').length, 30);
    assert.ok(third.reason.endsWith('…'));
    assert.ok(!JSON.stringify(result).includes('made.up'));
  });

  it('holds the per-claim call cap across candidates and says so once', async () => {
    options.reply = () => '{"paragraphs": [{"index": 1, "score": 7, "label": "supports", "reason": "Prevalence."}]}';
    const budget = new LlmCallBudget(2);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await score(budget));
    assert.equal(chatRequests(standIn).length, 2);
    assert.deepEqual(
      results.map((r) => r.support.by),
      ['llm', 'llm', 'lexical', 'lexical'],
    );
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /call cap reached.*maxLlmCalls = 2/);
  });

  it('falls back to lexical scores with a warning when the LLM answers HTTP 400', async () => {
    options.mode = 'http400';
    const result = await score();
    assert.equal(result.support.by, 'lexical');
    assert.equal(result.paragraphs.length, 3);
    assert.ok(result.paragraphs.every((p) => p.reason.startsWith('matches: ') || p.reason === 'no claim terms found'));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /answered HTTP 400.*Using the heuristics instead/);
  });

  it('falls back when the answer has no per-paragraph judgements (real fenced relevance answer)', async () => {
    options.mode = 'fenced'; // {"summary": ..., "relevance_score": 10}: no paragraph list
    const result = await score();
    assert.equal(result.support.by, 'lexical');
    assert.match(warnings[0]!, /judged none of the paragraphs/);
  });

  it('falls back when the model answers prose only (the recorded default reply)', async () => {
    const result = await score();
    assert.equal(result.support.by, 'lexical');
    assert.match(warnings[0]!, /LLM judge: the LLM's answer was unusable/);
  });

  it('uses no LLM and no budget when none is configured', async () => {
    const budget = new LlmCallBudget(1);
    const result = await scoreCandidate(
      { claim, queries: [], document: realDocument(), retrievalScore: 0.5 },
      { llm: null, budget, settings, warn: (m) => warnings.push(m) },
    );
    assert.equal(result.support.by, 'lexical');
    assert.equal(budget.taken, 0);
    assert.equal(standIn.requests.length, 0);
  });

  it('sends only the best paragraphs that fit the model\'s window with room for the answer, all of them in a larger one', async () => {
    // Ten long paragraphs GROBID read from the SPECTER paper: some 5,000 tokens, over a default Ollama window.
    const specter = parseTei(readFileSync(fixturePath('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml'), 'utf8'));
    const claimed: Claim = { ...claim, text: 'Citation-informed transformers learn document-level embeddings of scientific papers.' };
    options.reply = () => JSON.stringify({ paragraphs: [{ index: 1, score: 8, label: 'supports', reason: 'Embeds papers using citations.' }] });
    const sent = async (contextTokens: number) => {
      const at = resolveSettings({ ...standIn.settings, 'llm.model': 'gpt-4o-mini', 'scoring.llmParagraphs': 10, 'llm.contextTokens': contextTokens });
      const from = chatRequests(standIn).length;
      const result = await scoreCandidate(
        { claim: claimed, queries: [], document: specter, retrievalScore: 0.5 },
        { llm: createLlmClient(at), budget: new LlmCallBudget(8), settings: at, warn: (m) => warnings.push(m) },
      );
      assert.equal(result.support.by, 'llm');
      const requests = chatRequests(standIn).slice(from);
      assert.equal(requests.length, 1);
      return { passages: passagesSent(requests[0]!), messages: requests[0]!.messages! };
    };
    const small = await sent(0);
    assert.ok(small.passages.length >= 2 && small.passages.length < 10, `${small.passages.length} of 10 passages at 4,096 tokens`);
    assert.ok(fitsWindow(small.messages, 4096), `${promptTokens(small.messages)} tokens and the answer's 1,024 fit`);
    assert.deepEqual(warnings, [
      'LLM judge: not every paragraph asked for (scoring.llmParagraphs) fit the model\'s window of 4,096 tokens ' +
        '(citefinder.llm.contextTokens); the lexically best that fit were judged.',
    ]);
    warnings.length = 0;
    const large = await sent(32768);
    assert.equal(large.passages.length, 10);
    assert.deepEqual(large.passages.slice(0, small.passages.length), small.passages, 'the lexically best come first in both');
    assert.deepEqual(warnings, [], 'all fit: nothing to say');
  });
});

describe('readJudgements', () => {
  it('accepts a bare list in prompt order and objects keyed by passage number', () => {
    assert.deepEqual(
      readJudgements([{ score: 3, label: 'unrelated', reason: 'a' }, { score: 8, label: 'supports', reason: 'b' }], 2).map((j) => [j.index, j.score]),
      [[0, 0.3], [1, 0.8]],
    );
    assert.deepEqual(
      readJudgements({ '[2]': { score: '7', label: 'refutes', reason: 'c' } }, 2).map((j) => [j.index, j.label]),
      [[1, 'contradicts']],
    );
  });

  it('reads a 1 as one out of ten (the scale asked for), and 0.8 as a fraction', () => {
    assert.equal(readJudgements([{ index: 1, score: 1 }], 1)[0]!.score, 0.1);
    assert.equal(readJudgements([{ index: 1, score: 0.8 }], 1)[0]!.score, 0.8);
  });

  it('clamps scores off the 0–10 scale instead of rescaling or dropping them', () => {
    assert.deepEqual(
      readJudgements([{ index: 1, score: 15 }, { index: 2, score: -2 }], 2).map((j) => [j.index, j.score]),
      [[0, 1], [1, 0]],
    );
  });

  it('drops items without a readable score', () => {
    assert.deepEqual(readJudgements([{ index: 1, score: 'high' }, { index: 2 }], 2), []);
  });
});

describe('LlmCallBudget', () => {
  it('gives out max calls, then refuses', () => {
    const budget = new LlmCallBudget(2);
    assert.deepEqual([budget.tryTake(), budget.tryTake(), budget.tryTake(), budget.tryTake()], [true, true, false, false]);
    assert.equal(budget.taken, 2);
  });

  it('a zero budget never calls', () => {
    assert.equal(new LlmCallBudget(0).tryTake(), false);
  });
});
