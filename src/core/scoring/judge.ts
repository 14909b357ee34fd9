// The LLM judge: one call per paper over its best lexical paragraphs. The model scores each
// numbered paragraph 0–10, labels it and says why in a few words. It only judges what it was
// given: indexes it invents are dropped, and nothing it says becomes metadata.
import type { ChatMessage, LlmClient } from '../llm/types';
import { readScore } from '../llm/json';
import { numberedItems, readReason, type AnswerItem } from '../llm/numbered';
import { fitsWindow, windowOf } from '../llm/window';
import type { ScoredParagraph, SupportLabel } from '../types';

/** Caps LLM calls for one claim; shared by every candidate's scoring. */
export class LlmCallBudget {
  private used = 0;
  private refused = 0;

  constructor(readonly max: number) {}

  /** Takes one call if any is left. */
  tryTake(): boolean {
    if (this.used < this.max) {
      this.used++;
      return true;
    }
    this.refused++;
    return false;
  }

  get taken(): number {
    return this.used;
  }

  /**
   * No more calls, and no cap message: the LLM failed, which was said once already, and each
   * later paper would only fail again (or be told the cap ran out when it was the LLM that did).
   */
  stop(): void {
    this.used = this.max;
    this.refused = Math.max(this.refused, 2);
  }

  /** True on the first refusal only, so the cap is reported once per claim. */
  get justRanOut(): boolean {
    return this.refused === 1;
  }
}

/** The scale the prompt asks the model to score on. */
const JUDGE_SCALE = 10;

export type JudgeLabel = Exclude<SupportLabel, 'unknown'>;

export interface Judgement {
  /** 0-based index into the paragraphs given to the judge. */
  index: number;
  /** 0–1. */
  score: number;
  label: JudgeLabel;
  reason: string;
}

const MAX_REASON_WORDS = 30;
/** Long paragraphs are cut so one paper's prompt stays a few thousand tokens. */
const MAX_PARAGRAPH_CHARS = 1500;

const SYSTEM_PROMPT = `You check whether passages from a scientific paper support a claim.
For each numbered passage give:
- "score": 0-10. 10 = the passage states the claim's finding directly; 5 = related evidence that partly backs or partly refutes it; 0 = unrelated.
- "label": "supports", "contradicts" or "unrelated".
- "reason": at most 30 words, grounded in the passage's own words.
Judge only the passages given, each once, by its number. Do not add passages, papers or references.
Answer with JSON only: {"paragraphs": [{"index": 1, "score": 0, "label": "unrelated", "reason": "..."}]}`;

// A worked example, so small local models see the exact shape and the scale in use.
const EXAMPLE_USER = `Claim: Regular aerobic exercise lowers resting blood pressure in adults with hypertension.

Passages:
[1] (Results) After 12 weeks, systolic blood pressure fell by 8.3 mmHg in the exercise group compared with 1.2 mmHg in controls (p < 0.001).
[2] (Methods) Participants were recruited from three outpatient clinics between 2015 and 2017.
[3] (Discussion) Unlike earlier trials, we saw no change in diastolic pressure among participants who exercised.`;

const EXAMPLE_ANSWER = JSON.stringify({
  paragraphs: [
    { index: 1, score: 9, label: 'supports', reason: 'Systolic pressure fell 8.3 mmHg with 12 weeks of exercise versus 1.2 mmHg in controls.' },
    { index: 2, score: 0, label: 'unrelated', reason: 'Describes recruitment only.' },
    { index: 3, score: 4, label: 'contradicts', reason: 'No change in diastolic pressure with exercise, which partly goes against the claim.' },
  ],
});

function buildJudgePrompt(claim: string, paragraphs: Pick<ScoredParagraph, 'text' | 'section'>[]): ChatMessage[] {
  const passages = paragraphs
    .map((p, i) => `[${i + 1}] (${p.section || 'Body'}) ${clip(p.text.replace(/\s+/g, ' ').trim(), MAX_PARAGRAPH_CHARS)}`)
    .join('\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: EXAMPLE_USER },
    { role: 'assistant', content: EXAMPLE_ANSWER },
    { role: 'user', content: `Claim: ${claim}\n\nPassages:\n${passages}` },
  ];
}

/**
 * The prompt over the lexically best paragraphs that fit the model's window beside the
 * instructions and the worked example. At least one is kept; if even that does not fit, the
 * client refuses the call and the scores stay lexical.
 */
function fittedPrompt(claim: string, paragraphs: ScoredParagraph[], window: number): { prompt: ChatMessage[]; count: number } {
  let count = paragraphs.length;
  let prompt = buildJudgePrompt(claim, paragraphs);
  while (count > 1 && !fitsWindow(prompt, window)) prompt = buildJudgePrompt(claim, paragraphs.slice(0, --count));
  return { prompt, count };
}

/**
 * Judges `paragraphs` with one LLM call; returns them with the judge's scores, labels and
 * reasons, best first, leaving out any the model did not judge. Throws when the model's answer
 * judges none of them (the caller falls back to lexical scores).
 */
export async function judgeParagraphs(
  claim: string,
  paragraphs: ScoredParagraph[],
  llm: LlmClient,
  signal?: AbortSignal,
  onCut?: (sent: number) => void,
): Promise<ScoredParagraph[]> {
  const { prompt, count } = fittedPrompt(claim, paragraphs, windowOf(llm));
  if (count < paragraphs.length) onCut?.(count);
  const answer = await llm.completeJson(prompt, { signal, temperature: 0 });
  const judgements = readJudgements(answer, count);
  if (judgements.length === 0) throw new Error('the model judged none of the paragraphs');
  return judgements
    .map((j) => ({ ...paragraphs[j.index]!, score: j.score, label: j.label, reason: j.reason }))
    .sort((a, b) => b.score - a.score);
}

/** Reads the model's per-paragraph judgements; keeps indexes 1..count, the first of each. */
export function readJudgements(answer: unknown, count: number): Judgement[] {
  const scoreOf = (item: AnswerItem) => readScore(item.score ?? item.relevance_score ?? item.rating, JUDGE_SCALE);
  return numberedItems(answer, count, ['index', 'paragraph', 'passage', 'id', 'number'], (item) => !Number.isNaN(scoreOf(item))).map(
    ({ index, item }) => {
      const score = scoreOf(item);
      return { index, score, label: readLabel(item.label ?? item.verdict, score), reason: readReason(item, MAX_REASON_WORDS) };
    },
  );
}

function readLabel(value: unknown, score: number): JudgeLabel {
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  if (/contradict|refute|oppos|against/.test(text)) return 'contradicts';
  if (/unrelat|irrelevan|not relevant|neutral|none|no evidence/.test(text)) return 'unrelated';
  if (/support|confirm|consistent/.test(text)) return 'supports';
  return score >= 0.5 ? 'supports' : 'unrelated';
}

function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}
