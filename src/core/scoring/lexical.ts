// Lexical support scoring: BM25 over one paper's paragraphs, always available, no model needed.
//
// The "query" is the claim: its content words (weight 1), its phrases (neighbouring word pairs,
// a bonus when they appear together) and the generated queries' keywords (lower weight, they are
// paraphrases). IDF is computed over the paper's own paragraphs, smoothed with pseudo-paragraphs
// that hold none of the terms, so a two-paragraph abstract still weighs rare words above common
// ones. A paragraph's score mixes its own BM25 with its best sentence's, because support for a
// claim usually sits in one sentence of a long paragraph.
//
// Normalisation (0–1): a score is divided by the claim's self-score, the score the claim itself
// would get as one more paragraph of this paper (same IDF, same length normalisation, neutral
// role), and capped at 1. So 1 means "this paragraph says everything the claim says, in the
// claim's words", and the figure is comparable across papers of different length and vocabulary.
import type { Query, ScoredParagraph } from '../types';
import type { FulltextDocument } from '../fulltext/model';
import { expandAbbreviations, findAbbreviations } from './abbreviations';
import {
  average,
  bm25,
  buildClaimModel,
  DEFAULT_LEXICAL_PARAMS,
  inverseDocumentFrequencies,
  mergeStats,
  sentenceStats,
  type LexicalParams,
  type SentenceStats,
} from './lexicalModel';
import { expandNumbers, hasCompoundNumbers } from './numbers';
import { reasonFor } from './reason';
import { rerank } from './rerank';
import { MIN_REASON_WEIGHT, reasonWeights, supportContext, supportFeatureVector, supportProbability } from './supportFeatures';
import { claimKind } from './roles';
import { tellingWords, tellingWordsHeld } from './tellingWords';
import { splitSentences } from '../text/sentences';
import { SCORING_TOKENS, tokenize, type Token } from '../text/tokens';

export { DEFAULT_LEXICAL_PARAMS, type LexicalParams } from './lexicalModel';

export interface LexicalClaim {
  text: string;
  sentences: string[];
}

/** A piece of text to rank: a body paragraph or the abstract. */
export interface ScoringUnit {
  section: string;
  text: string;
  sentences: string[];
}

export interface RankedParagraph extends ScoredParagraph {
  /** Position of the unit in the list that was ranked. */
  index: number;
  /** BM25 relative to the claim's self-score, 0–1: how much of the claim it says, in its words. */
  strength: number;
  /** The support model's features (supportFeatures.ts), when asked for (training, benches). */
  features?: number[];
  /** How many of the claim's telling words (weighted, less a mentioned work's names and year: tellingWords.ts) it holds, of how many. */
  claimWords?: { matched: number; of: number };
}

/** The paragraphs of a paper, the abstract first (it is often the strongest support). */
export function documentUnits(doc: FulltextDocument): ScoringUnit[] {
  const units: ScoringUnit[] = [];
  if (doc.abstract?.trim()) {
    units.push({ section: 'Abstract', text: doc.abstract, sentences: splitSentences(doc.abstract, 'paper') });
  }
  for (const section of doc.sections) {
    for (const paragraph of section.paragraphs) {
      if (!paragraph.text.trim()) continue;
      const sentences = paragraph.sentences.length ? paragraph.sentences : splitSentences(paragraph.text, 'paper');
      units.push({ section: section.head, text: paragraph.text, sentences });
    }
  }
  // Windows across breaks the PDF reader was unsure of: a claim spanning one is scored whole.
  for (const window of doc.windows ?? []) units.push({ section: window.section, text: window.text, sentences: window.sentences });
  // A record with nothing but its title (DBLP has no abstracts) is judged on its title, rather than
  // ranked below every paper that has an abstract whatever it says.
  if (units.length === 0 && doc.title?.trim()) units.push({ section: 'Title', text: doc.title, sentences: [doc.title] });
  return units;
}

/** The top `topN` paragraphs of `doc` for the claim, best first, scores 0–1 with reasons. */
export function scoreParagraphsLexically(
  claim: LexicalClaim,
  queries: Query[],
  doc: FulltextDocument,
  topN = 3,
  paper?: PaperContext,
): ScoredParagraph[] {
  const units = documentUnits(doc);
  return withoutOverlaps(
    rankUnits(claim, queries, units, { reasons: topN, paper: paper ?? { title: doc.title, abstract: doc.abstract } }),
    units,
  )
    .slice(0, topN)
    .map(({ text, section, score, reason }) => ({ text, section, score, reason }));
}

/** Best first, leaving out a unit that shares a sentence with a better one (a window and its paragraphs). */
export function withoutOverlaps(ranked: RankedParagraph[], units: ScoringUnit[]): RankedParagraph[] {
  const shown = new Set<string>();
  return ranked.filter((result) => {
    const sentences = units[result.index]?.sentences ?? [];
    if (sentences.some((sentence) => shown.has(sentence))) return false;
    for (const sentence of sentences) shown.add(sentence);
    return true;
  });
}

/** What the cited paper says about itself, when known: its vocabulary marks what it is about. */
export interface PaperContext {
  title?: string;
  abstract?: string;
}

