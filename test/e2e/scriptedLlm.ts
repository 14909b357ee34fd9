// A scripted "model" behind the stand-in OpenAI endpoint, for the E2E suite and the offline demo
// (`npm start -- --offline --llm`): it answers every prompt citefinder sends in the shape the
// product expects, derived from the request itself — routing JSON (keyword routing), query JSON
// (`{"queries": [{"sentence", "keywords"}], "combined"}`, the claim's own content words), judge
// JSON (word-overlap scores), the uncited claims' re-ranking (cue words and first person) — and
// the chat with a streamed answer that quotes the best paragraph (or the abstract) of the attached
// paper [1] from the context it was sent, saying it is scripted.
// The envelopes around these answers are the recorded gpt-4o-mini ones (test/standin/openai.ts).
// Any other JSON prompt gets `{}`. Deterministic, and never passed off as a real model.
import type { ChatRequestBody } from '../standin/openai';

const ROUTES: { pattern: RegExp; discipline: string; primary: string; secondary: string }[] = [
  { pattern: /patient|hospital|clinical|mortality|disease|health/i, discipline: 'medicine', primary: 'medrxiv', secondary: 'biorxiv' },
  { pattern: /gene|cell|protein|species|evolution/i, discipline: 'biology', primary: 'biorxiv', secondary: 'medrxiv' },
  { pattern: /graph|algorithm|neural|language model|entity extraction|software/i, discipline: 'computer-science', primary: 'arxiv', secondary: 'biorxiv' },
];

/** How every scripted chat answer starts; the rest names the first attached paper. */
export const CHAT_ANSWER_START = 'According to the attached paper [1]';

/** A question containing this gets HOSTILE_ANSWER: markup and links a model could be talked into writing. */
export const ASK_FOR_MARKUP = 'markup';
export const SAFE_ANSWER_LINK = 'https://example.org/perlmutter-1999';
export const HOSTILE_ANSWER = [
  '**Bold claim** about [1], with <img src=x onerror="window.__cfXss=\'chat-img\'"> and <script>window.__cfXss=\'chat-script\'</script> in it.',
  '',
  "- [a javascript link](javascript:window.__cfXss='chat-link') and [a data link](data:text/html,<script>alert(1)</script>)",
  `- [the paper's page](${SAFE_ANSWER_LINK}) and <a href="javascript:alert(1)">a raw anchor</a>`,
  '',
  '![a tracking pixel](https://example.org/pixel.png)',
].join('\n');

function chatAnswer(body: ChatRequestBody): string {
  if (lastUser(body).includes(ASK_FOR_MARKUP)) return HOSTILE_ANSWER;
  const context = system(body);
  const title = /^\[1\] (.+)$/m.exec(context)?.[1];
  const paper = title ? `, "${title}",` : '';
  // The first paper's best paragraph as the context gives it, else its abstract: quoted, not made up.
  const first = context.slice(context.indexOf('[1] '));
  const paragraph = /^Paragraph 1(?: \(section "([^"]*)"\))?, score [\d.]+: (.+)$/m.exec(first);
  const abstract = /^Abstract: (.+)$/m.exec(first)?.[1];
  const quote = paragraph?.[2] ?? abstract;
  const where = paragraph ? `its best paragraph${paragraph[1] ? ` (section "${paragraph[1]}")` : ''}` : 'its abstract';
  const evidence = quote ? ` says, in ${where}: "${sentences(quote, 2)}"` : ' is attached, but its context holds no abstract or paragraph to quote';
  return `${CHAT_ANSWER_START}${paper}${evidence} [1].\n\n` +
    '(Scripted stand-in model: this quotes the context it was sent; no real model was asked.)';
}

/** The first `count` sentences of `text` (the whole text when it has fewer). */
function sentences(text: string, count: number): string {
  const parts = text.match(/[^.!?]+[.!?]+(?:\s|$)/g) ?? [text];
  return parts.slice(0, count).join('').trim().replace(/…$/, '');
}

/** The query-writing answer: for each numbered sentence, its longest content words as keywords. */
function queries(prompt: string): string {
  const numbered = [...(/Claim sentences:\n([\s\S]*)$/.exec(prompt)?.[1] ?? '').matchAll(/^(\d+)\. (.+)$/gm)];
  const keywordsOf = (text: string): string[] =>
    [...words(text)].sort((a, b) => b.length - a.length || a.localeCompare(b)).slice(0, 4);
  const entries = numbered.map(([, n, text]) => ({ sentence: Number(n), keywords: keywordsOf(text ?? '') }));
  const combined = keywordsOf(numbered.map(([, , text]) => text).join(' '));
  return JSON.stringify({ queries: entries, combined });
}

