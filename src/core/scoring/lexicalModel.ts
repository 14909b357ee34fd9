// The model behind lexical.ts: the claim as a weighted query, per-sentence term statistics, IDF,
// the BM25 score of a sentence or paragraph (ranking/bm25.ts); the extractive reason is reason.ts.
import type { Query } from '../types';
import { bm25Idf, lengthNorm, saturatedTf, type Bm25Params } from '../ranking/bm25';
import { sentenceRole, type ClaimKind } from './roles';
import type { Token } from '../text/tokens';
import { detectPhrases, type Phrase } from './phrases';
import { scientificIdf } from './termStats';

/** Tuned on SciFact train/dev with `npm run bench:support` (see bench/support.ts). */
export interface LexicalParams extends Bm25Params {
  /** Pseudo-paragraphs without any term, added to the IDF's N (smoothing for short papers). */
  pseudoParagraphs: number;
  /** Share of the best sentence's score in a paragraph's score (the rest is the paragraph's). */
  sentenceShare: number;
  /** Weight of a claim phrase relative to its words' mean IDF. */
  phraseWeight: number;
  /** Weight of a query keyword that is not a claim word. */
  queryTermWeight: number;
  /** Weight of a multi-word query keyword found as a phrase. */
  queryPhraseWeight: number;
  /** Multiplier for text that sets a study up (aims, background, methods); see roles.ts. */
  setupFactor: number;
  /** Multiplier for text that reports findings (results, conclusions, statistics). */
  findingFactor: number;
  /** The same two for a claim that credits the paper with a method, not a finding (roles.ts). */
  methodSetupFactor: number;
  methodFindingFactor: number;
  /** Weight of a word of the paper's title, and of its abstract, in the paper's vocabulary. */
  titleTermWeight: number;
  abstractTermWeight: number;
  /**
   * Second pass (rerank.ts): how many of the best units it reorders, and its weights. It runs only
   * when every unit is one sentence (the SciFact and CL-SciSumm benches split their papers so),
   * so never for a search's candidates, whose abstract is one unit and whose paragraphs and
   * windows hold several sentences: see rerank.ts for the gold-paragraph figures that decided it.
   */
  rerankDepth: number;
  /** Multiplier per unit of paper-vocabulary density (share of a unit's words that are the paper's own). */
  vocabularyWeight: number;
  /** Exponent on the section prior (0 = off, 1 = as estimated). */
  sectionPriorWeight: number;
  /** Share of the better neighbour's first-pass score added (a claim spanning two sentences). */
  neighbourShare: number;
  /** Pull of a unit's place in a sentence-split abstract, by claim kind (rerank.ts). */
  abstractPlaceWeight: number;
  /**
   * Share of a term's IDF taken from scientific text at large (termStats.ts) rather than from the
   * paper's own paragraphs, as a geometric mix: 0 = the paper's own, 1 = science at large.
   */
  scientificIdfShare: number;
}

export const DEFAULT_LEXICAL_PARAMS: Readonly<LexicalParams> = {
  k1: 0.9,
  b: 0.3,
  pseudoParagraphs: 10,
  sentenceShare: 0.5,
  phraseWeight: 0.25,
  queryTermWeight: 0.3,
  queryPhraseWeight: 0.5,
  setupFactor: 0.4,
  findingFactor: 1.5,
  // Second-pass weights, grid-searched on CL-SciSumm Training-Set-2018 and SciFact train/dev
  // (bench/support.ts). The paper-vocabulary prior is off: at 0.25–3 it cost CL-SciSumm train
  // 1–2 points of first-place hits (it gained 1–3 in the top 3) and SciFact dev 1 point of Recall@1.
  methodSetupFactor: 1,
  methodFindingFactor: 1.3,
  titleTermWeight: 1,
  abstractTermWeight: 0.5,
  rerankDepth: 20,
  vocabularyWeight: 0,
  sectionPriorWeight: 0.5,
  neighbourShare: 0.1,
  abstractPlaceWeight: 0.3,
  scientificIdfShare: 0,
};

interface WeightedPhrase extends Phrase {
  weight: number;
}

export interface ClaimModel {
  /** Stem → weight. */
  terms: Map<string, number>;
  phrases: WeightedPhrase[];
  /** First stem → phrases starting with it, for a single pass over tokens. */
  phraseStarts: Map<string, number[]>;
  kind: ClaimKind;
  /** The cited paper's own vocabulary (title and abstract stems) → weight; empty when unknown. */
  paperTerms: Map<string, number>;
}

/** Where a claim phrase occurs: a character range of one sentence. */
export interface PhraseSpan {
  sentence: string;
  start: number;
  end: number;
  phrase: number;
}

/** What a sentence contributes: counts of claim terms, phrases present, and where. */
export interface SentenceStats {
  length: number;
  /** Weight of the text's role: setup (aims, methods) counts less than findings. */
  factor: number;
  counts: Map<string, number>;
  phrases: Set<number>;
  /** First occurrence of each phrase per sentence, for an extractive reason. */
  spans: PhraseSpan[];
  /** Stem → the original word, for an extractive reason. */
  surfaces: Map<string, string>;
  /** Summed paper-vocabulary weight of its words (ClaimModel.paperTerms). */
  paperMass: number;
}

