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
// would get as a paragraph of this paper (every claim term once, every claim phrase present).
// So 1 means "this paragraph says everything the claim says, in the claim's words", and the
// figure is comparable across papers of different length and vocabulary.
import type { Query, ScoredParagraph } from '../types';
import type { FulltextDocument } from '../fulltext/model';
import { expandAbbreviations, findAbbreviations } from './abbreviations';
import { sentenceRole } from './roles';
import { detectPhrases, splitSentences, tokenize, type Phrase, type Token } from './text';

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

/** Tuned on SciFact train/dev with `npm run bench:support` (see bench/support.ts). */
export interface LexicalParams {
  k1: number;
  b: number;
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
}

export const DEFAULT_LEXICAL_PARAMS: Readonly<LexicalParams> = {
  k1: 1.2,
  b: 0.75,
  pseudoParagraphs: 10,
  sentenceShare: 0.5,
  phraseWeight: 0.5,
  queryTermWeight: 0.3,
  queryPhraseWeight: 0.5,
  setupFactor: 1,
  findingFactor: 1,
};

export interface RankedParagraph extends ScoredParagraph {
  /** Position of the unit in the list that was ranked. */
  index: number;
}

interface WeightedPhrase extends Phrase {
  weight: number;
  /** Counts towards the claim's self-score (claim phrases do, query-only phrases do not). */
  inClaim: boolean;
}

interface ClaimModel {
  /** Stem → weight. */
  terms: Map<string, number>;
  claimTerms: Set<string>;
  phrases: WeightedPhrase[];
  /** First stem → phrases starting with it, for a single pass over tokens. */
  phraseStarts: Map<string, number[]>;
}

/** What a sentence contributes: counts of claim terms, phrases present, and where. */
interface SentenceStats {
  length: number;
  /** Weight of the text's role: setup (aims, methods) counts less than findings. */
  factor: number;
  counts: Map<string, number>;
  phrases: Set<number>;
  /** Stem or `#phraseIndex` → the original words, for an extractive reason. */
  surfaces: Map<string, string>;
}

/** The paragraphs of a paper, the abstract first (it is often the strongest support). */
export function documentUnits(doc: FulltextDocument): ScoringUnit[] {
  const units: ScoringUnit[] = [];
  if (doc.abstract?.trim()) {
    units.push({ section: 'Abstract', text: doc.abstract, sentences: splitSentences(doc.abstract) });
  }
  for (const section of doc.sections) {
    for (const paragraph of section.paragraphs) {
      if (!paragraph.text.trim()) continue;
      const sentences = paragraph.sentences.length ? paragraph.sentences : splitSentences(paragraph.text);
      units.push({ section: section.head, text: paragraph.text, sentences });
    }
  }
  return units;
}

/** The top `topN` paragraphs of `doc` for the claim, best first, scores 0–1 with reasons. */
export function scoreParagraphsLexically(
  claim: LexicalClaim,
  queries: Query[],
  doc: FulltextDocument,
  topN = 3,
): ScoredParagraph[] {
  return rankUnits(claim, queries, documentUnits(doc))
    .slice(0, topN)
    .map(({ text, section, score, reason }) => ({ text, section, score, reason }));
}

