// The LLM's second opinion on the top of the uncited-claims list: one call over the top N listed
// sentences, each rated 0–10 for how much a reader needs a source for it, with a reason. The top
// N are then ordered by that rating (the model's score breaks ties and stands in for a sentence the
// LLM did not rate); the rest of the list keeps its order. The LLM only rates what it was given:
// it adds no sentence, drops none, and its answer never becomes a citation.
import { readScore } from '../llm/json';
import { numberedItems, readReason } from '../llm/numbered';
import type { ChatMessage, LlmClient } from '../llm/types';
import { DEFAULT_ANSWER_TOKENS, fitsWindow, windowOf } from '../llm/window';
import type { SentenceCoverage } from './index';

/** What the LLM said of one sentence. */
export interface LlmOpinion {
  /** 0–1: how much the sentence needs a citation, in the LLM's view. */
  need: number;
  reason: string;
}

export interface Reranked {
  /** The list in its new order: the same sentence objects. */
  flagged: SentenceCoverage[];
  /** The LLM's opinion of each sentence it rated. */
  opinions: Map<SentenceCoverage, LlmOpinion>;
  /** How many sentences it was asked about: the top N, or fewer when only those fit the model's window. */
  asked: number;
}

const NEED_SCALE = 10;
const MAX_REASON_WORDS = 20;
/** A sentence longer than this is cut in the prompt (a LaTeX paragraph can be one run-on sentence). */
const MAX_SENTENCE_CHARS = 600;

const SYSTEM_PROMPT = `You read sentences of a scientific manuscript that cite nothing, and rate how much each needs a citation to other work.
For each numbered sentence give:
- "need": 0-10. 10 = it states a finding, number, method, data set, tool or claim of earlier work that a reader would want a source for; 5 = a general statement a careful reviewer might ask a source for; 0 = the authors' own contribution, result or plan, a definition of their notation, or a transition.
- "reason": at most 20 words, in plain words.
Rate only the sentences given, each once, by its number. Do not name papers, authors or references.
Answer with JSON only: {"sentences": [{"index": 1, "need": 0, "reason": "..."}]}`;

// A worked example, so small local models see the exact shape and the scale in use.
const EXAMPLE_USER = `[1] (Introduction) Graph neural networks have been shown to suffer from over-smoothing as depth grows.
[2] (Method) We denote by $G$ the input graph and by $n$ its number of nodes.
[3] (Results) Our model improves accuracy by 4.2 points over the strongest baseline.`;

const EXAMPLE_ANSWER = JSON.stringify({
  sentences: [
    { index: 1, need: 9, reason: 'Reports a known finding about graph neural networks; a reader needs its source.' },
    { index: 2, need: 0, reason: "Defines the paper's own notation." },
    { index: 3, need: 1, reason: "The authors' own result." },
  ],
});

export function rerankMessages(sentences: readonly SentenceCoverage[]): ChatMessage[] {
  const numbered = sentences.map((s, i) => `[${i + 1}] (${s.inAbstract ? 'Abstract' : s.section || 'Body'}) ${clip(s.text.replace(/\s+/g, ' ').trim())}`);
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: EXAMPLE_USER },
    { role: 'assistant', content: EXAMPLE_ANSWER },
    { role: 'user', content: numbered.join('\n') },
  ];
}

/** The LLM's opinions of the numbered sentences, by 0-based index; an unreadable rating is left out. */
export function readOpinions(answer: unknown, count: number): Map<number, LlmOpinion> {
  const needOf = (item: Record<string, unknown>) => readScore(item.need ?? item.score ?? item.rating, NEED_SCALE);
  const items = numberedItems(answer, count, ['index', 'sentence', 'id', 'number'], (item) => !Number.isNaN(needOf(item)));
  return new Map(items.map(({ index, item }) => [index, { need: needOf(item), reason: readReason(item, MAX_REASON_WORDS) }]));
}

/**
 * Asks the LLM about the top `top` sentences of `flagged` and orders them by its rating. Throws
 * when the answer rates none of them: the caller keeps the list as it was.
 */
export async function rerankWithLlm(
  flagged: readonly SentenceCoverage[],
  llm: LlmClient,
  options: { top: number; signal?: AbortSignal },
): Promise<Reranked> {
  const head = fittedHead(flagged.slice(0, Math.max(0, options.top)), windowOf(llm));
  if (head.length === 0) return { flagged: [...flagged], opinions: new Map(), asked: 0 };
  const answer = await llm.completeJson(rerankMessages(head), { signal: options.signal, temperature: 0 });
  const byIndex = readOpinions(answer, head.length);
  if (byIndex.size === 0) throw new Error('the LLM rated none of the sentences');
  const opinions = new Map([...byIndex].map(([i, opinion]) => [head[i]!, opinion]));
  const need = (s: SentenceCoverage) => opinions.get(s)?.need ?? s.score;
  const ordered = [...head].sort((a, b) => need(b) - need(a) || b.score - a.score);
  return { flagged: [...ordered, ...flagged.slice(head.length)], opinions, asked: head.length };
}

/** An answer's tokens per rated sentence: its index, rating and a reason of 20 words, with room. */
const ANSWER_TOKENS_PER_SENTENCE = 45;

/**
 * The first sentences of `head` whose prompt and answer fit the model's window. At least one is
 * kept; if even that does not fit, the client refuses the call and the list keeps its order.
 */
function fittedHead(head: SentenceCoverage[], window: number): SentenceCoverage[] {
  const answerTokens = (n: number) => Math.max(DEFAULT_ANSWER_TOKENS, ANSWER_TOKENS_PER_SENTENCE * n + 50);
  let count = head.length;
  while (count > 1 && !fitsWindow(rerankMessages(head.slice(0, count)), window, answerTokens(count))) count--;
  return head.slice(0, count);
}

function clip(text: string): string {
  return text.length > MAX_SENTENCE_CHARS ? text.slice(0, MAX_SENTENCE_CHARS - 1) + '…' : text;
}