export function buildClaimModel(
  claimText: string,
  queries: Query[],
  params: LexicalParams,
  tokenizer: (text: string) => Token[],
  context: { kind: ClaimKind; paperTerms: Map<string, number> },
): ClaimModel {
  const terms = new Map<string, number>();
  for (const { stem } of tokenizer(claimText)) terms.set(stem, terms.has(stem) ? Math.min(2, terms.get(stem)! + 0.25) : 1);
  const phrases: WeightedPhrase[] = detectPhrases(claimText, tokenizer).map((p) => ({ ...p, weight: params.phraseWeight }));
  const known = new Set(phrases.map((p) => p.stems.join(' ')));
  for (const keyword of queries.flatMap((q) => q.keywords)) {
    const keywordStems = tokenizer(keyword).map((t) => t.stem);
    for (const s of keywordStems) if (!terms.has(s)) terms.set(s, params.queryTermWeight);
    const key = keywordStems.join(' ');
    if (keywordStems.length > 1 && !known.has(key)) {
      known.add(key);
      phrases.push({ stems: keywordStems, surface: keyword, weight: params.queryPhraseWeight });
    }
  }
  const phraseStarts = new Map<string, number[]>();
  phrases.forEach((p, i) => phraseStarts.set(p.stems[0]!, [...(phraseStarts.get(p.stems[0]!) ?? []), i]));
  return { terms, phrases, phraseStarts, ...context };
}

export function sentenceStats(
  sentence: string,
  model: ClaimModel,
  tokenizer: (text: string) => Token[],
  params: LexicalParams,
): SentenceStats {
  const tokens = tokenizer(sentence);
  const stats = emptyStats();
  stats.length = tokens.length;
  const vocabulary = model.paperTerms.size > 0 ? model.paperTerms : undefined;
  tokens.forEach((token, i) => {
    if (vocabulary) stats.paperMass += vocabulary.get(token.stem) ?? 0;
    if (!model.terms.has(token.stem)) return;
    stats.counts.set(token.stem, (stats.counts.get(token.stem) ?? 0) + 1);
    if (!stats.surfaces.has(token.stem)) stats.surfaces.set(token.stem, sentence.slice(token.start, token.end));
    for (const p of model.phraseStarts.get(token.stem) ?? []) {
      const phrase = model.phrases[p]!.stems;
      if (phrase.every((s, k) => tokens[i + k]?.stem === s)) {
        if (stats.phrases.has(p)) continue;
        stats.phrases.add(p);
        stats.spans.push({ sentence, start: token.start, end: tokens[i + phrase.length - 1]!.end, phrase: p });
      }
    }
  });
  // The role only matters for a sentence that scores; skipping the others saves regex time.
  if (stats.counts.size > 0) stats.factor = roleFactor(sentence, params, model.kind);
  return stats;
}

function emptyStats(): SentenceStats {
  return { length: 0, factor: 1, counts: new Map(), phrases: new Set(), spans: [], surfaces: new Map(), paperMass: 0 };
}

/** How much a sentence's role counts for this kind of claim: findings back findings. */
function roleFactor(text: string, params: LexicalParams, kind: ClaimKind): number {
  const role = sentenceRole(text);
  if (role === 'neutral') return 1;
  if (kind === 'method') return role === 'setup' ? params.methodSetupFactor : params.methodFindingFactor;
  return role === 'setup' ? params.setupFactor : params.findingFactor;
}

/** A paragraph's stats; its role is its opening sentence's ("OBJECTIVE ...", "To assess ..."). */
export function mergeStats(sentences: SentenceStats[], firstSentence: string, params: LexicalParams, kind: ClaimKind): SentenceStats {
  const merged = emptyStats();
  for (const s of sentences) {
    merged.length += s.length;
    merged.paperMass += s.paperMass;
    for (const [stem, n] of s.counts) merged.counts.set(stem, (merged.counts.get(stem) ?? 0) + n);
    for (const p of s.phrases) merged.phrases.add(p);
    merged.spans.push(...s.spans);
    for (const [key, surface] of s.surfaces) if (!merged.surfaces.has(key)) merged.surfaces.set(key, surface);
  }
  if (merged.counts.size > 0) merged.factor = sentences[0]?.counts.size ? sentences[0].factor : roleFactor(firstSentence, params, kind);
  return merged;
}

/** BM25 IDF over the paper's paragraphs plus `pseudoParagraphs` empty ones. */
export function inverseDocumentFrequencies(model: ClaimModel, paragraphs: SentenceStats[], params: LexicalParams): Map<string, number> {
  const n = paragraphs.length + params.pseudoParagraphs;
  const idf = new Map<string, number>();
  for (const stem of model.terms.keys()) {
    let df = 0;
    for (const p of paragraphs) if (p.counts.has(stem)) df++;
    const own = bm25Idf(n, df);
    const share = params.scientificIdfShare;
    idf.set(stem, share > 0 ? own ** (1 - share) * scientificIdf(stem) ** share : own);
  }
  return idf;
}

export function phraseIdf(phrase: Phrase, idf: Map<string, number>): number {
  return average(phrase.stems.map((s) => idf.get(s) ?? 0)) * (phrase.stems.length - 1);
}

export function bm25(unit: SentenceStats, avgLength: number, model: ClaimModel, idf: Map<string, number>, params: LexicalParams): number {
  if (unit.length === 0) return 0;
  const norm = lengthNorm(unit.length, avgLength || 1, params);
  let score = 0;
  for (const [stem, tf] of unit.counts) score += model.terms.get(stem)! * idf.get(stem)! * saturatedTf(tf, norm, params.k1);
  for (const p of unit.phrases) score += model.phrases[p]!.weight * phraseIdf(model.phrases[p]!, idf);
  return score * unit.factor;
}

export function average(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