/** Scores and sorts every unit (best first; ties keep reading order). */
export function rankUnits(
  claim: LexicalClaim,
  queries: Query[],
  units: ScoringUnit[],
  params: LexicalParams = DEFAULT_LEXICAL_PARAMS,
): RankedParagraph[] {
  const claimText = claim.sentences.length ? claim.sentences.join(' ') : claim.text;
  const abbreviations = findAbbreviations([claimText, ...units.map((u) => u.text)]);
  const tokenizer = (text: string): Token[] => expandAbbreviations(tokenize(text), text, abbreviations);
  const model = buildClaimModel(claimText, queries, params, tokenizer);
  const stats = units.map((unit) => unit.sentences.map((s) => sentenceStats(s, model, tokenizer, params)));
  const paragraphs = stats.map(mergeStats);
  const idf = inverseDocumentFrequencies(model, paragraphs, params);
  const selfScore = claimSelfScore(model, idf);
  const avgParagraph = average(paragraphs.map((p) => p.length));
  const avgSentence = average(stats.flat().map((s) => s.length));
  const raw = paragraphs.map((paragraph, index) => {
    const whole = bm25(paragraph, avgParagraph, model, idf, params);
    const best = Math.max(0, ...stats[index]!.map((s) => bm25(s, avgSentence, model, idf, params)));
    return (1 - params.sentenceShare) * whole + params.sentenceShare * best;
  });
  const order = units.map((_, index) => index).sort((a, b) => raw[b]! - raw[a]! || a - b);
  return order.map((index): RankedParagraph => {
    const unit = units[index]!;
    const score = selfScore > 0 ? Math.min(1, raw[index]! / selfScore) : 0;
    return { index, text: unit.text, section: unit.section, score: round(score), reason: reasonFor(paragraphs[index]!, model, idf) };
  });
}

function buildClaimModel(
  claimText: string,
  queries: Query[],
  params: LexicalParams,
  tokenizer: (text: string) => Token[],
): ClaimModel {
  const terms = new Map<string, number>();
  for (const { stem } of tokenizer(claimText)) terms.set(stem, terms.has(stem) ? Math.min(2, terms.get(stem)! + 0.25) : 1);
  const claimTerms = new Set(terms.keys());
  const phrases: WeightedPhrase[] = detectPhrases(claimText, tokenizer).map((p) => ({
    ...p,
    weight: params.phraseWeight,
    inClaim: true,
  }));
  const known = new Set(phrases.map((p) => p.stems.join(' ')));
  for (const keyword of queries.flatMap((q) => q.keywords)) {
    const keywordStems = tokenizer(keyword).map((t) => t.stem);
    for (const s of keywordStems) if (!terms.has(s)) terms.set(s, params.queryTermWeight);
    const key = keywordStems.join(' ');
    if (keywordStems.length > 1 && !known.has(key)) {
      known.add(key);
      const inClaim = keywordStems.every((s) => claimTerms.has(s));
      phrases.push({ stems: keywordStems, surface: keyword, weight: params.queryPhraseWeight, inClaim });
    }
  }
  const phraseStarts = new Map<string, number[]>();
  phrases.forEach((p, i) => phraseStarts.set(p.stems[0]!, [...(phraseStarts.get(p.stems[0]!) ?? []), i]));
  return { terms, claimTerms, phrases, phraseStarts };
}

function sentenceStats(
  sentence: string,
  model: ClaimModel,
  tokenizer: (text: string) => Token[],
  params: LexicalParams,
): SentenceStats {
  const tokens = tokenizer(sentence);
  const role = sentenceRole(sentence);
  const factor = role === 'setup' ? params.setupFactor : role === 'finding' ? params.findingFactor : 1;
  const stats: SentenceStats = { length: tokens.length, factor, counts: new Map(), phrases: new Set(), surfaces: new Map() };
  tokens.forEach((token, i) => {
    if (!model.terms.has(token.stem)) return;
    stats.counts.set(token.stem, (stats.counts.get(token.stem) ?? 0) + 1);
    if (!stats.surfaces.has(token.stem)) stats.surfaces.set(token.stem, sentence.slice(token.start, token.end));
    for (const p of model.phraseStarts.get(token.stem) ?? []) {
      const phrase = model.phrases[p]!.stems;
      if (phrase.every((s, k) => tokens[i + k]?.stem === s)) {
        stats.phrases.add(p);
        const last = tokens[i + phrase.length - 1]!;
        if (!stats.surfaces.has(`#${p}`)) stats.surfaces.set(`#${p}`, sentence.slice(token.start, last.end));
      }
    }
  });
  return stats;
}

