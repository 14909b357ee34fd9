// Scores one candidate paper for a claim: lexical ranking of its paragraphs, then (when an LLM is
// configured and the claim's call budget allows) the LLM judge over the best of them, then one
// overall score and verdict. Any LLM failure falls back to the lexical result with a warning.
import { fallbackWarning } from '../llm/fallback';
import type { Claim, Query, ScoredParagraph, SupportVerdict } from '../types';
import type { FulltextDocument } from '../fulltext/model';
import type { LlmClient } from '../llm/types';
import type { CoreDeps } from '../deps';
import { documentUnits, rankUnits, withoutOverlaps, type PaperContext, type RankedParagraph } from './lexical';
import { judgeParagraphs, LlmCallBudget } from './judge';
import { lexicalVerdict, llmVerdict, overallScore } from './overall';

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
}

export interface CandidateScore {
  score: number;
  support: SupportVerdict;
  paragraphs: ScoredParagraph[];
}

export async function scoreCandidate(input: ScoreInput, deps: ScoreDeps): Promise<CandidateScore> {
  const judgeCount = Math.max(1, Math.floor(deps.settings['scoring.llmParagraphs']));
  const units = documentUnits(input.document);
  const paper = { title: input.document.title ?? input.paper?.title, abstract: input.document.abstract ?? input.paper?.abstract };
  const ranked = withoutOverlaps(rankUnits(input.claim, input.queries, units, { reasons: Math.max(SHOWN_PARAGRAPHS, judgeCount), paper }), units);
  const abstract = input.document.abstract?.trim() ? ranked.find((p) => p.index === 0) : undefined;
  if (ranked.length === 0) {
    return { score: overallScore({ paragraphScores: [], retrievalScore: input.retrievalScore }), support: lexicalVerdict([]), paragraphs: [] };
  }
  const judged = await tryJudge(input.claim.text, ranked.slice(0, judgeCount), deps);
  if (judged) {
    const judgedAbstract = abstract && judged.find((p) => p.text === abstract.text && p.section === abstract.section);
    return {
      score: overallScore({
        paragraphScores: judged.map((p) => p.score),
        abstractScore: (judgedAbstract ?? abstract)?.score,
        retrievalScore: input.retrievalScore,
      }),
      support: llmVerdict(judged),
      paragraphs: judged.slice(0, SHOWN_PARAGRAPHS),
    };
  }
  const top = ranked.slice(0, SHOWN_PARAGRAPHS).map(toScoredParagraph);
  return {
    score: overallScore({ paragraphScores: top.map((p) => p.score), abstractScore: abstract?.score, retrievalScore: input.retrievalScore }),
    support: lexicalVerdict(top),
    paragraphs: top,
  };
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
    return await judgeParagraphs(claim, ranked.map(toScoredParagraph), deps.llm, deps.signal);
  } catch (error) {
    if (deps.signal?.aborted) throw error;
    // An unreachable endpoint is worded as in every other stage, so the run says it once.
    deps.warn(fallbackWarning('LLM judge', error));
    return undefined;
  }
}

function toScoredParagraph({ text, section, score, reason }: RankedParagraph): ScoredParagraph {
  return { text, section, score, reason };
}