export interface RankOptions {
  params?: LexicalParams;
  /** The cited paper's title and abstract; by default those of the document, when it has them. */
  paper?: PaperContext;
  /** Only the best `reasons` units get a reason (the rest get ''); building reasons costs time. */
  reasons?: number;
  /** Attach each unit's support features (for training and benches). */
  features?: boolean;
}

/**
 * Scores and sorts every unit: BM25 first, then, when the units are sentences, the second pass
 * (rerank.ts) reorders the best few. A unit's score stays its first-pass strength (how much of
 * the claim it says), so it means the same wherever the unit is ranked; the second pass only
 * decides where to look first.
 */
export function rankUnits(
  claim: LexicalClaim,
  queries: Query[],
  units: ScoringUnit[],
  { params = DEFAULT_LEXICAL_PARAMS, reasons = Number.POSITIVE_INFINITY, paper, features = false }: RankOptions = {},
): RankedParagraph[] {
  const claimText = claim.sentences.length ? claim.sentences.join(' ') : claim.text;
  const abbreviations = findAbbreviations([claimText, ...units.map((u) => u.text)]);
  // Number tokens only matter when the claim (or a query) has one: paper-side ones match nothing else.
  const numbers = hasCompoundNumbers([claimText, ...queries.flatMap((q) => q.keywords)].join(' '));
  const tokenizer = (text: string): Token[] => {
    const tokens = expandAbbreviations(tokenize(text, SCORING_TOKENS), text, abbreviations);
    return numbers ? expandNumbers(tokens, text) : tokens;
  };
  const kind = claimKind(claimText);
  // The paper's title and abstract, tokenized once: its vocabulary weighs the claim's words, and the support features read them.
  const stemsOf = (text: string | undefined) => tokenizer(text ?? '').map((t) => t.stem);
  const titleStems = stemsOf(paper?.title);
  const abstractStems = stemsOf(paper?.abstract);
  const paperTerms = paper ? paperVocabulary(titleStems, abstractStems, params) : new Map<string, number>();
  const model = buildClaimModel(claimText, queries, params, tokenizer, { kind, paperTerms });
  const stats = units.map((unit) => unit.sentences.map((s) => sentenceStats(s, model, tokenizer, params)));
  const paragraphs = stats.map((sentences, i) => mergeStats(sentences, units[i]!.sentences[0] ?? '', params, kind));
  const idf = inverseDocumentFrequencies(model, paragraphs, params);
  const avgParagraph = average(paragraphs.map((p) => p.length));
  const avgSentence = average(stats.flat().map((s) => s.length));
  const mix = (whole: SentenceStats, best: SentenceStats[]) =>
    (1 - params.sentenceShare) * bm25(whole, avgParagraph, model, idf, params) +
    params.sentenceShare * Math.max(0, ...best.map((s) => bm25(s, avgSentence, model, idf, params)));
  const raw = paragraphs.map((paragraph, index) => mix(paragraph, stats[index]!));
  // The claim scored as if it were one more paragraph of this paper, with a neutral role.
  const claimStats = { ...sentenceStats(claimText, model, tokenizer, params), factor: 1 };
  const selfScore = mix(claimStats, [claimStats]);
  const sentenceUnits = units.every((u) => u.sentences.length <= 1);
  const order = rerank({ raw, sections: units.map((u) => u.section), paragraphs, kind, sentenceUnits }, params);
  // The score shown is the calibrated support probability (supportFeatures.ts), which weighs
  // words by scientific text at large; the reason names the matched words that carried weight,
  // the rarest in scientific text first.
  const support = supportContext(model, titleStems, [...titleStems, ...abstractStems]);
  const reasonIdf = reasonWeights(support);
  const telling = tellingWords(support.claimIdf, claimText, stemsOf);
  return order.map((index, rank): RankedParagraph => {
    const unit = units[index]!;
    const strength = selfScore > 0 ? Math.min(1, raw[index]! / selfScore) : 0;
    const vector = supportFeatureVector(support, {
      paragraph: paragraphs[index]!,
      sentences: stats[index]!,
      strength,
    });
    const reason = rank < reasons ? reasonFor(paragraphs[index]!, model, reasonIdf, MIN_REASON_WEIGHT) : '';
    const ranked: RankedParagraph = {
      index,
      text: unit.text,
      section: unit.section,
      score: round(supportProbability(vector)),
      strength: round(strength),
      reason,
      claimWords: tellingWordsHeld(telling, (stem) => paragraphs[index]!.counts.has(stem)),
    };
    if (features) ranked.features = vector;
    return ranked;
  });
}

/** Title and abstract stems, weighted; a stem in both takes the title's weight. */
function paperVocabulary(titleStems: string[], abstractStems: string[], params: LexicalParams): Map<string, number> {
  const vocabulary = new Map<string, number>();
  if (params.vocabularyWeight === 0) return vocabulary;
  for (const stem of abstractStems) vocabulary.set(stem, params.abstractTermWeight);
  for (const stem of titleStems) vocabulary.set(stem, params.titleTermWeight);
  return vocabulary;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
