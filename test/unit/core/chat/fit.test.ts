// The chat's prompt fitted to the model's window, on real material: five papers of a recorded
// arXiv answer (their abstracts) with paragraphs GROBID read from the SPECTER paper, and a
// section of real prose. At Ollama's default 4,096 tokens the whole prompt would not fit, so the
// least useful parts go first and the system prompt, the claim and every paper stay.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { fitChatMessages } from '../../../../src/core/chat/fit';
import { buildChatMessages, PROMPT_LIMITS, SYSTEM_PROMPT, type ChatContext } from '../../../../src/core/chat/prompt';
import { parseTei } from '../../../../src/core/fulltext/tei';
import type { ChatMessage } from '../../../../src/core/llm/types';
import { fitsWindow, promptTokens } from '../../../../src/core/llm/window';
import { parseArxivFeed } from '../../../../src/core/sources/arxivAtom';
import type { Candidate } from '../../../../src/core/types';
import { fixturePath } from '../../../standin/server';

function realContext(): ChatContext {
  const feed = parseArxivFeed(readFileSync(fixturePath('arxiv-atom', 'api2026_search_testing_10-results.atom.xml'), 'utf8'));
  const tei = parseTei(readFileSync(fixturePath('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml'), 'utf8'));
  const paragraphs = tei.sections
    .flatMap((s) => s.paragraphs.map((p) => ({ text: p.text, section: s.head })))
    .filter((p) => p.text.length > 400);
  assert.ok(feed.records.length >= 5 && paragraphs.length >= 15, 'the fixtures hold five papers and fifteen long paragraphs');
  const attachments: Candidate[] = feed.records.slice(0, 5).map((record, i) => ({
    ...record,
    sources: ['arxiv'],
    matchedQueries: [0],
    retrievalScore: 0.5,
    paragraphs: paragraphs.slice(3 * i, 3 * i + 3).map((p, j) => ({ ...p, score: 0.8 - j / 10, reason: 'shares the claim\'s terms' })),
  }));
  const intro = tei.sections[0]!;
  return {
    claim: 'Document-level representations can be learned from citation links between papers.',
    sectionTitle: intro.head,
    sectionText: intro.paragraphs.map((p) => p.text).join('\n\n'),
    attachments,
  };
}

const history: ChatMessage[] = Array.from({ length: 10 }, (_, i) => ({
  role: i % 2 ? 'assistant' : 'user',
  content: i % 2 ? 'Paper [2] reports that citation-informed transformers outperform earlier baselines on the benchmark.' : 'Which of them supports the claim?',
}));

describe('chat: the prompt fitted to the model\'s window', () => {
  const context = realContext();

  it('sends the whole prompt, and says nothing, when the window holds it', () => {
    const whole = buildChatMessages(context, history, 'Which paper should I cite?');
    assert.ok(promptTokens(whole) > 4096, `the whole prompt is ${promptTokens(whole)} tokens, more than a default Ollama window`);
    const fitted = fitChatMessages(context, history, 'Which paper should I cite?', Number.POSITIVE_INFINITY);
    assert.deepEqual(fitted.messages, whole);
    assert.equal(fitted.note, undefined);
  });

  it('at 4,096 tokens keeps the instructions, the claim, every paper and the question, and says what it left out', () => {
    const { messages, note } = fitChatMessages(context, history, 'Which paper should I cite?', 4096);
    assert.ok(fitsWindow(messages, 4096), `${promptTokens(messages)} tokens`);
    const system = messages[0]!;
    assert.equal(system.role, 'system');
    assert.ok(system.content.startsWith(SYSTEM_PROMPT), 'the instructions come first, whole');
    assert.match(system.content, /## Claim being cited\nDocument-level representations can be learned from citation links/);
    for (const [i, paper] of context.attachments.entries()) assert.ok(system.content.includes(`[${i + 1}] ${paper.title}`), paper.title);
    assert.deepEqual(messages.at(-1), { role: 'user', content: 'Which paper should I cite?' });
    assert.ok(note, 'the writer is told');
    assert.match(note, /^Shortened to fit the model's window of 4,096 tokens \(citefinder\.llm\.contextTokens\): /);
    assert.match(note, /paragraph/);
    const paragraphsSent = (system.content.match(/^Paragraph \d/gm) ?? []).length;
    assert.ok(paragraphsSent < 5 * PROMPT_LIMITS.paragraphs, `${paragraphsSent} paragraphs sent`);
  });

  it('keeps more as the window grows, and the least useful part goes first', () => {
    const at = (window: number) => fitChatMessages(context, history, 'q', window);
    const sizes = [4096, 6000, 8192].map((w) => promptTokens(at(w).messages));
    assert.ok(sizes[0]! <= sizes[1]! && sizes[1]! <= sizes[2]!, sizes.join(' ≤ '));
    // Just under the whole prompt, only older turns go: every paper keeps its three paragraphs.
    const whole = promptTokens(buildChatMessages(context, history, 'q')) + 1024;
    const { messages, note } = at(whole - 1);
    assert.equal((messages[0]!.content.match(/^Paragraph \d/gm) ?? []).length, 5 * PROMPT_LIMITS.paragraphs);
    assert.equal(note, 'Shortened to fit the model\'s window of ' + (whole - 1).toLocaleString('en-US') +
      ' tokens (citefinder.llm.contextTokens): the last 6 earlier messages only.');
  });

  it('gives back its shortest prompt when nothing fits, for the client to refuse', () => {
    const { messages, note } = fitChatMessages(context, history, 'q', 500);
    assert.ok(!fitsWindow(messages, 500));
    assert.doesNotMatch(messages[0]!.content, /^Paragraph \d/m);
    assert.match(note!, /no paragraphs of the papers, .*none of the earlier messages/);
  });
});
