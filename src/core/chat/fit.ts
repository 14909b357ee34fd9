// The chat's prompt fitted to the model's window. Five attached papers with their abstracts and
// three GROBID paragraphs each came to 3,400–5,900 tokens in real tokenizers (docs/settings.md):
// past a default Ollama window, which keeps the end of such a prompt and drops its start, the
// system prompt that confines the model to the attached material. So the prompt is shortened step by step, least useful first (older turns,
// the section's tail and long abstracts before the papers' paragraphs), until it fits, and the
// chat says what was left out. The system prompt, the claim and every paper's title and byline
// are never cut.
import type { ChatMessage } from '../llm/types';
import { fitsWindow } from '../llm/window';
import { plural } from '../text/plural';
import { buildChatMessages, PROMPT_LIMITS, type ChatContext, type ChatLimits } from './prompt';

export interface FittedChat {
  messages: ChatMessage[];
  /** What was shortened to fit, for the writer; empty when nothing was. */
  note?: string;
}

/**
 * Each step shortens more than the one before. The papers' best paragraphs are the evidence the
 * chat is for, so older turns, the section's tail and long abstracts give way before them.
 */
const STEPS: readonly ChatLimits[] = [
  PROMPT_LIMITS,
  { ...PROMPT_LIMITS, history: 6 },
  { section: 2500, abstract: 1000, paragraph: 1200, paragraphs: 3, history: 6 },
  { section: 2500, abstract: 1000, paragraph: 1200, paragraphs: 2, history: 6 },
  { section: 1500, abstract: 600, paragraph: 1200, paragraphs: 2, history: 4 },
  { section: 1500, abstract: 600, paragraph: 1200, paragraphs: 1, history: 4 },
  { section: 800, abstract: 400, paragraph: 800, paragraphs: 1, history: 2 },
  { section: 400, abstract: 300, paragraph: 500, paragraphs: 1, history: 2 },
  { section: 0, abstract: 300, paragraph: 0, paragraphs: 0, history: 0 },
];

/**
 * The fullest prompt that fits `window` tokens with room for the answer. When even the shortest
 * does not fit, that one (the last step) is returned: the client refuses it with a clear message
 * (PromptTooLongError).
 */
export function fitChatMessages(context: ChatContext, history: ChatMessage[], question: string, window: number): FittedChat {
  let limits = PROMPT_LIMITS;
  let messages: ChatMessage[] = [];
  for (limits of STEPS) {
    messages = buildChatMessages(context, history, question, limits);
    if (fitsWindow(messages, window)) break;
  }
  const cuts = cutsOf(limits, context, history.length);
  if (cuts.length === 0) return { messages };
  const note = `Shortened to fit the model's window of ${window.toLocaleString('en-US')} tokens (citefinder.llm.contextTokens): ${cuts.join(', ')}.`;
  return { messages, note };
}

/** What `limits` left out of this context that the full prompt carries, in words. */
function cutsOf(limits: ChatLimits, context: ChatContext, turns: number): string[] {
  const papers = context.attachments;
  const cut = (key: keyof ChatLimits, longest: number) => limits[key] < PROMPT_LIMITS[key] && longest > limits[key];
  const most = Math.max(0, ...papers.map((c) => Math.min(c.paragraphs?.length ?? 0, PROMPT_LIMITS.paragraphs)));
  const shownParagraphs = papers.flatMap((c) => (c.paragraphs ?? []).slice(0, limits.paragraphs));
  const cuts: string[] = [];
  if (cut('paragraphs', most)) {
    cuts.push(limits.paragraphs === 0 ? 'no paragraphs of the papers' : `${plural(limits.paragraphs, 'paragraph')} per paper instead of ${most}`);
  }
  if (cut('paragraph', Math.max(0, ...shownParagraphs.map((p) => p.text.length)))) cuts.push(`paragraphs cut to ${limits.paragraph} characters`);
  if (cut('abstract', Math.max(0, ...papers.map((c) => c.abstract?.length ?? 0)))) cuts.push(`abstracts cut to ${limits.abstract} characters`);
  if (cut('section', context.sectionText?.length ?? 0)) {
    cuts.push(limits.section === 0 ? 'no manuscript section' : `the manuscript section cut to ${limits.section} characters`);
  }
  if (cut('history', turns)) cuts.push(limits.history === 0 ? 'none of the earlier messages' : `the last ${limits.history} earlier messages only`);
  return cuts;
}