function lastUser(body: ChatRequestBody): string {
  return [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? '';
}

function system(body: ChatRequestBody): string {
  return body.messages?.find((m) => m.role === 'system')?.content ?? '';
}

function route(claim: string): string {
  const match = ROUTES.find((r) => r.pattern.test(claim));
  const choice = match ?? { discipline: 'physics', primary: 'arxiv', secondary: 'biorxiv' };
  return JSON.stringify({
    discipline: choice.discipline,
    primary: choice.primary,
    secondary: choice.secondary,
    reason: `Scripted stand-in model: the claim reads as ${choice.discipline}.`,
    confidence: 0.9,
  });
}

const STOPWORDS = new Set(['that', 'this', 'with', 'from', 'have', 'were', 'which', 'their', 'these', 'those', 'than', 'into', 'also', 'such', 'been']);
const words = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => !STOPWORDS.has(w)));

/** Scores each numbered passage by the share of the claim's words it contains. */
function judge(prompt: string): string {
  const claim = /Claim: ([\s\S]*?)\n\nPassages:/.exec(prompt)?.[1] ?? '';
  const claimWords = words(claim);
  const passages = [...prompt.matchAll(/^\[(\d+)\] (.*)$/gm)];
  const paragraphs = passages.map(([, index, text]) => {
    const passageWords = words(text ?? '');
    const shared = [...claimWords].filter((w) => passageWords.has(w));
    const score = Math.min(10, Math.round((10 * shared.length) / Math.max(1, claimWords.size) * 1.5));
    return {
      index: Number(index),
      score,
      label: score >= 5 ? 'supports' : 'unrelated',
      reason: shared.length ? `Shares ${shared.slice(0, 4).join(', ')} with the claim.` : 'No words in common with the claim.',
    };
  });
  return JSON.stringify({ paragraphs });
}

/** Rates each numbered sentence: the authors' own work 1, a cue of earlier work 9, anything else 5. */
function rerank(prompt: string): string {
  const rated = [...prompt.matchAll(/^\[(\d+)\] \([^)]*\) (.*)$/gm)].map(([, index, text]) => {
    const own = /\b(we|our)\b/i.test(text ?? '');
    const earlier = /\b(has|have) been\b|\bprevious|\bet al\b|\bproposed\b|\bshown\b/i.test(text ?? '');
    const [need, why] = own ? [1, "the authors' own work"] : earlier ? [9, 'it reports earlier work'] : [5, 'a general statement'];
    return { index: Number(index), need, reason: `Scripted stand-in model: ${why}.` };
  });
  return JSON.stringify({ sentences: rated });
}

/**
 * The scripted model's tool choice for a chat question offered the record tools: a question
 * about a published version, an author's other work, the newest or a retracted paper picks the
 * matching tool (with the [n] it names); anything else gets a text answer.
 */
export function scriptedTool(body: ChatRequestBody): { name: string; arguments: unknown } | undefined {
  const question = lastUser(body);
  const ref = Number(/\[(\d+)\]/.exec(question)?.[1] ?? 1);
  if (/retract|withdrawn/i.test(question)) return { name: 'retraction_check', arguments: {} };
  if (/published version|version of record/i.test(question)) return { name: 'published_version', arguments: { ref } };
  const cites = /\bcites? for (?:its )?(?:main )?(\w+)/i.exec(question);
  if (cites) return { name: 'cited_works', arguments: { ref, topic: cites[1] } };
  if (/newest|most recent|latest/i.test(question)) return { name: 'newest_attached', arguments: {} };
  if (/else did|other (?:work|paper)s?|author of/i.test(question)) return { name: 'author_works', arguments: { ref } };
  return undefined;
}

export function scriptedReply(body: ChatRequestBody): string {
  // A chat question offered the tools and answered in text gets the same answer as a stream.
  if (body.stream || Array.isArray(body.tools)) return chatAnswer(body);
  const prompt = system(body);
  if (prompt.startsWith('You route a scientific claim')) return route(/Claim: ([\s\S]*)$/.exec(lastUser(body))?.[1] ?? '');
  if (prompt.startsWith('You check whether passages')) return judge(lastUser(body));
  if (prompt.startsWith('You write literature-search queries')) return queries(lastUser(body));
  if (prompt.startsWith('You read sentences of a scientific manuscript')) return rerank(lastUser(body));
  return '{}';
}
