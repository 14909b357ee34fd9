// Scores one candidate paper for a claim: lexical ranking of its paragraphs, then (when an LLM is
// configured and the claim's call budget allows) the LLM judge over the best of them, then one
// overall score and verdict. Any LLM failure falls back to the lexical result with a warning.
import { fallbackWarning } from '../llm/fallback';
import { windowOf } from '../llm/window';
import type { Claim, Query, ScoredParagraph, SupportLabel, SupportVerdict } from '../types';
import type { FulltextDocument } from '../fulltext/model';
import { LlmUnavailableError, type LlmClient } from '../llm/types';
import type { CoreDeps } from '../deps';
import { documentUnits, rankUnits, withoutOverlaps, type PaperContext, type RankedParagraph } from './lexical';
import { judgeParagraphs, LlmCallBudget } from './judge';
import { SUPPORT_THRESHOLDS } from './calibration';
import { lexicalVerdict, llmVerdict, overallScore } from './overall';
import { readShortlist, shortlistKey, storeShortlist, type Shortlist } from './shortlistCache';

/** The best score among paragraphs (0 without any): the paper's figure on the calibrated scale. */
function supportOf(paragraphs: ScoredParagraph[]): { score: number } {
  return { score: paragraphs.reduce((best, p) => Math.max(best, p.score), 0) };
}

export { LlmCallBudget } from './judge';
export { scoreParagraphsLexically, type PaperContext } from './lexical';

/** Paragraphs shown per candidate. */
const SHOWN_PARAGRAPHS = 3;

export interface ScoreInput {
  claim: Claim;
  queries: Query[];
  document: FulltextDocument;
  /** 0–1, from retrieval. */
  retrievalScore: number;
  /** The paper's title and abstract from its search record, when the document lacks them. */
  paper?: PaperContext;
}

/** The settings and cancellation every stage gets; no HTTP: the paper is already read. */
export interface ScoreDeps extends Pick<CoreDeps, 'settings' | 'signal'> {
  llm: LlmClient | null;
  budget: LlmCallBudget;
  warn: (message: string) => void;
  /** The cache folder: a claim's shortlist of a reading is kept there, so a repeat ranks nothing again. */
  cacheDir?: string;
}

export interface CandidateScore {
  score: number;
  support: SupportVerdict;
  paragraphs: ScoredParagraph[];
}

/**
 * The candidate's one number is its support on the calibrated scale (paperSupport.ts): the best
 * support probability among the paragraphs shown, each shown with its own on the same scale.
 * With an LLM, the judge reads the lexical shortlist and gives the label, the order and the
 * reasons; the numbers stay the calibrated ones, and the lexical label is kept beside the
 * judge's when they disagree.
 */
export async function scoreCandidate(input: ScoreInput, deps: ScoreDeps): Promise<CandidateScore> {
  const judgeCount = Math.max(1, Math.floor(deps.settings['scoring.llmParagraphs']));
  const shortlisted = await shortlist(input, Math.max(SHOWN_PARAGRAPHS, judgeCount), deps.cacheDir);
  const ranked = shortlisted.ranked.map(offTopicCapped);
  // offTopicCapped returns a capped paragraph as a new object: one of them held one telling word.
  const oneTellingWord = ranked.some((p, i) => p !== shortlisted.ranked[i] && p.claimWords?.matched === 1);
  const { titleOnly } = shortlisted;
  if (ranked.length === 0) {
    return {
      score: overallScore({ paragraphScores: [], retrievalScore: input.retrievalScore }),
      support: lexicalVerdict([]),
      paragraphs: [],
    };
  }
  const top = ranked.slice(0, SHOWN_PARAGRAPHS).map(toScoredParagraph);
  if (titleOnly) return titleOnlyScore(top);
  const verdict = lexicalVerdict(top);
  const lexical: SupportVerdict = oneTellingWord && verdict.label === 'unrelated' ? { ...verdict, oneTellingWord } : verdict;
  const judged = await tryJudge(input.claim.text, ranked.slice(0, judgeCount), deps);
  if (judged) {
    const calibrated = new Map(ranked.map((p) => [`${p.section}\u0000${p.text}`, p.score]));
    const paragraphs = judged
      .slice(0, SHOWN_PARAGRAPHS)
      .map((p) => ({ ...p, score: calibrated.get(`${p.section}\u0000${p.text}`) ?? 0, llmScore: p.score }));
    const verdict = llmVerdict(judged);
    const support: SupportVerdict = verdict.label === lexical.label ? verdict : { ...verdict, lexical: lexical.label };
    // The paper's number is the lexical one, with or without a judge: one scale everywhere.
    return { score: supportOf(top).score, support, paragraphs };
  }
  return { score: supportOf(top).score, support: lexical, paragraphs: top };
}

/**
 * The paper's best `count` paragraphs for the claim, from the cache when this claim's shortlist of
 * this very reading was made before by this scorer (shortlistCache.ts), else ranked and stored.
 */
