import assert from 'node:assert/strict';
import type { Candidate } from '../../../../src/core/types';
import { buildChatMessages, PROMPT_LIMITS, SYSTEM_PROMPT } from '../../../../src/core/chat/prompt';
import { LLM_SETUP_HELP } from '../../../../src/webview/llmSetupHelp';

const paper: Candidate = {
  id: 'arxiv:astro-ph/9812133', source: 'arxiv', sources: ['arxiv'], matchedQueries: [0], retrievalScore: 0.7,
  title: 'Measurements of Omega and Lambda from 42 High-Redshift Supernovae',
  authors: ['S. Perlmutter', 'G. Aldering', 'G. Goldhaber', 'R. A. Knop', 'P. Nugent', 'P. G. Castro', 'S. Deustua'],
  year: 1999, doi: '10.1086/307221', arxivId: 'astro-ph/9812133',
  abstract: 'We report measurements of the mass density and cosmological-constant energy density. '.repeat(40),
  score: 0.82, support: { label: 'supports', by: 'lexical' },
  paragraphs: [
    { text: 'The data are strongly inconsistent with a Lambda = 0 flat cosmology.', section: 'Results', score: 0.9, reason: 'r' },
    { text: 'Second.', section: 'Discussion', score: 0.5, reason: 'r' },
    { text: 'Third.', section: '', score: 0.4, reason: 'r' },
    { text: 'Fourth, never shown.', section: 'Appendix', score: 0.3, reason: 'r' },
  ],
};

describe('chat prompt', () => {
  const context = {
    claim: 'The expansion of the universe is accelerating.',
    sectionTitle: 'Introduction',
    sectionText: 'The discovery of cosmic acceleration reshaped cosmology.',
    attachments: [paper, { ...paper, id: 'b', title: 'Second paper', paragraphs: undefined, support: undefined }],
  };

  it('confines the model to the attached material and numbers the papers', () => {
    const [system, question] = buildChatMessages(context, [], 'Which paper supports the claim?');
    assert.equal(system?.role, 'system');
    assert.ok(system!.content.startsWith(SYSTEM_PROMPT));
    assert.match(SYSTEM_PROMPT, /ONLY the attached material/);
    assert.match(system!.content, /\[1\] Measurements of Omega and Lambda/);
    assert.match(system!.content, /\[2\] Second paper/);
    assert.match(system!.content, /## Claim being cited\nThe expansion of the universe is accelerating\./);
    assert.match(system!.content, /## Manuscript section "Introduction"/);
    assert.match(system!.content, /doi:10\.1086\/307221 · arXiv:astro-ph\/9812133/);
    assert.match(system!.content, /Support for the claim: supports \(score 0\.82\)/);
    assert.deepEqual(question, { role: 'user', content: 'Which paper supports the claim?' });
  });

  it('includes the top 3 paragraphs only, abridges authors and long abstracts', () => {
    const [system] = buildChatMessages(context, [], 'q');
    assert.match(system!.content, /Paragraph 1 \(section "Results"\), score 0\.90: The data are strongly/);
    assert.match(system!.content, /Paragraph 3, score 0\.40: Third\./);
    assert.doesNotMatch(system!.content, /Fourth, never shown/);
    assert.match(system!.content, /Authors: S\. Perlmutter, .*, P\. G\. Castro, et al\./);
    const abstract = /Abstract: (.*)/.exec(system!.content)![1]!;
    assert.ok(abstract.length <= PROMPT_LIMITS.abstract && abstract.endsWith('…'));
  });

  it('keeps recent history between the context and the question', () => {
    const history = Array.from({ length: 20 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }) as const);
    const messages = buildChatMessages({ attachments: [] }, history, 'next');
    assert.equal(messages.length, 1 + PROMPT_LIMITS.history + 1);
    assert.equal(messages[1]!.content, 'm8');
    assert.match(messages[0]!.content, /none attached/);
  });

  it('explains local set-up without a cloud default', () => {
    const help = LLM_SETUP_HELP.join('\n');
    for (const word of ['Ollama', 'LM Studio', 'OpenAI-compatible', 'never falls back']) assert.ok(help.includes(word), word);
    assert.doesNotMatch(help, /api\.openai\.com/);
  });
});