/** A paragraph's stats; its role is its opening sentence's ("OBJECTIVE ...", "To assess ..."). */
function mergeStats(sentences: SentenceStats[]): SentenceStats {
  const factor = sentences[0]?.factor ?? 1;
  const merged: SentenceStats = { length: 0, factor, counts: new Map(), phrases: new Set(), surfaces: new Map() };
  for (const s of sentences) {
    merged.length += s.length;
    for (const [stem, n] of s.counts) merged.counts.set(stem, (merged.counts.get(stem) ?? 0) + n);
    for (const p of s.phrases) merged.phrases.add(p);
    for (const [key, surface] of s.surfaces) if (!merged.surfaces.has(key)) merged.surfaces.set(key, surface);
  }
  return merged;
}

/** BM25 IDF over the paper's paragraphs plus `pseudoParagraphs` empty ones. */
function inverseDocumentFrequencies(model: ClaimModel, paragraphs: SentenceStats[], params: LexicalParams): Map<string, number> {
  const n = paragraphs.length + params.pseudoParagraphs;
  const idf = new Map<string, number>();
  for (const stem of model.terms.keys()) {
    let df = 0;
    for (const p of paragraphs) if (p.counts.has(stem)) df++;
    idf.set(stem, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  return idf;
}

function phraseIdf(phrase: Phrase, idf: Map<string, number>): number {
  return average(phrase.stems.map((s) => idf.get(s) ?? 0)) * (phrase.stems.length - 1);
}

function bm25(unit: SentenceStats, avgLength: number, model: ClaimModel, idf: Map<string, number>, params: LexicalParams): number {
  if (unit.length === 0) return 0;
  const norm = params.k1 * (1 - params.b + (params.b * unit.length) / (avgLength || 1));
  let score = 0;
  for (const [stem, tf] of unit.counts) {
    score += model.terms.get(stem)! * idf.get(stem)! * ((tf * (params.k1 + 1)) / (tf + norm));
  }
  for (const p of unit.phrases) score += model.phrases[p]!.weight * phraseIdf(model.phrases[p]!, idf);
  return score * unit.factor;
}

/** The claim's own score as a paragraph of average length: each claim term once, its phrases. */
function claimSelfScore(model: ClaimModel, idf: Map<string, number>): number {
  let score = 0;
  for (const stem of model.claimTerms) score += model.terms.get(stem)! * idf.get(stem)!;
  for (const p of model.phrases) if (p.inClaim) score += p.weight * phraseIdf(p, idf);
  return score;
}

const REASON_ITEMS = 6;

/** Extractive: the paper's own words that matched, phrases first, then words by weight. */
function reasonFor(unit: SentenceStats, model: ClaimModel, idf: Map<string, number>): string {
  const phrases = [...unit.phrases]
    .sort((a, b) => phraseIdf(model.phrases[b]!, idf) - phraseIdf(model.phrases[a]!, idf))
    .map((p) => ({ stems: model.phrases[p]!.stems, surface: unit.surfaces.get(`#${p}`)! }));
  // Longer phrases first; a phrase inside an already quoted one adds nothing.
  const quoted: { stems: string[]; surface: string }[] = [];
  for (const p of phrases.sort((a, b) => b.stems.length - a.stems.length)) {
    if (!quoted.some((q) => q.surface.toLowerCase().includes(p.surface.toLowerCase()))) quoted.push(p);
  }
  const covered = new Set(quoted.flatMap((q) => q.stems));
  const words = [...unit.counts.keys()]
    .filter((s) => !covered.has(s))
    .sort((a, b) => model.terms.get(b)! * idf.get(b)! - model.terms.get(a)! * idf.get(a)!)
    .map((s) => unit.surfaces.get(s)!);
  const items = [...quoted.map((q) => `"${q.surface}"`), ...words].slice(0, REASON_ITEMS);
  return items.length ? `matches: ${items.join(', ')}` : 'no claim terms found';
}

function average(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
