// The offline demo's scripted model (`npm start -- --offline --llm`) must answer citefinder's real
// prompts in the shape citefinder reads: before, the query prompt got `{}` and every search said
// "the LLM's answer was unusable (the answer has no "queries" list)".
import assert from 'node:assert/strict';
import { queryMessages, readQueries } from '../../../../src/core/queries/llm';
import type { Claim } from '../../../../src/core/types';
import { CHAT_ANSWER_START, scriptedReply } from '../../../e2e/scriptedLlm';

const CLAIM: Claim = {
  source: 'A literature graph of scientific papers can be built with entity extraction and linking. Such graphs help search.',
  text: 'A literature graph of scientific papers can be built with entity extraction and linking. Such graphs help search.',
  sentences: ['A literature graph of scientific papers can be built with entity extraction and linking.', 'Such graphs help search.'],
  context: { title: 'A worked example' },
} as Claim;

describe('the scripted stand-in model', () => {
  it('answers the query prompt with keywords per sentence that readQueries accepts', () => {
    const answer = JSON.parse(scriptedReply({ messages: queryMessages(CLAIM, CLAIM.sentences) })) as unknown;
    const queries = readQueries(answer, CLAIM.sentences.length);
    assert.deepEqual(queries.map((q) => q.sentence), [0, 1, undefined], 'one query per sentence and the combined one');
    assert.ok(queries[0]!.keywords.includes('extraction') && queries[0]!.keywords.includes('scientific'), queries[0]!.keywords.join(', '));
    for (const q of queries) assert.ok(q.keywords.every((k) => CLAIM.text.toLowerCase().includes(k)), 'only the claim\'s own words');
  });

  it('quotes the attached paper\'s best paragraph from the context it was sent, and says it is scripted', () => {
    const system = 'You answer questions.\n\n## Attached papers\n[1] A paper\nAbstract: An abstract.\nParagraph 1 (section "Results"), score 0.80: The graph has 280M nodes. It links papers and authors. More text.';
    const answer = scriptedReply({ stream: true, messages: [{ role: 'system', content: system }, { role: 'user', content: 'Does it support the claim?' }] });
    assert.ok(answer.startsWith(`${CHAT_ANSWER_START}, "A paper", says, in its best paragraph (section "Results"): "The graph has 280M nodes. It links papers and authors." [1].`), answer);
    assert.match(answer, /Scripted stand-in model/);
  });
});