async function shortlist(input: ScoreInput, count: number, cacheDir: string | undefined): Promise<Shortlist> {
  const paper = { title: input.document.title ?? input.paper?.title, abstract: input.document.abstract ?? input.paper?.abstract };
  const key = cacheDir ? shortlistKey({ claim: input.claim, queries: input.queries, document: input.document, paper, count }) : undefined;
  const stored = cacheDir && key ? await readShortlist(cacheDir, key) : undefined;
  if (stored) return stored;
  const units = documentUnits(input.document);
  const ranked = withoutOverlaps(rankUnits(input.claim, input.queries, units, { reasons: count, paper }), units).slice(0, count);
  const made = { ranked, titleOnly: isTitleOnly(units) };
  if (cacheDir && key) void storeShortlist(cacheDir, key, made);
  return made;
}

/** A claim with this many weighted words or more is not matched by a passage holding one of them. */
const TOPIC_WORDS = 4;

/**
 * A passage that holds one of the claim's four or more telling words is not on its topic: a
 * breastfeeding meta-analysis that "pooled" its studies read 0.40, *related*, for a claim about
 * pooled prime editing. On a card its number is kept under the *related* line. The names and year
 * of a work the claim mentions are not counted (tellingWords.ts): "[Perlmutter et al. 1999]" does
 * not make Perlmutter's own abstract off the topic. Claims against abstracts, dev pairs
 * (docs/measurements.md): right / wrong pairs moved under the line 3 / 49 (SciFact), 0 / 23
 * (Citation-Integrity), 5 / 25 (Check-COVID). Terse citing sentences share fewer words (CL-SciSumm
 * train: 60 of 621 right, 99 of 255 wrong), which is why the audit, which reads them, keeps its own
 * scale (audit/score.ts, paperSupport.ts) without this rule.
 */
function offTopicCapped(paragraph: RankedParagraph): RankedParagraph {
  const words = paragraph.claimWords;
  if (!words || words.of < TOPIC_WORDS || words.matched > 1 || paragraph.score < SUPPORT_THRESHOLDS.related) return paragraph;
  const held = words.matched === 0 ? 'none' : 'one';
  const reason = `${held} of the claim's ${words.of} telling words${paragraph.reason ? `; ${paragraph.reason}` : ''}`;
  return { ...paragraph, score: SUPPORT_THRESHOLDS.related - 0.001, reason };
}

/** Only a title is known (a DBLP record): relevance, never evidence. */
const TITLE_ONLY_WEIGHT = 0.75;

function isTitleOnly(units: { section: string }[]): boolean {
  return units.length === 1 && units[0]!.section === 'Title';
}

/**
 * A title can show a paper is on the claim's topic, not that it supports the claim: its score is
 * weighed down and kept under the "supports" line, and no LLM is asked to judge a title.
 */
function titleOnlyScore(top: ScoredParagraph[]): CandidateScore {
  const score = Math.min(supportOf(top).score * TITLE_ONLY_WEIGHT, SUPPORT_THRESHOLDS.supports - 0.001);
  const label: SupportLabel = score >= SUPPORT_THRESHOLDS.related ? 'related' : 'unrelated';
  const paragraphs = top.map((p) => ({ ...p, score, label, reason: `only the title is known (no abstract); ${p.reason}` }));
  return { score, support: { label, by: 'lexical' }, paragraphs };
}

/** The judge's paragraphs, or undefined when there is no LLM, no budget left, or it failed. */
async function tryJudge(claim: string, ranked: RankedParagraph[], deps: ScoreDeps): Promise<ScoredParagraph[] | undefined> {
  if (!deps.llm) return undefined;
  if (!deps.budget.tryTake()) {
    if (deps.budget.justRanOut) {
      deps.warn(`LLM call cap reached (scoring.maxLlmCalls = ${deps.budget.max}); remaining papers are scored lexically.`);
    }
    return undefined;
  }
  try {
    // Worded without counts, so the run says it once however many papers it holds for.
    const window = windowOf(deps.llm).toLocaleString('en-US');
    const cut = () => deps.warn(`LLM judge: not every paragraph asked for (scoring.llmParagraphs) fit the model's window of ${window} ` +
      'tokens (citefinder.llm.contextTokens); the lexically best that fit were judged.');
    return await judgeParagraphs(claim, ranked.map(toScoredParagraph), deps.llm, deps.signal, cut);
  } catch (error) {
    if (deps.signal?.aborted) throw error;
    // An unreachable endpoint is worded as in every other stage, so the run says it once.
    deps.warn(fallbackWarning('LLM judge', error));
    // An endpoint that is down stays down for this run; one unusable answer says nothing of the next.
    if (error instanceof LlmUnavailableError) deps.budget.stop();
    return undefined;
  }
}

function toScoredParagraph({ text, section, score, reason }: RankedParagraph): ScoredParagraph {
  return { text, section, score, reason };
}
